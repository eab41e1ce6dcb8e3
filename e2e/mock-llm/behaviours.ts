import { errorEnvelope, type WireReply, type WireUsage } from '../../src/demo/wire.ts';

/** A tool call in a queued reply; `arguments` may be given as an object or as a raw (possibly invalid) JSON string. */
export interface MockToolCall {
  id?: string;
  name: string;
  arguments: string | Record<string, unknown>;
}

/** One scripted answer to a chat request, queued with `enqueue` and consumed one per request. */
export type MockBehaviour =
  /** A normal answer, streamed when the request asks for it. `tokens` generates that many filler tokens (benchmarks). */
  | {
      kind: 'reply';
      content?: string;
      reasoning?: string;
      toolCalls?: MockToolCall[];
      finishReason?: string;
      /** Overrides the estimated usage; `null` sends no usage at all. */
      usage?: Partial<WireUsage> | null;
      chunkDelayMs?: number;
      chunksPerSecond?: number;
      tokens?: number;
      /**
       * The content in parts, one chunk each, for a test that watches a reply grow without racing a timer: after each
       * part the stream waits for the server's `release()`, and the reply ends after the last part's release. Used
       * instead of `content`, without `reasoning`, `toolCalls` or `tokens`.
       */
      parts?: string[];
    }
  /** An HTTP error with an OpenAI-style envelope (or the given body) and optional headers such as `retry-after`. */
  | { kind: 'error'; status: number; body?: object; headers?: Record<string, string> }
  /** Accepts the request and never answers until the client goes away; with `content`, streams that text first, then hangs. */
  | { kind: 'hang'; content?: string }
  /** A raw SSE body, sent event by event. */
  | { kind: 'sse'; body: string; status?: number; headers?: Record<string, string> }
  /** A raw JSON body. */
  | { kind: 'json'; body: object; status?: number; headers?: Record<string, string> }
  /** From now until reset, fails every request that carries `tools`; requests without tools go on as usual. */
  | { kind: 'reject-tools'; status: 400 | 500; message: string }
  /** From now until reset, fails every request that carries `stream_options` with a 400 `unsupported_parameter`. */
  | { kind: 'reject-stream-options'; status?: number; message?: string };

const KINDS = new Set(['reply', 'error', 'hang', 'sse', 'json', 'reject-tools', 'reject-stream-options']);

/** Checks behaviours received over the control endpoint; returns an error message for the first bad one. */
export function validateBehaviours(value: unknown): MockBehaviour[] | { error: string } {
  const list = Array.isArray(value) ? value : [value];
  for (const [index, item] of list.entries()) {
    if (typeof item !== 'object' || item === null) return { error: `behaviour ${index} must be an object` };
    const kind = (item as { kind?: unknown }).kind;
    if (typeof kind !== 'string' || !KINDS.has(kind))
      return {
        error: `behaviour ${index} has unknown kind ${JSON.stringify(kind)}; expected one of ${[...KINDS].join(', ')}`,
      };
    if (kind === 'error' && typeof (item as { status?: unknown }).status !== 'number')
      return { error: `behaviour ${index} (error) needs a numeric status` };
    if (kind === 'sse' && typeof (item as { body?: unknown }).body !== 'string')
      return { error: `behaviour ${index} (sse) needs a string body` };
    const parts = (item as { parts?: unknown }).parts;
    if (parts !== undefined) {
      const reply = item as { content?: unknown; reasoning?: unknown; toolCalls?: unknown; tokens?: unknown };
      if (
        kind !== 'reply' ||
        !Array.isArray(parts) ||
        parts.length === 0 ||
        !parts.every((part) => typeof part === 'string')
      )
        return { error: `behaviour ${index}: parts must be a non-empty list of strings in a reply` };
      if (
        reply.content !== undefined ||
        reply.reasoning !== undefined ||
        reply.toolCalls !== undefined ||
        reply.tokens !== undefined
      )
        return { error: `behaviour ${index}: parts go without content, reasoning, toolCalls and tokens` };
    }
  }
  return list as MockBehaviour[];
}

const FILLER_WORDS = [
  'the',
  'agent',
  'reads',
  'each',
  'chunk',
  'as',
  'it',
  'arrives',
  'and',
  'renders',
  'tokens',
  'without',
  'blocking',
  'input',
  'while',
  'spans',
  'record',
  'timing',
  'for',
  'every',
  'step',
] as const;

/** `count` filler tokens, one word with a trailing space each, for throughput benchmarks. */
export function fillerPieces(count: number): string[] {
  return Array.from(
    { length: Math.max(0, Math.floor(count)) },
    (_, index) => `${FILLER_WORDS[index % FILLER_WORDS.length]} `,
  );
}

/** A queued reply turned into a wire reply; tool calls without an id get `call_mock_<n>`. */
export function replyToWire(
  behaviour: Extract<MockBehaviour, { kind: 'reply' }>,
  pieces: string[] | undefined,
): WireReply {
  const toolCalls = (behaviour.toolCalls ?? []).map((call, index) => ({
    id: call.id ?? `call_mock_${index + 1}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
  }));
  const content = pieces ? pieces.join('') : (behaviour.parts?.join('') ?? behaviour.content);
  return {
    ...(content !== undefined ? { content } : {}),
    ...(behaviour.reasoning !== undefined ? { reasoning: behaviour.reasoning } : {}),
    ...(toolCalls.length > 0 ? { toolCalls } : {}),
    finishReason: behaviour.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
  };
}

/** The default error body for a status, shaped like the OpenAI envelope. */
export function defaultErrorBody(status: number): object {
  switch (status) {
    case 401:
      return errorEnvelope(
        'Incorrect API key provided: sk-test. You can find your API key in your account settings.',
        'invalid_request_error',
        'invalid_api_key',
      );
    case 403:
      return errorEnvelope('You do not have access to this resource.', 'invalid_request_error', 'forbidden');
    case 404:
      return errorEnvelope(
        'The model `glassbox-demo` does not exist or you do not have access to it.',
        'invalid_request_error',
        'model_not_found',
      );
    case 408:
      return errorEnvelope('Request timed out.', 'timeout', 'timeout');
    case 429:
      return errorEnvelope(
        'Rate limit reached for requests. Please try again in 1s.',
        'requests',
        'rate_limit_exceeded',
      );
    default:
      return status >= 500
        ? errorEnvelope(
            'The server had an error while processing your request. Sorry about that!',
            'server_error',
            null,
          )
        : errorEnvelope(`Request failed with status ${status}.`, 'invalid_request_error', null);
  }
}

/** The 400/500 body of an endpoint that cannot take `tools` (OpenAI-style for 400, llama.cpp-style for 500). */
export function rejectToolsBody(status: number, message: string): object {
  return status >= 500
    ? { error: { code: status, message, type: 'server_error' } }
    : errorEnvelope(message, 'invalid_request_error', null, 'tools');
}

/** The 400 body of an endpoint that does not know `stream_options`. */
export function rejectStreamOptionsBody(message?: string): object {
  return errorEnvelope(
    message ?? 'Unrecognized request argument supplied: stream_options',
    'invalid_request_error',
    'unsupported_parameter',
    'stream_options',
  );
}

/** Splits a raw SSE body into events (each keeping its blank-line terminator) so it can be paced. */
export function splitSseBody(body: string): string[] {
  return body.match(/[\s\S]*?(?:\r?\n\r?\n|$)/gu)?.filter((event) => event.length > 0) ?? [];
}
