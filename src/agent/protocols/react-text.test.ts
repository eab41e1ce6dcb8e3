import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError } from '../../model/model-error.ts';
import type { ChatMessage } from '../../model/model.ts';
import { defineTool } from '../../tools/define-tool.ts';
import { interpretReactReply, toReactMessages } from './react-text.ts';
import { createHarness, noticeOf, weatherTool } from '../test-harness.ts';

function memory() {
  const values = new Map<string, 'tools' | 'react'>();
  return {
    values,
    get: (key: string) => values.get(key),
    set: (key: string, value: 'tools' | 'react') => void values.set(key, value),
  };
}

const toolsRejected = () => new ModelError('tools-unsupported', 'tools param requires --jinja flag', { status: 500 });

describe('text ReAct', () => {
  it('switches to text ReAct when the endpoint rejects tools, remembers it, tells the user once, and finishes', async () => {
    const protocolMemory = memory();
    const cities: string[] = [];
    const harness = createHarness({
      tools: [weatherTool(cities)],
      protocolMemory,
      endpointKey: 'llamacpp|http://localhost:8080/v1|qwen',
      turns: [
        { kind: 'error', error: toolsRejected() },
        { text: 'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}' },
        { text: 'Thought: I know it.\nFinal Answer: 18 °C and clear.' },
      ],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(cities).toEqual(['Paris']);
    expect(protocolMemory.values.get('llamacpp|http://localhost:8080/v1|qwen')).toBe('react');
    expect(harness.eventsOf('notice').filter((event) => event.code === 'protocol-switched')).toHaveLength(1);
    const [rejected, firstReact, secondReact] = harness.model.requests;
    expect(rejected?.tools).toHaveLength(1);
    expect(firstReact?.tools).toBeUndefined();
    expect(firstReact?.messages[0]?.content).toContain('Action Input:');
    expect(firstReact?.messages[0]?.content).toContain('get_weather: Current weather for a city.');
    expect(firstReact?.messages[0]?.content).toContain('"city":{"type":"string"}');
    expect(secondReact?.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'Action: get_weather\nAction Input: {"city": "Paris"}' },
      { role: 'user', content: 'Observation: {"city":"Paris","temperatureC":18,"sky":"clear"}' },
    ]);
    expect(result.entries.at(-1)).toMatchObject({
      message: { role: 'assistant', content: '18 °C and clear.' },
      reasoning: 'I know it.',
      meta: { rawText: 'Thought: I know it.\nFinal Answer: 18 °C and clear.' },
    });
    expect(noticeOf(result.entries[0])).toContain('switched to text ReAct');
    expect(harness.tracer.describe()).toBe(
      [
        'run: What is the weather in Paris? [ok]',
        '  llm: scripted-model [error]',
        '  llm: scripted-model [ok]',
        '  tool: get_weather [ok]',
        '  llm: scripted-model [ok]',
      ].join('\n'),
    );
    expect(harness.tracer.find('llm')[0]?.error?.type).toBe('tools-unsupported');
    expect(harness.tracer.only('run').attributes).toMatchObject({
      'run.protocol': 'react',
      'run.protocol_switched': true,
    });

    // A later run against the same endpoint starts in text ReAct, with no second notice.
    const later = createHarness({
      tools: [weatherTool()],
      protocolMemory,
      endpointKey: 'llamacpp|http://localhost:8080/v1|qwen',
      turns: [{ text: 'Final Answer: hi' }],
    });
    await later.run();
    expect(later.model.requests[0]?.tools).toBeUndefined();
    expect(later.eventsOf('notice')).toEqual([]);
  });

  it('never switches when the protocol is forced to tools', async () => {
    const protocolMemory = memory();
    const harness = createHarness({
      tools: [weatherTool()],
      protocol: 'tools',
      protocolMemory,
      turns: [{ kind: 'error', error: toolsRejected() }],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'error', reason: 'model-error' });
    expect(result.message).toContain('Set Protocol to Auto or Text ReAct');
    expect(protocolMemory.values.size).toBe(0);
    expect(harness.model.requests).toHaveLength(1);
  });

  it('speaks text ReAct from the start when forced, rewriting earlier tool messages as observations', async () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'Weather in Oslo?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '9 °C' },
      { role: 'assistant', content: '9 °C in Oslo.' },
      { role: 'user', content: 'And Paris?' },
    ];
    const harness = createHarness({
      tools: [weatherTool()],
      protocol: 'react',
      history,
      turns: [{ text: 'Final Answer: 18 °C.' }],
    });

    await harness.run();

    const request = harness.model.requests[0];
    expect(request?.tools).toBeUndefined();
    expect(request?.messages.slice(1)).toEqual([
      { role: 'user', content: 'Weather in Oslo?' },
      { role: 'assistant', content: 'Action: get_weather\nAction Input: {"city":"Oslo"}' },
      { role: 'user', content: 'Observation: 9 °C' },
      { role: 'assistant', content: '9 °C in Oslo.' },
      { role: 'user', content: 'And Paris?' },
    ]);
  });

  it('asks once for the right format, then takes a second malformed reply as the answer', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      protocol: 'react',
      turns: [{ text: 'It is probably sunny.' }, { text: 'Sunny, I think.' }],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(harness.model.requests).toHaveLength(2);
    const correction = harness.model.requests[1]?.messages.at(-1);
    expect(correction?.role).toBe('user');
    expect(correction?.content).toContain(
      'did not follow the required format: The reply has neither an "Action:" line nor a "Final Answer:" line.',
    );
    expect(
      result.entries.map((entry) => [entry.message.role, entry.message.content, entry.meta?.synthetic ?? false]),
    ).toEqual([
      ['assistant', 'It is probably sunny.', false],
      ['user', correction?.content, true],
      ['assistant', 'Sunny, I think.', false],
    ]);
  });

  it('reports a bad Action Input as an observation so the model can fix it', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      protocol: 'react',
      turns: [{ text: 'Action: get_weather\nAction Input: {"city": 7}' }, { text: 'Final Answer: sorry' }],
    });

    await harness.run();

    expect(harness.model.requests[1]?.messages.at(-1)).toEqual({
      role: 'user',
      content:
        "Observation: Error: invalid arguments for get_weather: city: expected string, received number. Send the call again with arguments that match the tool's schema.",
    });
    expect(harness.tracer.only('tool').status).toBe('error');
  });

  it('answers plainly in react mode when no tools are enabled', async () => {
    const harness = createHarness({ protocol: 'react', turns: [{ text: 'Just text.' }] });

    const result = await harness.run();

    expect(result.entries[0]?.message).toEqual({ role: 'assistant', content: 'Just text.' });
    expect(harness.model.requests[0]?.messages[0]).toEqual({ role: 'system', content: 'You are a helpful assistant.' });
  });
});

