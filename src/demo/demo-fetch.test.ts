import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../model/model.ts';
import { DEMO_BASE_URL, DEMO_MODEL_ID, createDemoFetch, paceEvents } from './demo-fetch.ts';

const tools: ToolSpec[] = [
  {
    type: 'function',
    function: {
      name: 'calculator',
      description: 'Evaluates arithmetic',
      parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Weather now',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    },
  },
];

function client(chunkDelayMs = 0): OpenAI {
  return new OpenAI({
    baseURL: DEMO_BASE_URL,
    apiKey: 'x',
    fetch: createDemoFetch({ chunkDelayMs }),
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
  });
}

interface AssembledCall {
  id: string;
  name: string;
  arguments: string;
  deltas: number;
}

/** Assembles a stream the way a client must: tool calls by index, text and reasoning by concatenation. */
async function assemble(stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>) {
  const calls = new Map<number, AssembledCall>();
  let content = '';
  let reasoning = '';
  let finishReason: string | null = null;
  let usage: OpenAI.CompletionUsage | undefined;
  let chunks = 0;
  for await (const chunk of stream) {
    chunks += 1;
    if (chunk.usage) usage = chunk.usage;
    const choice = chunk.choices[0];
    if (!choice) continue;
    const delta = choice.delta as typeof choice.delta & { reasoning_content?: string };
    content += delta.content ?? '';
    reasoning += delta.reasoning_content ?? '';
    for (const part of delta.tool_calls ?? []) {
      const call = calls.get(part.index) ?? { id: '', name: '', arguments: '', deltas: 0 };
      if (part.id) call.id = part.id;
      if (part.function?.name) call.name = part.function.name;
      call.arguments += part.function?.arguments ?? '';
      call.deltas += 1;
      calls.set(part.index, call);
    }
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  return { calls: [...calls.values()], content, reasoning, finishReason, usage, chunks };
}

describe('createDemoFetch through the real openai client', () => {
  it('streams a calculator call whose arguments arrive in several deltas, plus usage', async () => {
    const stream = await client().chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [{ role: 'user', content: 'What is (128+374)*2?' }],
      tools,
      tool_choice: 'auto',
      stream: true,
      stream_options: { include_usage: true },
    });
    const result = await assemble(stream);
    expect(result.finishReason).toBe('tool_calls');
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]).toMatchObject({ id: 'call_demo_1', name: 'calculator' });
    expect(JSON.parse(result.calls[0]?.arguments ?? '')).toEqual({ expression: '(128+374)*2' });
    expect(result.calls[0]?.deltas).toBeGreaterThan(2);
    expect(result.content).toBe('');
    expect(result.reasoning).toMatch(/calculator/u);
    expect(result.usage?.prompt_tokens).toBeGreaterThan(0);
    expect(result.usage?.completion_tokens).toBeGreaterThan(0);
    expect(result.usage?.total_tokens).toBe(
      (result.usage?.prompt_tokens ?? 0) + (result.usage?.completion_tokens ?? 0),
    );
  });

  it('streams the final Chinese answer in small pieces after the tool result', async () => {
    const stream = await client().chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [
        { role: 'user', content: '帮我算一下 (128+374)*2 等于多少' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_demo_1',
              type: 'function',
              function: { name: 'calculator', arguments: '{"expression":"(128+374)*2"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_demo_1', content: '{"expression":"(128+374)*2","result":1004}' },
      ],
      tools,
      stream: true,
    });
    const result = await assemble(stream);
    expect(result.finishReason).toBe('stop');
    expect(result.content).toContain('1004');
    expect(result.chunks).toBeGreaterThan(5);
    expect(result.calls).toEqual([]);
    // Without stream_options.include_usage there is no usage chunk, as with OpenAI.
    expect(result.usage).toBeUndefined();
  });

  it('sends two parallel get_weather calls with distinct indexes and continuing ids', async () => {
    const stream = await client().chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [
        { role: 'user', content: 'earlier' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_demo_1', type: 'function', function: { name: 'calculator', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_demo_1', content: '2' },
        { role: 'assistant', content: '2' },
        { role: 'user', content: 'What is the temperature difference between Beijing and Shanghai?' },
      ],
      tools,
      stream: true,
    });
    const result = await assemble(stream);
    expect(result.calls.map((call) => [call.id, call.name, JSON.parse(call.arguments)])).toEqual([
      ['call_demo_2', 'get_weather', { city: 'Beijing' }],
      ['call_demo_3', 'get_weather', { city: 'Shanghai' }],
    ]);
  });

  it('resolves "the city I just asked about" to the city of the session\'s latest earlier get_weather call, in Chinese and English', async () => {
    const weatherTurn = (
      id: string,
      question: string,
      city: string,
    ): OpenAI.Chat.Completions.ChatCompletionMessageParam[] => [
      { role: 'user', content: question },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id, type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } }],
      },
      {
        role: 'tool',
        tool_call_id: id,
        content: JSON.stringify({ location: city, temperature: '24 °C', condition: 'Cloudy' }),
      },
      { role: 'assistant', content: `Weather in ${city}: 24 °C` },
    ];
    const followUp = async (earlier: OpenAI.Chat.Completions.ChatCompletionMessageParam[], question: string) => {
      const completion = await client().chat.completions.create({
        model: DEMO_MODEL_ID,
        messages: [...earlier, { role: 'user', content: question }],
        tools,
      });
      const message = completion.choices[0]?.message;
      return {
        content: message?.content ?? '',
        calls: (message?.tool_calls ?? []).map((call) =>
          call.type === 'function' ? [call.function.name, JSON.parse(call.function.arguments)] : [],
        ),
      };
    };

    const guangzhou = weatherTurn('call_demo_1', '广州今天天气怎么样', 'Guangzhou');
    expect((await followUp(guangzhou, '我刚才查的那个城市天气怎么样')).calls).toEqual([
      ['get_weather', { city: 'Guangzhou' }],
    ]);
    expect((await followUp(guangzhou, '那个城市明天天气怎么样')).calls).toEqual([
      ['get_weather', { city: 'Guangzhou' }],
    ]);
    expect((await followUp(guangzhou, '那里的气温呢？')).calls).toEqual([['get_weather', { city: 'Guangzhou' }]]);

    const both = [
      ...weatherTurn('call_demo_1', 'weather in Beijing', 'Beijing'),
      ...weatherTurn('call_demo_2', 'and in Paris?', 'Paris'),
    ];
    expect((await followUp(both, 'What is the weather in the city I just asked about?')).calls).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);
    expect((await followUp(both, 'And the temperature in that city tomorrow?')).calls).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);
    expect((await followUp(both, "What's the weather like there?")).calls).toEqual([
      ['get_weather', { city: 'Paris' }],
    ]);
    // A named city still wins over the earlier one.
    expect((await followUp(both, 'Weather in Tokyo?')).calls).toEqual([['get_weather', { city: 'Tokyo' }]]);
  });

  it('reads the earlier city from text-ReAct history too', async () => {
    const system =
      'Thought: …\nAction: the tool name, exactly one of [get_weather, calculator]\nAction Input: {…}\nFinal Answer: …';
    const completion = await client().chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: '东京天气怎么样' },
        { role: 'assistant', content: 'Thought: 查天气\nAction: get_weather\nAction Input: {"city": "Tokyo"}' },
        { role: 'user', content: 'Observation: {"temperature": "18 °C"}' },
        { role: 'assistant', content: 'Thought: 好了\nFinal Answer: 东京 18 °C' },
        { role: 'user', content: '我刚才查的那个城市天气怎么样' },
      ],
    });
    const content = completion.choices[0]?.message.content ?? '';
    expect(content).toMatch(/Action:\s*get_weather/);
    expect(content).toMatch(/Action Input:\s*\{"city":\s*"Tokyo"\}/);
  });

  it('says it does not know which city is meant when the session has no earlier weather lookup', async () => {
    for (const [question, expected] of [
      ['我刚才查的那个城市天气怎么样', '我不知道你指的是哪个城市'],
      ['What is the weather in the city I just asked about?', "I don't know which city you mean"],
    ] as const) {
      const completion = await client().chat.completions.create({
        model: DEMO_MODEL_ID,
        messages: [{ role: 'user', content: question }],
        tools,
      });
      expect(completion.choices[0]?.message.tool_calls ?? []).toEqual([]);
      expect(completion.choices[0]?.message.content).toContain(expected);
      expect(completion.choices[0]?.message.content).not.toContain('查的那个城市的天气');
    }
  });

  it('answers without streaming, with reasoning, usage and the model id', async () => {
    const completion = await client().chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [
        { role: 'user', content: 'What is (128+374)*2?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_demo_1',
              type: 'function',
              function: { name: 'calculator', arguments: '{"expression":"(128+374)*2"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: 'call_demo_1', content: '1004' },
      ],
      tools,
    });
    const message = completion.choices[0]?.message as OpenAI.Chat.Completions.ChatCompletionMessage & {
      reasoning_content?: string;
    };
    expect(completion.model).toBe('glassbox-demo');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(message.content).toBe('(128+374)*2 = **1004**');
    expect(message.reasoning_content).toBeTruthy();
    expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('returns tool calls without streaming too', async () => {
    const completion = await client().chat.completions.create({
      model: DEMO_MODEL_ID,
      messages: [{ role: 'user', content: 'What is 6*7?' }],
      tools,
    });
    const call = completion.choices[0]?.message.tool_calls?.[0];
    expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call?.type === 'function' ? JSON.parse(call.function.arguments) : undefined).toEqual({ expression: '6*7' });
  });

  it('lists the demo model', async () => {
    const models = await client().models.list();
    expect(models.data.map((model) => model.id)).toEqual(['glassbox-demo']);
  });

  it('ends the stream early when the signal fires mid-stream', async () => {
    const controller = new AbortController();
    const stream = await client(1).chat.completions.create(
      { model: DEMO_MODEL_ID, messages: [{ role: 'user', content: 'tell me what you can do' }], stream: true },
      { signal: controller.signal },
    );
    let received = 0;
    let finishReason: string | null = null;
    // The openai client swallows the abort and just ends the iteration.
    for await (const chunk of stream) {
      received += 1;
      finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
      if (received === 3) controller.abort();
    }
    // Chunks already delivered in the same group may still arrive; the finish chunk never does.
    expect(received).toBeGreaterThanOrEqual(3);
    expect(finishReason).toBeNull();
  });
});

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
