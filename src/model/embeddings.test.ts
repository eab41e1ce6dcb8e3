import { describe, expect, it } from 'vitest';
import { localEmbeddingsResponse } from '../demo/local-embedder.ts';
import { classifyEmbeddingFailure, createEmbedder, EmbeddingError } from './embeddings.ts';

const endpoint = { baseUrl: 'http://127.0.0.1:9/v1', model: 'nomic-embed-text' };

/** Error bodies in the shapes these servers send for POST /v1/embeddings. */
const BODIES = {
  // DeepSeek has no embeddings route: a 404 for the path, no word about a model.
  deepseek404: { error: { message: 'Not Found', type: 'invalid_request_error', param: null, code: 'not_found' } },
  // llama.cpp's server started without --embeddings.
  llamaCpp501: {
    error: {
      code: 501,
      message: 'This server does not support embeddings. Start it with `--embeddings`',
      type: 'not_supported_error',
    },
  },
  // vLLM serving a chat model (no embedding task).
  vllmChatOnly: {
    object: 'error',
    message: 'The model does not support Embeddings API',
    type: 'BadRequestError',
    param: null,
    code: 400,
  },
  // OpenAI, for a model id it does not know.
  openAiUnknownModel: {
    error: {
      message: 'The model `text-embedding-4` does not exist or you do not have access to it.',
      type: 'invalid_request_error',
      param: null,
      code: 'model_not_found',
    },
  },
};

describe('classifyEmbeddingFailure', () => {
  it('tells a missing /embeddings route (DeepSeek 404) in plain words', () => {
    const error = classifyEmbeddingFailure(404, BODIES.deepseek404, endpoint);
    expect(error.kind).toBe('no-endpoint');
    expect(error.message).toContain('has no embeddings API');
    expect(error.message).toContain('404');
  });

  it('tells llama.cpp without --embeddings (501)', () => {
    const error = classifyEmbeddingFailure(501, BODIES.llamaCpp501, endpoint);
    expect(error.kind).toBe('not-enabled');
    expect(error.message).toContain('llama-server --embeddings');
    expect(error.message).toContain('This server does not support embeddings');
  });

  it('tells a chat-only vLLM model', () => {
    const error = classifyEmbeddingFailure(400, BODIES.vllmChatOnly, endpoint);
    expect(error.kind).toBe('chat-only');
    expect(error.message).toContain('is a chat model, not an embedding model');
    expect(error.message).toContain('“nomic-embed-text”');
  });

  it('tells an unknown embedding model apart from a missing route', () => {
    expect(classifyEmbeddingFailure(404, BODIES.openAiUnknownModel, endpoint).kind).toBe('unknown-model');
  });

  it('tells a rejected key, no answer at all, and other failures', () => {
    expect(classifyEmbeddingFailure(401, { error: { message: 'Incorrect API key' } }, endpoint).kind).toBe(
      'unauthorized',
    );
    expect(classifyEmbeddingFailure(undefined, 'Failed to fetch', endpoint).kind).toBe('unreachable');
    const other = classifyEmbeddingFailure(500, 'boom', endpoint);
    expect(other.kind).toBe('failed');
    expect(other.message).toContain('HTTP 500');
    expect(other.message).toContain('“boom”');
  });
});

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('createEmbedder', () => {
  it('asks /embeddings for float vectors through the openai client and returns them in input order', async () => {
    const requests: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fetchEmbeddings = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      requests.push({ url: String(input), body });
      const answer = localEmbeddingsResponse(body) as { body: { data: unknown[] } };
      // Answered out of order: `index` says which input each vector belongs to.
      return jsonResponse(200, { ...answer.body, data: answer.body.data.toReversed() });
    }) as typeof fetch;
    const embedder = createEmbedder({ ...endpoint, apiKey: '' }, { fetch: fetchEmbeddings });
    const [kitten, deadline] = await embedder.embed(['kitten', 'deadline']);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('http://127.0.0.1:9/v1/embeddings');
    expect(requests[0]?.body).toMatchObject({
      model: 'nomic-embed-text',
      input: ['kitten', 'deadline'],
      encoding_format: 'float',
    });
    expect(kitten).toBeInstanceOf(Float32Array);
    expect(Array.from(kitten ?? [])).toEqual(
      Array.from(
        Float32Array.from(
          (localEmbeddingsResponse({ input: 'kitten' }) as { body: { data: Array<{ embedding: number[] }> } }).body
            .data[0]?.embedding ?? [],
        ),
      ),
    );
    expect(Array.from(deadline ?? [])).not.toEqual(Array.from(kitten ?? []));
  });

  it('rejects with a classified EmbeddingError read from the error body', async () => {
    const embedder = createEmbedder(
      { ...endpoint, apiKey: 'sk' },
      { fetch: (async () => jsonResponse(501, BODIES.llamaCpp501)) as unknown as typeof fetch },
    );
    const failure = await embedder.embed(['x']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(EmbeddingError);
    expect((failure as EmbeddingError).kind).toBe('not-enabled');
    expect((failure as EmbeddingError).status).toBe(501);
  });

  it('rejects a 200 answer that holds no vectors', async () => {
    const embedder = createEmbedder(
      { ...endpoint, apiKey: '' },
      { fetch: (async () => jsonResponse(200, { data: [] })) as unknown as typeof fetch },
    );
    await expect(embedder.embed(['x'])).rejects.toMatchObject({ kind: 'bad-response' });
  });
});