describe('react helpers', () => {
  it('maps plain-text input onto a tool with a single string argument', () => {
    const calculator = defineTool({
      name: 'calculator',
      description: 'Arithmetic.',
      schema: z.object({ expression: z.string() }),
      execute: async () => '4',
    });
    expect(interpretReactReply('Action: calculator\nAction Input: "2 + 2"', [calculator], 'id1')).toEqual({
      type: 'action',
      call: { id: 'id1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"2 + 2"}' } },
    });
    expect(interpretReactReply('Action: Calculator\nAction Input: 3*3', [calculator], 'id2')).toMatchObject({
      call: { function: { name: 'calculator', arguments: '{"expression":"3*3"}' } },
    });
  });

  it('merges consecutive tool results into one observation message', () => {
    expect(
      toReactMessages([
        {
          role: 'assistant',
          content: 'Checking both.',
          tool_calls: [
            { id: 'a', type: 'function', function: { name: 'x', arguments: '' } },
            { id: 'b', type: 'function', function: { name: 'y', arguments: '{"q":1}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'a', content: 'one' },
        { role: 'tool', tool_call_id: 'b', content: 'two' },
      ]),
    ).toEqual([
      {
        role: 'assistant',
        content: 'Thought: Checking both.\nAction: x\nAction Input: {}\nAction: y\nAction Input: {"q":1}',
      },
      { role: 'user', content: 'Observation: one\n\nObservation: two' },
    ]);
  });
});
