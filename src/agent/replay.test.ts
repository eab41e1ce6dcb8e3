import { describe, expect, it } from 'vitest';
import { ATTR } from '../trace/attributes.ts';
import type { Span } from '../trace/span.ts';
import { canonicalArguments, createReplayLookup } from './replay.ts';
import { createHarness, weatherTool } from './test-harness.ts';

let nextId = 0;
function toolSpan(
  name: string,
  args: string,
  outcome: { result?: string; error?: string; errorType?: string; status?: Span['status'] },
  startTime = 1,
): Span {
  nextId += 1;
  return {
    traceId: 't'.repeat(32),
    spanId: `span_${nextId}`,
    parentSpanId: 'run_1',
    sessionId: 'sess_1',
    runId: 'run_1',
    kind: 'tool',
    name,
    startTime,
    endTime: startTime + 1,
    status: outcome.status ?? (outcome.error === undefined ? 'ok' : 'error'),
    ...(outcome.errorType ? { error: { type: outcome.errorType, message: outcome.error ?? '' } } : {}),
    attributes: {
      [ATTR.toolName]: name,
      [ATTR.toolArguments]: args,
      ...(outcome.result === undefined ? {} : { [ATTR.toolResult]: outcome.result }),
      ...(outcome.error === undefined ? {} : { [ATTR.toolError]: outcome.error }),
    },
  };
}

describe('createReplayLookup', () => {
  it('answers the same tool and arguments (key order and spacing aside) with the recorded result', () => {
    const replay = createReplayLookup([toolSpan('calculator', '{"expression":"6*7","precision":2}', { result: '42' })]);
    expect(replay({ id: 'c', name: 'calculator', arguments: '{ "precision": 2, "expression": "6*7" }' })).toEqual({
      status: 'ok',
      result: '42',
    });
    expect(replay({ id: 'c', name: 'calculator', arguments: '{"expression":"6*8","precision":2}' })).toBeUndefined();
    expect(replay({ id: 'c', name: 'other', arguments: '{"expression":"6*7","precision":2}' })).toBeUndefined();
  });

  it('replays recorded errors, but not denied, cancelled or limit-skipped calls', () => {
    const replay = createReplayLookup([
      toolSpan('fetch_url', '{"url":"a"}', { error: 'Error: fetch_url failed: 404', errorType: 'Error' }),
      toolSpan('fetch_url', '{"url":"b"}', { error: 'The user denied this call.', errorType: 'denied' }),
      toolSpan('fetch_url', '{"url":"c"}', { error: 'stopped', status: 'cancelled' }),
      toolSpan('fetch_url', '{"url":"d"}', { error: 'Not run', errorType: 'limit' }),
    ]);
    expect(replay({ id: 'c', name: 'fetch_url', arguments: '{"url":"a"}' })).toEqual({
      status: 'error',
      result: 'Error: fetch_url failed: 404',
    });
    for (const url of ['b', 'c', 'd'])
      expect(replay({ id: 'c', name: 'fetch_url', arguments: `{"url":"${url}"}` })).toBeUndefined();
  });

  it('gives repeated identical calls the recorded results in order, then the last again', () => {
    const replay = createReplayLookup([
      toolSpan('dice', '{}', { result: '6' }, 5),
      toolSpan('dice', '{}', { result: '3' }, 1),
    ]);
    expect(
      [
        replay({ id: 'c', name: 'dice', arguments: '{}' }),
        replay({ id: 'c', name: 'dice', arguments: '' }),
        replay({ id: 'c', name: 'dice', arguments: '{}' }),
      ].map((r) => r?.result),
    ).toEqual(['3', '6', '6']);
  });

  it('canonicalArguments sorts nested keys and leaves non-JSON text trimmed', () => {
    expect(canonicalArguments('{"b":{"d":1,"c":[{"f":1,"e":2}]},"a":0}')).toBe(
      '{"a":0,"b":{"c":[{"e":2,"f":1}],"d":1}}',
    );
    expect(canonicalArguments('  not json ')).toBe('not json');
  });
});

describe('replay in the tool executor', () => {
  it('answers a recorded call without running the tool, marks span and entry as replayed, and runs other calls for real', async () => {
    const cities: string[] = [];
    const harness = createHarness({
      tools: [weatherTool(cities)],
      replay: createReplayLookup([
        toolSpan('get_weather', '{"city":"Paris"}', { result: '{"city":"Paris","temperatureC":41}' }),
      ]),
      turns: [
        {
          toolCalls: [
            { id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } },
            { id: 'c2', name: 'get_weather', arguments: { city: 'Oslo' } },
          ],
        },
        { text: 'Done.' },
      ],
    });
    const result = await harness.run();
    expect(cities).toEqual(['Oslo']);
    expect(result.entries.slice(1, 3).map((entry) => [entry.message.content, entry.meta?.replayed])).toEqual([
      ['{"city":"Paris","temperatureC":41}', true],
      ['{"city":"Oslo","temperatureC":9,"sky":"clear"}', undefined],
    ]);
    const spans = harness.tracer.find('tool', 'get_weather');
    expect(spans.map((span) => span.attributes[ATTR.toolReplayed])).toEqual([true, undefined]);
    expect(spans.map((span) => span.attributes[ATTR.toolResult])).toEqual([
      '{"city":"Paris","temperatureC":41}',
      '{"city":"Oslo","temperatureC":9,"sky":"clear"}',
    ]);
  });
});
