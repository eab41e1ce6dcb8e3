import { APIError } from 'openai';
import { readErrorEnvelope } from './error-envelope.ts';
import { embeddingEnglish, type EmbeddingText } from './embedding-text.ts';
import { createOpenAIClient } from './openai-client.ts';

/** Why an endpoint cannot embed. The first four are facts about the endpoint and model, remembered once probed. */
export type EmbeddingFailureKind =
  | 'no-endpoint'
  | 'not-enabled'
  | 'chat-only'
  | 'unknown-model'
  | 'unauthorized'
  | 'unreachable'
  | 'bad-response'
  | 'failed';

/** Failures that say the endpoint and model cannot embed at all (not a passing problem): remembered, not retried. */
export const LASTING_EMBEDDING_FAILURES: ReadonlySet<EmbeddingFailureKind> = new Set([
  'no-endpoint',
  'not-enabled',
  'chat-only',
  'unknown-model',
]);

/** An embeddings request that failed, in plain words (English `message`, `text` for the UI's language). */
export class EmbeddingError extends Error {
  readonly kind: EmbeddingFailureKind;
  readonly status: number | undefined;
  readonly text: EmbeddingText[];
  constructor(kind: EmbeddingFailureKind, text: EmbeddingText[], status?: number) {
    super(embeddingEnglish(text));
    this.name = 'EmbeddingError';
    this.kind = kind;
    this.status = status;
    this.text = text;
  }
}

/** Where embeddings are requested. */
export interface EmbeddingEndpoint {
  baseUrl: string;
  apiKey: string;
  model: string;
}

const CHAT_ONLY =
  /does not support (the )?embeddings?|embedding[ _]?mode|not an embedding model|does not support .*(pooling|embed)|task.*(generate|chat).*embed|embeddings? (api )?(is )?not supported for this model/iu;
const NOT_ENABLED = /--embeddings?|embeddings? (are |is )?(not enabled|disabled)|not_supported_error/iu;
const UNKNOWN_MODEL = /model.*(not found|does not exist|not exist|unknown)|no such model|model_not_found/iu;

/**
 * Classifies a failed embeddings request from its HTTP status and body (any of the error envelopes servers use):
 * 404 without a model complaint is a missing route (DeepSeek), 501 or a `--embeddings` hint is llama.cpp started
 * without embeddings, an error saying the model cannot embed is a chat-only server (vLLM).
 */
export function classifyEmbeddingFailure(
  status: number | undefined,
  body: unknown,
  endpoint: Pick<EmbeddingEndpoint, 'baseUrl' | 'model'>,
): EmbeddingError {
  const envelope = readErrorEnvelope(body);
  const said = envelope.message ?? (typeof body === 'string' ? body.trim().slice(0, 300) : '');
  const code = envelope.code === null || envelope.code === undefined ? '' : String(envelope.code);
  const haystack = `${said} ${code} ${envelope.type ?? ''}`;
  const values = { baseUrl: endpoint.baseUrl, model: endpoint.model, status: status ?? 0 };
  const withSaid = (key: EmbeddingText['key']): EmbeddingText[] => [
    { key, values },
    ...(said ? [{ key: 'said' as const, values: { message: said } }] : []),
  ];
  if (status === undefined) return new EmbeddingError('unreachable', withSaid('unreachable'));
  if (status === 401 || status === 403) return new EmbeddingError('unauthorized', withSaid('unauthorized'), status);
  if (status === 501 || NOT_ENABLED.test(haystack))
    return new EmbeddingError('not-enabled', withSaid('not-enabled'), status);
  if (CHAT_ONLY.test(haystack)) return new EmbeddingError('chat-only', withSaid('chat-only'), status);
  if ((status === 404 || status === 400) && UNKNOWN_MODEL.test(haystack))
    return new EmbeddingError('unknown-model', withSaid('unknown-model'), status);
  if (status === 404 || status === 405) return new EmbeddingError('no-endpoint', withSaid('no-endpoint'), status);
  return new EmbeddingError('failed', withSaid('failed'), status);
}

/** Turns embeddings into vectors: the endpoint's `/embeddings` through the `openai` client. */
export interface Embedder {
  /** What made the vectors (stored beside them): the model id. */
  readonly model: string;
  /** One vector per text, in order; rejects with an EmbeddingError. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** Texts sent in one request at most (servers cap the batch; OpenAI allows 2,048). */
const BATCH = 64;

/** An embedder for an OpenAI-compatible endpoint; failures are classified (see {@link classifyEmbeddingFailure}). */
export function createEmbedder(
  endpoint: EmbeddingEndpoint,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Embedder {
  let errorBody: string | undefined;
  const client = createOpenAIClient({
    baseUrl: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs,
    onErrorBody: (text) => {
      errorBody = text;
    },
  });
  const embedBatch = async (input: string[], signal: AbortSignal | undefined): Promise<Float32Array[]> => {
    errorBody = undefined;
    let response: Awaited<ReturnType<typeof client.embeddings.create>>;
    try {
      // `float`: the client would ask for base64 otherwise, which llama.cpp and older servers do not speak.
      response = await client.embeddings.create(
        { model: endpoint.model, input, encoding_format: 'float' },
        signal ? { signal } : {},
      );
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof APIError && error.status !== undefined)
        throw classifyEmbeddingFailure(error.status, parseBody(errorBody) ?? error.error, endpoint);
      throw classifyEmbeddingFailure(undefined, error instanceof Error ? error.message : String(error), endpoint);
    }
    const rows = Array.isArray(response?.data) ? [...response.data] : [];
    if (
      rows.length !== input.length ||
      rows.some((row) => !Array.isArray(row?.embedding) || row.embedding.length === 0)
    ) {
      throw new EmbeddingError('bad-response', [{ key: 'bad-response', values: { baseUrl: endpoint.baseUrl } }]);
    }
    // Servers may answer out of order; `index` says which input each row belongs to.
    rows.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return rows.map((row) => Float32Array.from(row.embedding));
  };
  return {
    model: endpoint.model,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH)
        vectors.push(...(await embedBatch(texts.slice(start, start + BATCH), signal)));
      return vectors;
    },
  };
}

function parseBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
