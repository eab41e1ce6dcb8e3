/** What the page sends the sandbox worker (through the sandbox frame): the code to run, once. */
export interface SandboxRunMessage {
  type: 'run';
  code: string;
  /** Leave `fetch` to the code (a custom tool with "Allow network"); the frame's own policy must allow it too. */
  network?: boolean;
}

/** What the sandbox worker sends back: console entries as they happen, then one result. */
export type SandboxWorkerMessage =
  | { type: 'log'; entry: string }
  | { type: 'result'; ok: true; result: string }
  | { type: 'result'; ok: false; error: string };

/** Checks the shape of a message from the worker (the page never trusts it blindly). */
export function isSandboxWorkerMessage(data: unknown): data is SandboxWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type === 'log') return typeof message.entry === 'string';
  if (message.type !== 'result') return false;
  return message.ok === true
    ? typeof message.result === 'string'
    : message.ok === false && typeof message.error === 'string';
}

/** The message that hands the sandbox frame (public/sandbox-host.js) its private port. */
export const SANDBOX_CONNECT = 'glassbox-sandbox-connect';

/** What the sandbox frame itself says (everything else on the port comes from its worker). */
export type SandboxFrameMessage =
  { type: 'ready' } | { type: 'sandbox-error'; message: string } | { type: 'sandbox-messageerror' };

/** Checks the shape of a message from the sandbox frame. */
export function isSandboxFrameMessage(data: unknown): data is SandboxFrameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.type === 'ready' || message.type === 'sandbox-messageerror') return true;
  return message.type === 'sandbox-error' && typeof message.message === 'string';
}
