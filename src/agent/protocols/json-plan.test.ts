import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../tools/define-tool.ts';
import { fakeToolContext, createHarness, weatherTool } from '../test-harness.ts';
import { toJsonPlanMessages } from './json-plan.ts';

const plan = '{"type":"plan","plan":["Look up the weather in Paris","Answer"],"next":"Look up the weather in Paris"}';
const call = '{"type":"tool_call","tool":"get_weather","args":{"city":"Paris"},"next":"Look up the weather in Paris"}';
const final = '{"type":"final","answer":"18 °C and clear in Paris.","next":"Answer"}';

describe('JSON plan protocol', () => {
  it('runs plan → tool → final: one decision per reply, tool results fed back, plan span and entries', async () => {
    const cities: string[] = [];
    const harness = createHarness({
      protocol: 'json',
      tools: [weatherTool(cities)],
      turns: [{ chunks: [{ text: plan.slice(0, 40) }, { text: plan.slice(40) }] }, { text: call }, { text: final }],
    });
    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(cities).toEqual(['Paris']);
    const [first, second, third] = harness.model.requests;
    expect(first?.tools).toBeUndefined();
    expect(first?.responseFormat?.name).toBe('agent_decision');
    expect(first?.messages[0]?.content).toContain('Reply with exactly one JSON object');
    expect(first?.messages[0]?.content).toContain('get_weather: Current weather for a city.');
    // After the plan the model is asked to go on; after the call it sees the observation.
    expect(second?.messages.slice(-2)).toEqual([
      {
        role: 'assistant',
        content:
          '{"type":"plan","plan":["Look up the weather in Paris","Answer"],"next":"Look up the weather in Paris"}',
      },
      { role: 'user', content: 'Go on with the plan: reply with your next decision as one JSON object.' },
    ]);
    expect(third?.messages.slice(-2)).toEqual([
      { role: 'assistant', content: '{"type":"tool_call","tool":"get_weather","args":{"city":"Paris"}}' },
      { role: 'user', content: 'Observation (get_weather): {"city":"Paris","temperatureC":18,"sky":"clear"}' },
    ]);

    const [planEntry, callEntry, toolEntry, answer] = result.entries;
    expect(planEntry?.meta).toMatchObject({
      plan: ['Look up the weather in Paris', 'Answer'],
      planNext: 'Look up the weather in Paris',
    });
    expect(callEntry?.message).toMatchObject({
      role: 'assistant',
      tool_calls: [{ function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
    });
    expect(toolEntry?.message).toMatchObject({
      role: 'tool',
      content: '{"city":"Paris","temperatureC":18,"sky":"clear"}',
    });
    expect(answer).toMatchObject({
      message: { role: 'assistant', content: '18 °C and clear in Paris.' },
      meta: { planNext: 'Answer', rawText: final },
    });

    expect(harness.tracer.describe()).toBe(
      [
        'run: What is the weather in Paris? [ok]',
        '  llm: scripted-model [ok]',
        '  plan: plan [ok]',
        '  llm: scripted-model [ok]',
        '  tool: get_weather [ok]',
        '  llm: scripted-model [ok]',
      ].join('\n'),
    );
    // The plan streams as decisions, never as raw JSON text.
    expect(harness.eventsOf('text-delta')).toEqual([]);
    expect(harness.eventsOf('decision-delta').map((event) => event.decision.plan)).toContainEqual([
      'Look up the weather in Paris',
      'Answer',
    ]);
    expect(harness.eventsOf('decision-delta').at(-1)?.decision.answer).toBe('18 °C and clear in Paris.');
  });

  it('asks once for a correction quoting the validator, then goes on', async () => {
    const harness = createHarness({ protocol: 'json', tools: [weatherTool()], turns: [{ text: '' }, { text: final }] });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    const correction = harness.model.requests[1]?.messages.at(-1);
    expect(correction).toEqual({
      role: 'user',
      content: expect.stringContaining('Your last reply was not a valid JSON decision: The reply was empty'),
    });
    expect(harness.model.requests[1]?.messages.at(-2)).toEqual({ role: 'assistant', content: '(empty reply)' });
    expect(harness.eventsOf('notice').map((event) => event.code)).toContain('decision-invalid');
    expect(result.entries[1]?.meta?.synthetic).toBe(true);
  });

  it('ends the run with a clear message when the corrected reply is still invalid', async () => {
    const harness = createHarness({ protocol: 'json', turns: [{ text: 'Sure!' }, { text: '{"type":"final"}' }] });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'stopped', reason: 'no-progress' });
    expect(result.message).toContain('did not reply with a valid JSON decision, even after a correction');
    expect(result.message).toContain('a "final" decision needs the answer text');
    expect(harness.model.requests).toHaveLength(2);
  });

  it('stops when the plan keeps changing without a tool call or an answer', async () => {
    const plans = ['["a"]', '["a","b"]', '["b","c"]', '["d"]'].map((steps) => ({
      text: `{"type":"plan","plan":${steps}}`,
    }));
    const harness = createHarness({ protocol: 'json', tools: [weatherTool()], turns: plans });
    const result = await harness.run();
    expect(result).toMatchObject({ outcome: 'stopped', reason: 'no-progress' });
    expect(result.message).toBe(
      'Stopped: no progress — the plan changed 3 times in a row without a tool call or an answer.',
    );
    expect(harness.model.requests).toHaveLength(3);
    const planSpans = harness.tracer.spans.filter((span) => span.kind === 'plan');
    expect(planSpans.map((span) => span.name)).toEqual(['plan', 'plan (revision 2)', 'plan (revision 3)']);
    expect(planSpans[2]?.attributes).toMatchObject({ 'plan.added': ['c'], 'plan.removed': ['a'] });
  });

  it('keeps a memory_note as a long-term note tagged as written by the model', async () => {
    const added: { content: string; tags?: string[] }[] = [];
    const toolContext = fakeToolContext();
    const harness = createHarness({
      protocol: 'json',
      toolContext: {
        ...toolContext,
        notes: {
          ...toolContext.notes,
          add: async (input) => (
            added.push(input),
            { id: 'note_9', content: input.content, tags: input.tags ?? [], createdAt: 0, updatedAt: 0 }
          ),
        },
      },
      turns: [{ text: '{"type":"final","answer":"Noted.","memory_note":"The user lives in Paris."}' }],
    });
    await harness.run();
    expect(added).toEqual([{ content: 'The user lives in Paris.', tags: ['by-model'], sessionId: 'sess_test' }]);
    expect(harness.tracer.spans.find((span) => span.kind === 'memory')?.name).toBe('memory_note');
  });

  it('runs a tool call through the same executor: invalid arguments come back as an observation', async () => {
    const strictTool = defineTool({
      name: 'calculator',
      description: 'Math.',
      schema: z.object({ expression: z.string() }),
      execute: async () => '4',
    });
    const harness = createHarness({
      protocol: 'json',
      tools: [strictTool],
      turns: [
        { text: '{"type":"tool_call","tool":"calculator","args":{"expr":"2+2"}}' },
        { text: '{"type":"final","answer":"4"}' },
      ],
    });
    const result = await harness.run();
    expect(result.entries[1]?.meta?.toolStatus).toBe('error');
    expect(harness.model.requests[1]?.messages.at(-1)?.content).toContain('invalid arguments for calculator');
  });
});

describe('toJsonPlanMessages', () => {
  it('rewrites native history into decisions and observations', () => {
    expect(
      toJsonPlanMessages([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
        },
        { role: 'tool', tool_call_id: 'c1', content: '9 °C' },
      ]),
    ).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: '{"type":"final","answer":"Hello!"}' },
      { role: 'user', content: 'Weather?' },
      { role: 'assistant', content: '{"type":"tool_call","tool":"get_weather","args":{"city":"Oslo"}}' },
      { role: 'user', content: 'Observation (get_weather): 9 °C' },
    ]);
  });
});
