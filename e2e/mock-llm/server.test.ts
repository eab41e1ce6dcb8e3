import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockLlmServer, type MockLlmServer } from './server.ts';

type Chunk = {
  choices: { delta: Record<string, unknown>; finish_reason: string | null }[];
  usage?: Record<string, number> | null;
};

const calculatorTool = {
  type: 'function',
  function: {
    name: 'calculator',
    description: 'math',
    parameters: { type: 'object', properties: { expression: { type: 'string' } } },
  },
};

let server: MockLlmServer;

beforeEach(async () => {
  server = await startMockLlmServer({ port: 0 });
});

afterEach(async () => {
  await server.close();
});

function chat(body: Record<string, unknown>, init: RequestInit = {}, path = '/chat/completions'): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test' },
    body: JSON.stringify({ model: 'glassbox-demo', ...body }),
    ...init,
  });
}

async function readSse(response: Response): Promise<{ chunks: Chunk[]; done: boolean; raw: string }> {
  const raw = await response.text();
  const data = raw
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice(6));
  return {
    chunks: data.filter((item) => item !== '[DONE]').map((item) => JSON.parse(item) as Chunk),
    done: data.at(-1) === '[DONE]',
    raw,
  };
}

function contentOf(chunks: Chunk[]): string {
  return chunks.map((chunk) => String(chunk.choices[0]?.delta.content ?? '')).join('');
}

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 500 && !condition(); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('mock LLM server: CORS', () => {
  it('answers preflights with the requested headers echoed', async () => {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-stainless-os',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type, x-stainless-os');
    expect(server.preflights).toHaveLength(1);
    expect(server.requests).toHaveLength(0);
  });

  it('allows only authorization and content-type in strict mode', async () => {
    const strict = await startMockLlmServer({ port: 0, strictCors: true });
    try {
      const response = await fetch(`${strict.url}/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:4173',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, x-stainless-os',
        },
      });
      expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    } finally {
      await strict.close();
    }
  });

  it('sends Access-Control-Allow-Origin on normal responses', async () => {
    const response = await fetch(`${server.url}/models`);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await response.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toEqual([
      'glassbox-demo',
    ]);
  });
});

describe('mock LLM server: default scripted model', () => {
  it('records the request and answers with the demo model, streamed, with usage', async () => {
    const response = await chat({
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'What is (128+374)*2?' }],
      tools: [calculatorTool],
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const { chunks, done } = await readSse(response);
    expect(done).toBe(true);
    const argumentsText = chunks
      .map(
        (chunk) =>
          (chunk.choices[0]?.delta.tool_calls as { function: { arguments?: string } }[] | undefined)?.[0]?.function
            .arguments ?? '',
      )
      .join('');
    expect(JSON.parse(argumentsText)).toEqual({ expression: '(128+374)*2' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number) } });

    const [recorded] = server.requests;
    expect(recorded).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(recorded?.headers.authorization).toBe('Bearer sk-test');
    expect(recorded?.body).toMatchObject({
      model: 'glassbox-demo',
      stream: true,
      messages: [{ role: 'user', content: 'What is (128+374)*2?' }],
    });
  });

  it('also serves /chat/completions without the /v1 prefix, as JSON', async () => {
    const response = await fetch(`${server.url.replace(/\/v1$/u, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'glassbox-demo', messages: [{ role: 'user', content: '你好' }] }),
    });
    const body = (await response.json()) as { object: string; choices: { message: { content: string } }[] };
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]?.message.content).toContain('不是大语言模型');
  });

  it('rejects a malformed body with a 400 envelope', async () => {
    const response = await fetch(`${server.url}/chat/completions`, { method: 'POST', body: 'not json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/JSON/u);
  });
});

