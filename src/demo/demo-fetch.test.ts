import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { DEMO_BASE_URL, DEMO_MODEL_ID, createDemoFetch } from './demo-fetch.ts';
import { tools } from './demo-fetch-test-helpers.ts';

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
