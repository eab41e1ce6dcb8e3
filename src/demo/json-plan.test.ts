import { describe, expect, it } from 'vitest';
import { createHarness } from '../agent/test-harness.ts';
import { builtinTools } from '../tools/registry.ts';
import { demoTestModel } from './demo-test-model.ts';

async function runJsonPlan(question: string) {
  const tools = builtinTools.filter(
    (tool) => tool.name === 'date_calc' || tool.name === 'calculator' || tool.name === 'get_current_time',
  );
  const harness = createHarness({
    protocol: 'json',
    model: demoTestModel(),
    tools,
    history: [{ role: 'user', content: question }],
    runInput: question,
  });
  const result = await harness.run();
  return { harness, result };
}

describe('the demo model speaks JSON plan', () => {
  it('plans, calls date_calc, and answers whether the day is a weekend (English)', async () => {
    const { harness, result } = await runJsonPlan(
      'What day of the week is 150 days after 2024-05-20, and is that a weekend?',
    );
    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    const [plan, call, tool, answer] = result.entries;
    expect(plan?.meta?.plan).toEqual([
      'Work out the date with date_calc',
      'Check whether that day is a weekend',
      'Answer the question',
    ]);
    expect(call?.message).toMatchObject({
      tool_calls: [{ function: { name: 'date_calc', arguments: '{"date":"2024-05-20","add_days":150}' } }],
    });
    expect(call?.meta?.planNext).toBe('Work out the date with date_calc');
    expect(tool?.meta?.toolStatus).toBe('ok');
    expect(answer?.message.content).toContain('2024-10-17');
    expect(answer?.message.content).toContain('not a weekend');
    expect(answer?.meta?.planNext).toBe('Answer the question');
    // The request asked for the strict schema, and the demo understood the prompt-level format.
    expect(
      harness.tracer.spans.filter((span) => span.kind === 'llm').map((span) => span.attributes['llm.response_format']),
    ).toEqual(['json_schema_strict', 'json_schema_strict', 'json_schema_strict']);
  });

  it('does the same in Chinese', async () => {
    const { result } = await runJsonPlan('2024年5月20日150天后是星期几？那天是周末吗？');
    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(result.entries[0]?.meta?.plan).toEqual(['用 date_calc 推算日期', '判断那天是不是周末', '回答问题']);
    expect(result.entries.at(-1)?.message.content).toContain('不是周末');
  });
});
