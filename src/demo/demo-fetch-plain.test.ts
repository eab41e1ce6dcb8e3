import { describe, expect, it } from 'vitest';
import { DEMO_BASE_URL, DEMO_MODEL_ID, createDemoFetch, paceEvents } from './demo-fetch.ts';
import { tools } from './demo-fetch-test-helpers.ts';

describe('createDemoFetch as a plain fetch', () => {
  const demoFetch = createDemoFetch({ chunkDelayMs: 0 });

  it('answers unknown paths with a 404 error envelope', async () => {
    const response = await demoFetch(`${DEMO_BASE_URL}/audio/speech`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('/audio/speech');
  });

  it('embeds with the local demo embedder: deterministic unit vectors, one per input, in order', async () => {
    const post = (input: unknown) =>
      demoFetch(`${DEMO_BASE_URL}/embeddings`, {
        method: 'POST',
        body: JSON.stringify({ model: 'glassbox-demo-embed', input }),
      });
    const response = await post(['my kitten', '我的小猫']);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ index: number; embedding: number[] }> };
    expect(body.data.map((row) => row.index)).toEqual([0, 1]);
    const [first] = body.data;
    expect(Math.hypot(...(first?.embedding ?? []))).toBeCloseTo(1, 4);
    const again = (await (await post('my kitten')).json()) as { data: Array<{ embedding: number[] }> };
    expect(again.data[0]?.embedding).toEqual(first?.embedding);
    expect((await post(42)).status).toBe(400);
  });

  it('errors the body with an AbortError when the request signal aborts mid-stream', async () => {
    const controller = new AbortController();
    const response = await demoFetch(`${DEMO_BASE_URL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: DEMO_MODEL_ID, stream: true, messages: [{ role: 'user', content: 'hello' }] }),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"role":"assistant"');
    controller.abort();
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(demoFetch(`${DEMO_BASE_URL}/models`, { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('rejects a malformed body with a 400 envelope', async () => {
    const response = await demoFetch(`${DEMO_BASE_URL}/chat/completions`, {
      method: 'POST',
      body: '{"messages": "nope"}',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('messages');
  });

  it('accepts a Request object and writes SSE shaped like OpenAI, ending in [DONE]', async () => {
    const request = new Request(`${DEMO_BASE_URL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: DEMO_MODEL_ID,
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: 'user', content: 'What is 1+1?' }],
        tools,
      }),
    });
    const response = await demoFetch(request);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await response.text()).split('\n\n').filter(Boolean);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map(
      (event) =>
        JSON.parse(event.replace(/^data: /u, '')) as {
          choices: { delta: Record<string, unknown>; finish_reason: string | null }[];
          usage?: unknown;
        },
    );
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: null });
    const opener = chunks.find((chunk) => chunk.choices[0]?.delta.tool_calls)?.choices[0]?.delta.tool_calls;
    expect(opener).toEqual([
      { index: 0, id: 'call_demo_1', type: 'function', function: { name: 'calculator', arguments: '' } },
    ]);
    const finish = chunks.at(-2);
    expect(finish?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
    expect(chunks.at(-1)?.choices).toEqual([]);
    expect(chunks.at(-1)?.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
    });
  });
});

describe('paceEvents', () => {
  async function reads(stream: ReadableStream<Uint8Array>): Promise<string[]> {
    const decoder = new TextDecoder();
    const parts: string[] = [];
    for await (const part of stream) parts.push(decoder.decode(part));
    return parts;
  }

  it('sends a short answer event by event', async () => {
    expect(await reads(paceEvents(['a', 'b', 'c'], 0))).toEqual(['a', 'b', 'c']);
  });

  it('groups a long answer so it takes at most the allowed number of pauses, keeping every event in order', async () => {
    const events = Array.from({ length: 250 }, (_, index) => `${index},`);
    const parts = await reads(paceEvents(events, 0, undefined, 40));
    expect(parts).toHaveLength(Math.ceil(250 / Math.ceil(250 / 40)));
    expect(parts.length).toBeLessThanOrEqual(40);
    expect(parts.join('')).toBe(events.join(''));
  });
});
