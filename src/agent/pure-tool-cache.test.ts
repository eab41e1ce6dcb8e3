import { describe, expect, it } from 'vitest';
import { calculatorTool } from '../tools/builtin/calculator.ts';
import { dateCalcTool } from '../tools/builtin/date-calc.ts';
import { createHarness } from './test-harness.ts';
import type { PureToolCache } from './execute-tool-calls.ts';

function memoryCache(): PureToolCache & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, get: (key) => values.get(key), set: (key, result) => void values.set(key, result) };
}

describe('the pure-tool cache', () => {
  it('answers a repeated call with the same arguments from the cache, marked on the entry and the span', async () => {
    const toolCache = memoryCache();
    const run = (args: string) =>
      createHarness({
        tools: [calculatorTool, dateCalcTool],
        toolCache,
        turns: [{ toolCalls: [{ id: 'c1', name: 'calculator', arguments: args }] }, { text: 'Done.' }],
      });
    const first = run('{"expression": "6*7"}');
    const firstResult = await first.run();
    expect(firstResult.entries[1]?.meta?.cached).toBeUndefined();
    expect(toolCache.values.get('calculator {"expression":"6*7"}')).toBe(firstResult.entries[1]?.message.content);

    // Same arguments, other spacing: the cache answers; the tool span says so.
    const second = run('{ "expression":"6*7" }');
    const secondResult = await second.run();
    expect(secondResult.entries[1]).toMatchObject({
      message: { content: firstResult.entries[1]?.message.content },
      meta: { cached: true, toolStatus: 'ok' },
    });
    expect(second.tracer.spans.find((span) => span.kind === 'tool')?.attributes['tool.cached']).toBe(true);

    // Other arguments run the tool.
    const third = await run('{"expression": "6*8"}').run();
    expect(third.entries[1]?.meta?.cached).toBeUndefined();
  });

  it('never caches an impure call: date_calc about "today"', async () => {
    const toolCache = memoryCache();
    const harness = createHarness({
      tools: [dateCalcTool],
      toolCache,
      turns: [
        { toolCalls: [{ id: 'c1', name: 'date_calc', arguments: '{"date": "today", "add_days": 3}' }] },
        { text: 'Done.' },
      ],
    });
    await harness.run();
    expect(toolCache.values.size).toBe(0);
  });

  it.each(['tomorrow', 'yesterday', 'today', '明天', '昨天', '今天'])(
    'runs date_calc on "%s" again when asked again, never marked cached; a written date is cached',
    async (word) => {
      const toolCache = memoryCache();
      const run = (args: string) =>
        createHarness({
          tools: [dateCalcTool],
          toolCache,
          turns: [{ toolCalls: [{ id: 'c1', name: 'date_calc', arguments: args }] }, { text: 'Done.' }],
        }).run();
      const relative = JSON.stringify({ date: word, add_days: 2 });
      await run(relative);
      expect((await run(relative)).entries[1]?.meta?.cached).toBeUndefined();
      expect(toolCache.values.size).toBe(0);

      const written = JSON.stringify({ date: '2024-05-20', add_days: 150 });
      await run(written);
      expect((await run(written)).entries[1]?.meta).toMatchObject({ cached: true });
    },
  );
});
