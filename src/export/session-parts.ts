import type { FileSession } from '../db/session-file-schema.ts';
import type { Span } from '../trace/span.ts';

/** The session's spans as the trace module reads them. */
export function sessionSpans(session: FileSession): Span[] {
  return session.spans.map((span) => ({ ...span, sessionId: session.id }));
}

/** The name of the tool a call id belongs to, from the assistant message that made the call. */
export function toolNameOf(session: FileSession, callId: string): string | undefined {
  for (const entry of session.messages) {
    if (entry.message.role !== 'assistant') continue;
    const call = entry.message.tool_calls?.find((candidate) => candidate.id === callId);
    if (call) return call.function.name;
  }
  return undefined;
}
