import { describe, expect, it } from 'vitest';
import { agentEnglish } from './notice-text.ts';
import { ATTRIBUTE } from './span-attributes.ts';
import { createHarness, weatherTool } from './test-harness.ts';

/** One reply with `count` distinct weather calls. */
function flood(count: number) {
  return Array.from({ length: count }, (_, index) => ({
    id: `c${index}`,
    name: 'get_weather',
    arguments: { city: `City ${index}` },
  }));
}

describe('a reply with more tool calls than the run has left', () => {
  it('builds only the calls within the budget, says once how many were dropped, and stops at the limit', async () => {
    const cities: string[] = [];
    const harness = createHarness({ tools: [weatherTool(cities)], turns: [{ toolCalls: flood(10_000) }] });
    harness.options.limits = { ...harness.options.limits, maxToolCalls: 20 };

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'max-tool-calls' });
    expect(cities).toHaveLength(20);
    const [assistant, ...results] = result.entries;
    expect(assistant?.message.role === 'assistant' && assistant.message.tool_calls?.length).toBe(20);
    expect(results).toHaveLength(20);
    expect(results.every((entry) => entry.message.role === 'tool')).toBe(true);
    expect(harness.tracer.find('tool')).toHaveLength(20);
    expect(harness.eventsOf('tool-call')).toHaveLength(20);
    expect(harness.eventsOf('tool-result')).toHaveLength(20);
    expect(harness.eventsOf('tool-call-delta')).toHaveLength(20);
    const dropped = harness.eventsOf('notice').filter((event) => event.code === 'tool-calls-dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0] && agentEnglish(dropped[0].text)).toBe(
      'The model asked for 10000 tool calls at once. Tool call limit (20): 20 run, 9980 dropped.',
    );
    expect(assistant?.meta?.noticeText).toEqual([dropped[0]?.text]);
    const llm = harness.tracer.only('llm');
    expect(llm.attributes[ATTRIBUTE.llmToolCallsDropped]).toBe(9980);
    expect(llm.attributes[ATTRIBUTE.llmOutputToolCalls]).toHaveLength(20);
  });

  it('counts the budget over the whole run: calls already made leave fewer for the next reply', async () => {
    const cities: string[] = [];
    const harness = createHarness({
      tools: [weatherTool(cities)],
      turns: [{ toolCalls: flood(2) }, { toolCalls: flood(5).slice(2) }],
    });
    harness.options.limits = { ...harness.options.limits, maxToolCalls: 3 };

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'max-tool-calls' });
    expect(cities).toEqual(['City 0', 'City 1', 'City 2']);
    expect(result.entries.map((entry) => entry.message.role)).toEqual([
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
    ]);
    const notices = harness.eventsOf('notice').filter((event) => event.code === 'tool-calls-dropped');
    expect(notices.map((event) => event.text?.values)).toEqual([{ requested: 3, kept: 1, limit: 3, dropped: 2 }]);
  });
});
