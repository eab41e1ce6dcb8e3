import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model/model.ts';
import { ATTRIBUTE } from './span-attributes.ts';
import { createHarness, noticeOf, weatherTool } from './test-harness.ts';
import type { TranscriptEntry } from './transcript.ts';

describe('runAgent', () => {
  it('answers directly when the model replies with text, in one step', async () => {
    const harness = createHarness({ turns: [{ chunks: [{ text: 'Hello' }, { text: ', world.' }] }] });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(result.entries.map((entry) => entry.message)).toEqual([{ role: 'assistant', content: 'Hello, world.' }]);
    expect(harness.eventTypes()).toEqual([
      'run-start',
      'step-start',
      'text-delta',
      'entry-added',
      'step-end',
      'run-end',
    ]);
    expect(harness.eventsOf('text-delta').map((event) => event.delta)).toEqual(['Hello', ', world.']);
    expect(harness.model.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: 'What is the weather in Paris?' },
    ]);
    expect(harness.tracer.describe()).toBe('run: What is the weather in Paris? [ok]\n  llm: scripted-model [ok]');
    const run = harness.tracer.only('run');
    expect(result.runId).toBe(run.spanId);
    expect(result.entries.every((entry) => entry.runId === run.spanId && entry.sessionId === 'sess_test')).toBe(true);
    expect(run.attributes).toMatchObject({
      [ATTRIBUTE.runInput]: 'What is the weather in Paris?',
      [ATTRIBUTE.runStopReason]: 'final-answer',
      [ATTRIBUTE.runProtocol]: 'tools',
      'run.outcome': 'done',
      'run.output': 'Hello, world.',
    });
    expect(harness.tracer.only('llm').attributes['llm.step']).toBe(1);
  });

  it('runs a tool, feeds the result back and finishes on the next step', async () => {
    const cities: string[] = [];
    const harness = createHarness({
      tools: [weatherTool(cities)],
      turns: [
        {
          toolCalls: [{ id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } }],
          usage: { inputTokens: 50, outputTokens: 12 },
        },
        { text: 'It is 18 °C and clear in Paris.' },
      ],
    });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    expect(cities).toEqual(['Paris']);
    const second = harness.model.requests[1];
    expect(second?.messages.slice(1)).toEqual([
      { role: 'user', content: 'What is the weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '{"city":"Paris","temperatureC":18,"sky":"clear"}' },
    ]);
    expect(second?.tools?.map((tool) => tool.function.name)).toEqual(['get_weather']);
    expect(harness.tracer.find('llm')[1]?.attributes['llm.tools']).toEqual(second?.tools);
    expect(harness.eventTypes()).toEqual([
      'run-start',
      'step-start',
      'tool-call-delta',
      'entry-added',
      'tool-call',
      'tool-result',
      'entry-added',
      'step-end',
      'step-start',
      'text-delta',
      'entry-added',
      'step-end',
      'run-end',
    ]);
    expect(harness.tracer.describe()).toBe(
      [
        'run: What is the weather in Paris? [ok]',
        '  llm: scripted-model [ok]',
        '  tool: get_weather [ok]',
        '  llm: scripted-model [ok]',
      ].join('\n'),
    );
    const [firstLlm] = harness.tracer.find('llm');
    expect(firstLlm?.attributes).toMatchObject({
      [ATTRIBUTE.llmProvider]: 'scripted',
      [ATTRIBUTE.llmRequestModel]: 'scripted-model',
      [ATTRIBUTE.llmFinishReason]: 'tool_calls',
      [ATTRIBUTE.llmUsageInputTokens]: 50,
      [ATTRIBUTE.llmUsageOutputTokens]: 12,
      [ATTRIBUTE.llmOutputToolCalls]: [{ id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    });
    expect(firstLlm?.attributes[ATTRIBUTE.llmMessages]).toEqual(harness.model.requests[0]?.messages);
    const tool = harness.tracer.only('tool');
    expect(tool.attributes).toMatchObject({
      [ATTRIBUTE.toolName]: 'get_weather',
      [ATTRIBUTE.toolCallId]: 'call_a',
      [ATTRIBUTE.toolArguments]: '{"city":"Paris"}',
      [ATTRIBUTE.toolResult]: '{"city":"Paris","temperatureC":18,"sky":"clear"}',
    });
    const toolEntry = result.entries[1];
    expect(toolEntry).toMatchObject({ spanId: tool.spanId, meta: { toolName: 'get_weather', toolStatus: 'ok' } });
    expect(typeof toolEntry?.meta?.durationMs).toBe('number');
    expect(result.entries[0]?.spanId).toBe(firstLlm?.spanId);
  });

  it('keeps reasoning on the entry but never sends it back to the endpoint', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [
        {
          reasoning: 'SECRET-CHAIN: the user wants weather.',
          toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }],
        },
        { text: 'Cold.' },
      ],
    });

    const result = await harness.run();

    expect(result.entries[0]?.reasoning).toBe('SECRET-CHAIN: the user wants weather.');
    expect(harness.eventsOf('reasoning-delta')).toHaveLength(1);
    expect(JSON.stringify(harness.model.requests[1]?.messages)).not.toContain('SECRET-CHAIN');
  });

  it('persists each step through an awaited step-end carrying exactly that step’s entries, in order', async () => {
    const persisted: TranscriptEntry[][] = [];
    const order: string[] = [];
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [{ toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] }, { text: 'Done.' }],
      onEvent: async (event) => {
        order.push(event.type);
        if (event.type === 'step-end') {
          await new Promise((resolve) => setTimeout(resolve, 5));
          persisted.push(event.entries);
          order.push('persisted');
        }
      },
    });

    const result = await harness.run();

    expect(persisted.map((entries) => entries.map((entry) => entry.message.role))).toEqual([
      ['assistant', 'tool'],
      ['assistant'],
    ]);
    expect(persisted.flat()).toEqual(result.entries);
    // The next step only starts once the previous one is stored.
    expect(order.indexOf('persisted')).toBeLessThan(order.lastIndexOf('step-start'));
    expect(order.filter((type) => type === 'run-end')).toHaveLength(1);
  });

  it('notes an answer cut off by the output limit on the entry and as a notice', async () => {
    const harness = createHarness({ turns: [{ text: 'The first half of', finishReason: 'length' }] });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    const message = "The answer was cut off because it reached the model's output limit.";
    expect(result.entries[0]?.meta).toEqual({ finishReason: 'length', noticeText: [{ key: 'cut-off' }] });
    expect(noticeOf(result.entries[0])).toBe(message);
    expect(harness.eventsOf('notice')).toEqual([{ type: 'notice', code: 'cut-off', text: { key: 'cut-off' } }]);
  });

  it('shows a refusal and a content-filter stop as notices', async () => {
    const refusal = createHarness({ turns: [{ text: '', refusal: 'I can’t help with that.' }] });
    const refused = await refusal.run();
    expect(refused.entries[0]?.message).toEqual({ role: 'assistant', content: 'I can’t help with that.' });
    expect(refusal.eventsOf('notice').map((event) => event.code)).toEqual(['refusal']);

    const filter = createHarness({ turns: [{ text: 'Partial', finishReason: 'content_filter' }] });
    const filtered = await filter.run();
    expect(noticeOf(filtered.entries[0])).toMatch(/content filter/);
  });

  it('completes only the missing tool calls of an interrupted run, then continues', async () => {
    const cities: string[] = [];
    const history: ChatMessage[] = [
      { role: 'user', content: 'Weather in Paris and Oslo?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Paris: 18 °C' },
    ];
    const harness = createHarness({ tools: [weatherTool(cities)], history, turns: [{ text: 'Paris is warmer.' }] });

    const result = await harness.run();

    expect(cities).toEqual(['Oslo']);
    expect(result.entries.map((entry) => entry.message.role)).toEqual(['tool', 'assistant']);
    expect(result.entries[0]?.message).toMatchObject({ role: 'tool', tool_call_id: 'call_2' });
    expect(harness.model.requests[0]?.messages.slice(1)).toEqual([...history, result.entries[0]?.message]);
    expect(harness.eventsOf('step-end').map((event) => event.step)).toEqual([0, 1]);
    expect(harness.tracer.describe()).toBe(
      ['run: What is the weather in Paris? [ok]', '  tool: get_weather [ok]', '  llm: scripted-model [ok]'].join('\n'),
    );
  });

  it('lets a context hook reshape each request, merging its system messages into one', async () => {
    const seen: number[] = [];
    const harness = createHarness({
      turns: [{ text: 'OK' }],
      prepareContext: async (messages, info) => {
        seen.push(info.step);
        expect(info.parentSpan.span.kind).toBe('run');
        return [{ role: 'system', content: 'Summary so far: the user likes Paris.' }, ...messages];
      },
    });

    await harness.run();

    expect(seen).toEqual([1]);
    expect(harness.model.requests[0]?.messages[0]).toEqual({
      role: 'system',
      content: 'You are a helpful assistant.\n\nSummary so far: the user likes Paris.',
    });
    expect(harness.model.requests[0]?.messages.filter((message) => message.role === 'system')).toHaveLength(1);
  });

  it('ends with one run-end (outcome error) when storing a step fails, and keeps the entries', async () => {
    const harness = createHarness({ turns: [{ text: 'Hi' }] });
    const events: string[] = [];
    harness.options.onEvent = (event) => {
      events.push(event.type);
      if (event.type === 'step-end') throw new Error('QuotaExceededError: the disk is full');
      if (event.type === 'run-end') expect(event).toMatchObject({ outcome: 'error', reason: 'internal-error' });
    };

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'error', reason: 'internal-error' });
    expect(result.message).toContain('the disk is full');
    expect(events.filter((type) => type === 'run-end')).toHaveLength(1);
    expect(harness.tracer.only('run').status).toBe('error');
  });

  it('synthesises ids for tool calls that arrive without one and sends "{}" for empty arguments', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [{ toolCalls: [{ id: '', name: 'get_weather', arguments: '' }] }, { text: 'Which city?' }],
    });

    const result = await harness.run();

    const assistant = result.entries[0]?.message;
    const call = assistant?.role === 'assistant' ? assistant.tool_calls?.[0] : undefined;
    expect(call?.id).toMatch(/^call_\w+_1_0$/);
    expect(call?.function.arguments).toBe('{}');
    expect(result.entries[1]?.message).toMatchObject({ role: 'tool', tool_call_id: call?.id });
    expect(result.entries[1]?.message.content).toContain('city: required, expected string');
  });
});