describe('mock LLM server: queued behaviours', () => {
  it('replays a queued reply with raw tool-call arguments and overridden usage, then falls back to the demo', async () => {
    server.enqueue({
      kind: 'reply',
      content: 'Checking.',
      toolCalls: [{ id: 'call_x', name: 'calculator', arguments: '{"expression": "1+' }],
      usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
    });
    const { chunks } = await readSse(
      await chat({ stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'x' }] }),
    );
    expect(contentOf(chunks)).toBe('Checking.');
    const calls = chunks.flatMap(
      (chunk) =>
        (chunk.choices[0]?.delta.tool_calls as { id?: string; function: { arguments?: string } }[] | undefined) ?? [],
    );
    expect(calls[0]?.id).toBe('call_x');
    expect(calls.map((call) => call.function.arguments ?? '').join('')).toBe('{"expression": "1+');
    expect(
      chunks.find((chunk) => chunk.choices.length > 0 && chunk.choices[0]?.finish_reason)?.choices[0]?.finish_reason,
    ).toBe('tool_calls');
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });

    const next = (await (await chat({ messages: [{ role: 'user', content: 'hello' }] })).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(next.choices[0]?.message.content).toContain('not an LLM');
  });

  it('generates N filler tokens with a matching usage count', async () => {
    server.enqueue({ kind: 'reply', tokens: 40, chunksPerSecond: 100000 });
    const { chunks } = await readSse(
      await chat({
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'bench' }],
      }),
    );
    expect(
      chunks.filter(
        (chunk) => typeof chunk.choices[0]?.delta.content === 'string' && chunk.choices[0]?.delta.content !== '',
      ),
    ).toHaveLength(40);
    expect(chunks.at(-1)?.usage?.completion_tokens).toBe(40);
  });

  it('returns a queued error with its status, headers and default envelope', async () => {
    server.enqueue({ kind: 'error', status: 429, headers: { 'retry-after': '2' } });
    const response = await chat({ messages: [{ role: 'user', content: 'x' }] });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
  });

  it('sends raw JSON and raw SSE bodies as given', async () => {
    server.enqueue(
      { kind: 'json', status: 200, body: { custom: true } },
      { kind: 'sse', body: ': keep-alive\n\nevent: error\ndata: {"error":{"message":"boom"}}\n\n' },
    );
    expect(await (await chat({ messages: [{ role: 'user', content: 'x' }] })).json()).toEqual({ custom: true });
    const raw = await (await chat({ stream: true, messages: [{ role: 'user', content: 'x' }] })).text();
    expect(raw).toBe(': keep-alive\n\nevent: error\ndata: {"error":{"message":"boom"}}\n\n');
  });

  it('rejects requests with tools until reset, while requests without tools reach the demo model', async () => {
    server.enqueue({ kind: 'reject-tools', status: 400, message: 'tools are not supported by this model' });
    const withTools = await chat({ messages: [{ role: 'user', content: 'What is 2+2?' }], tools: [calculatorTool] });
    expect(withTools.status).toBe(400);
    expect(((await withTools.json()) as { error: { message: string } }).error.message).toBe(
      'tools are not supported by this model',
    );
    const withoutTools = await chat({
      messages: [
        { role: 'system', content: 'Thought: …\nAction: calculator\nAction Input: {}\nFinal Answer: …' },
        { role: 'user', content: 'What is 2+2?' },
      ],
    });
    expect(withoutTools.status).toBe(200);
    expect(
      ((await withoutTools.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content,
    ).toContain('Action: calculator');
    expect((await chat({ messages: [{ role: 'user', content: 'again' }], tools: [calculatorTool] })).status).toBe(400);
    server.reset();
    expect((await chat({ messages: [{ role: 'user', content: 'again' }], tools: [calculatorTool] })).status).toBe(200);
  });

  it('rejects stream_options with 400 unsupported_parameter when asked to', async () => {
    server.enqueue({ kind: 'reject-stream-options' });
    const rejected = await chat({
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(rejected.status).toBe(400);
    expect(((await rejected.json()) as { error: { code: string; param: string } }).error).toMatchObject({
      code: 'unsupported_parameter',
      param: 'stream_options',
    });
    const { done } = await readSse(await chat({ stream: true, messages: [{ role: 'user', content: 'x' }] }));
    expect(done).toBe(true);
  });
});

describe('mock LLM server: hanging and disconnects', () => {
  it('hangs until the client aborts, counts the abort, and keeps serving', async () => {
    server.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = chat({ stream: true, messages: [{ role: 'user', content: 'x' }] }, { signal: controller.signal });
    await until(() => server.inFlight === 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await until(() => server.inFlight === 0);
    expect(server.aborted).toBe(1);
    expect((await chat({ messages: [{ role: 'user', content: 'What is 3*3?' }] })).status).toBe(200);
  });

  it('streams some text, then hangs without finishing', async () => {
    server.enqueue({ kind: 'hang', content: 'Partial answer' });
    const controller = new AbortController();
    const response = await chat(
      { stream: true, messages: [{ role: 'user', content: 'x' }] },
      { signal: controller.signal },
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('answer')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(text).toContain('Partial');
    expect(text).not.toContain('[DONE]');
    expect(server.inFlight).toBe(1);
    controller.abort();
    await until(() => server.inFlight === 0);
    expect(server.aborted).toBe(1);
  });

  it('streams a reply in parts, each waiting for release(), and ends after the last release', async () => {
    server.enqueue({ kind: 'reply', parts: ['The answer ', 'is 42.'] });
    const response = await chat({ stream: true, messages: [{ role: 'user', content: 'x' }] });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${needle}`);
        text += decoder.decode(value);
      }
    };
    await readUntil('The answer ');
    await until(() => server.held === 1);
    expect(text).not.toContain('is 42.');
    server.release();
    await readUntil('is 42.');
    await until(() => server.held === 1);
    expect(text).not.toContain('[DONE]');
    server.release();
    await readUntil('[DONE]');
    expect(text).toContain('"finish_reason":"stop"');
    expect(server.held).toBe(0);
  });

  it('rejects parts together with content', async () => {
    const response = await fetch(`${server.url.replace(/\/v1$/, '')}/__control/enqueue`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'reply', content: 'x', parts: ['y'] }),
    });
    expect(response.status).toBe(400);
  });

  it('stops writing a slow stream when the client disconnects mid-stream', async () => {
    server.enqueue({ kind: 'reply', tokens: 500, chunkDelayMs: 5 });
    const controller = new AbortController();
    const response = await chat(
      { stream: true, messages: [{ role: 'user', content: 'x' }] },
      { signal: controller.signal },
    );
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
    await until(() => server.inFlight === 0);
    expect(server.aborted).toBe(1);
  });
});

describe('mock LLM server: control endpoints', () => {
  it('enqueues, lists requests and resets over HTTP', async () => {
    const root = server.url.replace(/\/v1$/u, '');
    const enqueued = await fetch(`${root}/__control/enqueue`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'reply', content: 'from control' }]),
    });
    expect(enqueued.status).toBe(200);
    const body = (await (await chat({ messages: [{ role: 'user', content: 'x' }] })).json()) as {
      choices: { message: { content: string } }[];
    };
    expect(body.choices[0]?.message.content).toBe('from control');

    const listed = (await (await fetch(`${root}/__control/requests`)).json()) as { path: string }[];
    expect(listed.map((request) => request.path)).toEqual(['/v1/chat/completions']);

    expect((await fetch(`${root}/__control/reset`, { method: 'POST' })).status).toBe(200);
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an unknown behaviour kind', async () => {
    const root = server.url.replace(/\/v1$/u, '');
    const response = await fetch(`${root}/__control/enqueue`, {
      method: 'POST',
      body: JSON.stringify([{ kind: 'explode' }]),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('explode');
  });
});

describe('mock LLM server: routing and timings (benchmarks)', () => {
  it('answers routed requests without consuming the queue and records when each answer ended', async () => {
    const routed = await startMockLlmServer({
      port: 0,
      route: (body) =>
        (body as { messages?: Array<{ content?: string }> }).messages?.[0]?.content === 'summarise'
          ? { kind: 'reply', content: 'A summary.' }
          : undefined,
    });
    try {
      routed.enqueue({ kind: 'reply', content: 'The queued answer.' });
      const ask = (content: string) =>
        fetch(`${routed.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: 'glassbox-demo', messages: [{ role: 'user', content }] }),
        }).then((response) => response.json() as Promise<{ choices: Array<{ message: { content: string } }> }>);
      expect((await ask('summarise')).choices[0]?.message.content).toBe('A summary.');
      expect((await ask('hello')).choices[0]?.message.content).toBe('The queued answer.');
      expect(routed.timings.map((timing) => timing.routed)).toEqual([true, false]);
      for (const timing of routed.timings) expect(timing.lastByteAt).toBeGreaterThanOrEqual(timing.receivedAt);
    } finally {
      await routed.close();
    }
  });
});
