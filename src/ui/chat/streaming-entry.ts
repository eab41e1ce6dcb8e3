import { createContext } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { StreamingState } from '../../store/run-slice.ts';

/**
 * The step in flight as a (partial) assistant entry. `id` names it (the run's streaming row by default); with an
 * id given, its tool calls are named after it too: a delegate's wire ids are its endpoint's and may equal the
 * parent's call ids (its stored calls are renamed), and a card must never stand for the call of its own group.
 */
export function streamingEntryFor(
  sessionId: string,
  streaming: StreamingState | undefined,
  id?: string,
): TranscriptEntry | undefined {
  if (!streaming) return undefined;
  const toolCalls = streaming.toolCalls
    .filter((call) => call.name)
    .map((call, index) => ({
      id: id === undefined ? (call.id ?? `streaming_${index}`) : `${id}_${index}`,
      type: 'function' as const,
      function: { name: call.name ?? '', arguments: call.arguments },
    }));
  return {
    id: id ?? `streaming_${streaming.runId}`,
    sessionId,
    runId: streaming.runId,
    createdAt: 0,
    message: { role: 'assistant', content: streaming.text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
    ...(streaming.reasoning ? { reasoning: streaming.reasoning } : {}),
    ...(streaming.plan ? { meta: { plan: streaming.plan } } : {}),
  };
}

/**
 * The step in flight of each delegated run, by the `delegate_<agent>` call it answers: a context, so tokens of a
 * delegate re-render only its `Delegation to …` group, not the message list.
 */
export const DelegatedStreamingContext = createContext<Readonly<Record<string, StreamingState>> | undefined>(undefined);
