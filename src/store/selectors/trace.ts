import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { Span } from '../../trace/span.ts';

/** The transcript entry a span produced: its own entry, or for a run the user message that started it. */
export function entryForSpan(
  entries: readonly TranscriptEntry[],
  spans: readonly Span[],
  spanId: string,
): TranscriptEntry | undefined {
  const direct = entries.find((entry) => entry.spanId === spanId);
  if (direct) return direct;
  const span = spans.find((candidate) => candidate.spanId === spanId);
  if (!span) return undefined;
  if (span.kind === 'run') return entries.find((entry) => entry.runId === span.spanId && entry.message.role === 'user');
  const callId = span.attributes['tool.call_id'];
  if (typeof callId === 'string') {
    const result = entries.find((entry) => entry.message.role === 'tool' && entry.message.tool_call_id === callId);
    if (result) return result;
  }
  // Retry, approval and memory spans point at their parent's message.
  return span.parentSpanId
    ? entryForSpan(
        entries,
        spans.filter((candidate) => candidate.spanId !== spanId),
        span.parentSpanId,
      )
    : undefined;
}
