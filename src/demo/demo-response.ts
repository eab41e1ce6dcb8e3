import { scriptReply } from './scripted-model.ts';
import {
  countToolCalls,
  estimateUsage,
  toChatCompletion,
  toSseEvents,
  toWireReply,
  type ChatRequestBody,
} from './wire.ts';

/** The scripted model's answer to a chat request, encoded for the wire: a JSON body, or SSE events to send one by one. */
export type DemoResponse = { kind: 'json'; body: Record<string, unknown> } | { kind: 'sse'; events: string[] };

/** Runs the scripted model on a normalised request and encodes the reply the way the request asked (streamed or not). */
export function buildDemoResponse(
  body: ChatRequestBody,
  meta: { id: string; created: number; model: string },
): DemoResponse {
  const reply = toWireReply(scriptReply(body), countToolCalls(body.messages));
  const usage = estimateUsage(body, reply);
  if (!body.stream) return { kind: 'json', body: toChatCompletion(reply, meta, usage) };
  return { kind: 'sse', events: toSseEvents(reply, meta, { includeUsage: body.includeUsage, usage }) };
}
