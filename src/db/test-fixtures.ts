// Builders for db tests: plain records with predictable ids and times.
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { ChatMessage } from '../model/model.ts';
import type { Span } from '../trace/span.ts';

/** A counter-based id maker matching the app's prefixes (`span` ids are 16 hex characters). */
export function sequentialIds(): (prefix: string) => string {
  let counter = 0;
  return (prefix) => {
    counter += 1;
    if (prefix === 'span') return counter.toString(16).padStart(16, 'a');
    return `${prefix}_new${counter}`;
  };
}

/** A transcript entry of a session. */
export function entry(
  sessionId: string,
  id: string,
  message: ChatMessage,
  extra: Partial<TranscriptEntry> = {},
): TranscriptEntry {
  return { id, sessionId, runId: 'run0000000000001', createdAt: 1_000, message, ...extra };
}

/** A user message entry. */
export function userEntry(sessionId: string, id: string, content: string, createdAt = 1_000): TranscriptEntry {
  return entry(sessionId, id, { role: 'user', content }, { createdAt });
}

/** An assistant message entry. */
export function assistantEntry(sessionId: string, id: string, content: string, createdAt = 1_000): TranscriptEntry {
  return entry(sessionId, id, { role: 'assistant', content }, { createdAt });
}

/** A finished span of a session. */
export function span(sessionId: string, spanId: string, extra: Partial<Span> = {}): Span {
  return {
    traceId: '0123456789abcdef0123456789abcdef',
    spanId,
    sessionId,
    runId: extra.runId ?? spanId,
    kind: 'run',
    name: 'run',
    startTime: 1_000,
    endTime: 2_000,
    status: 'ok',
    attributes: {},
    ...extra,
  };
}
