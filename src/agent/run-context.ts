import type { ChatMessage } from '../model/model.ts';
import type { SpanHandle } from '../trace/span.ts';
import type { AgentEvent } from './events.ts';
import type { WireProtocol } from './protocols/protocol.ts';
import type { RunAgentOptions } from './run-options.ts';
import type { RunEnd, StepResult } from './stop-conditions.ts';
import { createEntry, type EntryFactory, type Notice } from './transcript-entries.ts';
import type { TranscriptEntry } from './transcript.ts';

/** What every step of one run shares. */
export interface RunContext {
  options: RunAgentOptions;
  runSpan: SpanHandle;
  factory: EntryFactory;
  /** Aborts on the user's Stop and on the deadline. */
  signal: AbortSignal;
  /** How the run ends now that `signal` has aborted (Stop or deadline). */
  abortEnd: () => RunEnd;
  emit: (event: AgentEvent) => void;
  /** The wire protocol in use; an automatic run may fall back to another (see WireProtocol.fallbackFor). */
  protocol: WireProtocol;
}

/** Makes a transcript entry and announces it. */
export function addEntry(
  context: RunContext,
  message: ChatMessage,
  extras: Parameters<typeof createEntry>[2],
): TranscriptEntry {
  const entry = createEntry(context.factory, message, extras);
  context.emit({ type: 'entry-added', entry });
  return entry;
}

/** Announces a notice, when there is one, and passes it on. */
export function announce(context: RunContext, notice: Notice | undefined): Notice | undefined {
  if (notice) context.emit({ type: 'notice', ...notice });
  return notice;
}

/** The prefix of the ids of calls a step makes up. */
export function callIdPrefix(context: RunContext, step: number): string {
  // The run span's own id: a delegated run shares its root's run id, not its call ids.
  return `call_${context.runSpan.span.spanId.slice(-6)}_${step}`;
}

/** A step result made immutable, as the loop records it. */
export function freeze(result: StepResult): StepResult {
  Object.freeze(result.entries);
  Object.freeze(result.toolCalls);
  return Object.freeze(result);
}
