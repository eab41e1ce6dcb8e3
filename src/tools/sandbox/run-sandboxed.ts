import type { SandboxResult } from '../tool-context.ts';
import { abortError } from '../tool-error.ts';
import { isSandboxWorkerMessage } from './sandbox-protocol.ts';
import { MAX_LOG_ENTRIES, MAX_LOG_ENTRY_CHARS, truncateText } from './sandbox-serialise.ts';

/** Options of one sandboxed run. */
export interface RunSandboxedOptions {
  timeoutMs: number;
  signal: AbortSignal;
}

/** The part of a `Worker` the host side uses (a fake stands in for it in tests). */
export interface SandboxWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', listener: (event: Event) => void): void;
}

/** Runs JavaScript in a fresh sandbox Web Worker (browser only); the worker is terminated when the run ends. */
export function runSandboxed(code: string, options: RunSandboxedOptions): Promise<SandboxResult> {
  return runInWorker(createSandboxWorker, code, options);
}

/** Starts the sandbox worker; Vite bundles the worker script from this exact `new Worker(new URL(…))` form. */
export function createSandboxWorker(): SandboxWorker {
  return new Worker(new URL('./sandbox-worker.ts', import.meta.url), { type: 'module', name: 'glassbox-sandbox' });
}

/**
 * Sends code to a new worker and settles with its result; on timeout the worker is terminated and the result
 * says `timedOut`; on abort it is terminated and the promise rejects with the abort reason.
 */
export function runInWorker(createWorker: () => SandboxWorker, code: string, options: RunSandboxedOptions): Promise<SandboxResult> {
  const { signal, timeoutMs } = options;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<SandboxResult>((resolve, reject) => {
    const logs: string[] = [];
    let worker: SandboxWorker | undefined;
    let finished = false;
    const finish = (outcome: { result: SandboxResult } | { error: unknown }): void => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      worker?.terminate();
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const onAbort = (): void => finish({ error: abortError(signal) });
    const timer = setTimeout(() => {
      finish({
        result: { ok: false, timedOut: true, error: `Timed out after ${formatDuration(timeoutMs)}; the worker was stopped`, logs },
      });
    }, timeoutMs);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      worker = createWorker();
    } catch (error) {
      finish({ result: { ok: false, error: `The sandbox could not start: ${error instanceof Error ? error.message : String(error)}`, logs } });
      return;
    }
    worker.addEventListener('message', (event) => {
      const data = (event as MessageEvent).data;
      if (!isSandboxWorkerMessage(data)) return;
      if (data.type === 'log') {
        // The worker already bounds its output; this keeps the page safe even if it did not.
        if (logs.length <= MAX_LOG_ENTRIES) logs.push(truncateText(data.entry, MAX_LOG_ENTRY_CHARS));
        return;
      }
      finish({ result: data.ok ? { ok: true, result: data.result, logs } : { ok: false, error: data.error, logs } });
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const message = (event as ErrorEvent).message;
      finish({ result: { ok: false, error: `The sandbox failed: ${message || 'the worker script could not run'}`, logs } });
    });
    worker.addEventListener('messageerror', () => {
      finish({ result: { ok: false, error: 'The sandbox sent a result that could not be read', logs } });
    });
    // A Worker's postMessage has no target origin.
    // eslint-disable-next-line unicorn/require-post-message-target-origin
    worker.postMessage({ type: 'run', code });
  });
}

function formatDuration(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${milliseconds} ms`;
}
