import type { ServerResponse } from 'node:http';
import { DEMO_MODEL_ID } from '../../src/demo/demo-fetch.ts';
import { buildDemoResponse } from '../../src/demo/demo-response.ts';
import { estimateUsage, toChatCompletion, toSseEvents, type ChatRequestBody } from '../../src/demo/wire.ts';
import {
  defaultErrorBody,
  fillerPieces,
  rejectStreamOptionsBody,
  rejectToolsBody,
  replyToWire,
  splitSseBody,
  type MockBehaviour,
} from './behaviours.ts';
import { sendJson, startSse } from './http-helpers.ts';
import { writePaced } from './paced-writer.ts';
import { preciseNow, type MockLlmState } from './server-state.ts';
import type { ResponseTiming } from './server-types.ts';

type Meta = { id: string; created: number; model: string };

/** Answers one chat request: a sticky rejection, the next queued (or routed) behaviour, or the scripted demo model. */
export async function handleChat(
  state: MockLlmState,
  response: ServerResponse,
  body: ChatRequestBody,
  raw: unknown,
): Promise<void> {
  const rawRecord = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const hasTools = Array.isArray(rawRecord.tools) && rawRecord.tools.length > 0;
  const routed = state.options.route?.(raw);
  // Consume the queue head first so sticky rejections placed there apply to this very request.
  const peeked = routed ?? state.nextBehaviour();
  const { rejectTools, rejectStreamOptions } = state;
  if (rejectTools && hasTools) {
    if (peeked && !routed) state.queue.unshift(peeked);
    sendJson(response, rejectTools.status, rejectToolsBody(rejectTools.status, rejectTools.message));
    return;
  }
  if (rejectStreamOptions && body.hasStreamOptions) {
    if (peeked && !routed) state.queue.unshift(peeked);
    sendJson(response, rejectStreamOptions.status ?? 400, rejectStreamOptionsBody(rejectStreamOptions.message));
    return;
  }
  state.completionCount += 1;
  const meta: Meta = {
    id: `chatcmpl-mock-${state.completionCount}`,
    created: Math.floor(Date.now() / 1000),
    model: body.model || DEMO_MODEL_ID,
  };
  const timing: ResponseTiming = { completionId: meta.id, receivedAt: preciseNow(), routed: routed !== undefined };
  state.timings.push(timing);
  response.once('finish', () => {
    timing.lastByteAt = preciseNow();
  });
  if (!peeked) {
    const demo = buildDemoResponse(body, meta);
    if (demo.kind === 'json') {
      sendJson(response, 200, demo.body);
      return;
    }
    startSse(response);
    await writePaced(response, demo.events, state.defaultDelay, { end: true });
    return;
  }
  await writeBehaviour(state, response, peeked, body, meta);
}

async function writeBehaviour(
  state: MockLlmState,
  response: ServerResponse,
  behaviour: MockBehaviour,
  body: ChatRequestBody,
  meta: Meta,
): Promise<void> {
  switch (behaviour.kind) {
    case 'reply':
      return writeReply(state, response, behaviour, body, meta);
    case 'error':
      sendJson(response, behaviour.status, behaviour.body ?? defaultErrorBody(behaviour.status), behaviour.headers);
      return;
    case 'json':
      sendJson(response, behaviour.status ?? 200, behaviour.body, behaviour.headers);
      return;
    case 'sse':
      startSse(response, behaviour.status ?? 200, behaviour.headers);
      await writePaced(response, splitSseBody(behaviour.body), state.defaultDelay, { end: true });
      return;
    case 'hang': {
      if (behaviour.content !== undefined && body.stream) {
        startSse(response);
        const events = toSseEvents({ content: behaviour.content, finishReason: 'stop' }, meta, {
          includeUsage: false,
        });
        // Everything but the finish chunk and [DONE]: the stream stays open with no end.
        await writePaced(response, events.slice(0, -2), state.defaultDelay, { end: false });
      }
      // Never answer; the socket closes when the client aborts or the server shuts down.
      return;
    }
    default:
      return;
  }
}

async function writeReply(
  state: MockLlmState,
  response: ServerResponse,
  behaviour: Extract<MockBehaviour, { kind: 'reply' }>,
  body: ChatRequestBody,
  meta: Meta,
): Promise<void> {
  const pieces = behaviour.tokens !== undefined ? fillerPieces(behaviour.tokens) : undefined;
  const reply = replyToWire(behaviour, pieces);
  const estimated = estimateUsage(body, reply);
  if (pieces) estimated.completion_tokens = pieces.length + (reply.toolCalls?.length ?? 0);
  estimated.total_tokens = estimated.prompt_tokens + estimated.completion_tokens;
  const usage = behaviour.usage === null ? undefined : { ...estimated, ...behaviour.usage };
  if (!body.stream) {
    sendJson(response, 200, toChatCompletion(reply, meta, usage));
    return;
  }
  const interval =
    behaviour.chunkDelayMs ?? (behaviour.chunksPerSecond ? 1000 / behaviour.chunksPerSecond : state.defaultDelay);
  startSse(response);
  const contentPieces = pieces ?? behaviour.parts;
  const events = toSseEvents(reply, meta, {
    includeUsage: body.includeUsage,
    ...(usage ? { usage } : {}),
    ...(contentPieces ? { contentPieces } : {}),
  });
  // Parts: the role chunk and each part's chunk (events 0 … i + 1), then a hold; the end after the last one.
  let written = 0;
  for (let index = 0; index < (behaviour.parts?.length ?? 0); index += 1) {
    if ((await writePaced(response, events.slice(written, index + 2), interval, { end: false })) === 'disconnected')
      return;
    written = index + 2;
    if (!(await state.holds.wait(response))) return;
  }
  await writePaced(response, events.slice(written), interval, { end: true });
}
