import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { ATTR } from './attributes.ts';
import { toOtlpRequest } from './otlp.ts';
import { importOtlpTraces, type ImportedTrace } from './otlp-import.ts';
import { createSpanRecorder } from './span-recorder.ts';
import { createTracer } from './tracer.ts';
import type { Span } from './span.ts';

/** Two runs of one session recorded through the tracer: tool calls, a failing tool, a cancelled retry. */
function recordSession(): Span[] {
  let time = 1_700_000_000_000.5;
  const recorder = createSpanRecorder();
  const tracer = createTracer({ sessionId: 'sess_roundtrip', processors: [recorder], now: () => (time += 7.25) });
  const system = { role: 'system', content: 'You are Glassbox.' };
  const question = { role: 'user', content: 'What is 6*7?' };
  const call = { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } };
  const run = tracer.startSpan({ kind: 'run', name: 'What is 6*7?', attributes: { [ATTR.runInput]: 'What is 6*7?' } });
  const llm = tracer.startSpan({
    kind: 'llm',
    name: 'chat gpt-4o-mini',
    parent: run,
    attributes: {
      [ATTR.llmProvider]: 'openai',
      [ATTR.llmRequestModel]: 'gpt-4o-mini',
      [ATTR.llmParameters]: { temperature: 0.5, max_tokens: 256, stream: true },
      [ATTR.llmMessages]: [system, question],
    },
  });
  llm.setAttributes({
    [ATTR.llmOutputToolCalls]: [call],
    [ATTR.llmFinishReason]: 'tool_calls',
    [ATTR.llmUsageInputTokens]: 120,
    [ATTR.llmUsageOutputTokens]: 18,
    [ATTR.llmUsageCachedTokens]: 64,
    [ATTR.llmTimeToFirstTokenMs]: 210.5,
  });
  llm.end();
  const tool = tracer.startSpan({
    kind: 'tool',
    name: 'calculator',
    parent: run,
    attributes: {
      [ATTR.toolName]: 'calculator',
      [ATTR.toolCallId]: 'call_1',
      [ATTR.toolArguments]: { expression: '6*7' },
    },
  });
  tool.setAttributes({ [ATTR.toolResult]: { value: 42 } });
  tool.end();
  const failing = tracer.startSpan({
    kind: 'tool',
    name: 'get_weather',
    parent: run,
    attributes: { [ATTR.toolName]: 'get_weather', [ATTR.toolArguments]: { city: 'Paris' } },
  });
  failing.end('error', { type: 'network_error', message: 'Network unreachable' });
  const final = tracer.startSpan({
    kind: 'llm',
    name: 'chat gpt-4o-mini',
    parent: run,
    attributes: {
      [ATTR.llmRequestModel]: 'gpt-4o-mini',
      [ATTR.llmMessages]: [
        system,
        question,
        { role: 'assistant', content: null, tool_calls: [call] },
        { role: 'tool', tool_call_id: 'call_1', content: '42' },
      ],
    },
  });
  final.setAttributes({
    [ATTR.llmOutputText]: '6*7 = 42.',
    [ATTR.llmFinishReason]: 'stop',
    [ATTR.llmUsageInputTokens]: 150,
    [ATTR.llmUsageOutputTokens]: 9,
  });
  final.end();
  run.setAttributes({ [ATTR.runOutput]: '6*7 = 42.' });
  run.end();

  const second = tracer.startSpan({ kind: 'run', name: 'And 7*8?', attributes: { [ATTR.runInput]: 'And 7*8?' } });
  tracer.startSpan({ kind: 'retry', name: 'retry after 429', parent: second, attributes: { [ATTR.retryAttempt]: 2 } });
  second.end('cancelled');
  return recorder.spans();
}

function roundTrip(spans: Span[]): ImportedTrace[] {
  const file = JSON.parse(JSON.stringify(toOtlpRequest(spans, { includeMessages: true }))) as unknown;
  const imported = importOtlpTraces(file);
  if (!imported.ok) throw new Error(imported.error);
  return imported.traces;
}

describe('importOtlpTraces: round trip of our export', () => {
  it('gives back the same spans, kinds, parents, runs, statuses, durations and token counts', () => {
    const spans = recordSession();
    const traces = roundTrip(spans);
    expect(traces).toHaveLength(1);
    const trace = traces[0] as ImportedTrace;
    expect(trace.id).toBe('sess_roundtrip');
    expect(trace.spans).toHaveLength(spans.length);
    const imported = new Map(trace.spans.map((span) => [span.spanId, span]));
    for (const span of spans) {
      const back = imported.get(span.spanId) as Span;
      expect(back, span.name).toBeDefined();
      expect([back.kind, back.name, back.parentSpanId, back.runId, back.traceId, back.status]).toEqual([
        span.kind,
        span.name,
        span.parentSpanId,
        span.runId,
        span.traceId,
        span.status,
      ]);
      expect(back.startTime).toBeCloseTo(span.startTime, 5);
      expect((back.endTime as number) - back.startTime).toBeCloseTo((span.endTime as number) - span.startTime, 5);
      for (const key of [
        ATTR.llmUsageInputTokens,
        ATTR.llmUsageOutputTokens,
        ATTR.llmUsageCachedTokens,
        ATTR.llmRequestModel,
        ATTR.toolName,
      ]) {
        expect(back.attributes[key], `${span.name} ${key}`).toEqual(span.attributes[key]);
      }
    }
    const tool = trace.spans.find((span) => span.attributes[ATTR.toolName] === 'calculator') as Span;
    expect(tool.attributes[ATTR.toolArguments]).toEqual({ expression: '6*7' });
    expect(tool.attributes[ATTR.toolResult]).toEqual({ value: 42 });
    const failing = trace.spans.find((span) => span.name === 'get_weather') as Span;
    expect(failing.error).toEqual({ type: 'network_error', message: 'Network unreachable' });
    const firstLlm = trace.spans.find((span) => span.kind === 'llm') as Span;
    expect(firstLlm.attributes[ATTR.llmParameters]).toEqual({ temperature: 0.5, max_tokens: 256, stream: true });
    expect(firstLlm.attributes[ATTR.llmFinishReason]).toBe('tool_calls');
    expect(firstLlm.attributes[ATTR.llmTimeToFirstTokenMs]).toBe(210.5);
  });

  it('rebuilds the chat from the last llm call of each run', () => {
    const trace = roundTrip(recordSession())[0] as ImportedTrace;
    expect(trace.messages.map((entry) => [entry.message.role, entry.message.content])).toEqual([
      ['user', 'What is 6*7?'],
      ['assistant', null],
      ['tool', '42'],
      ['assistant', '6*7 = 42.'],
      // The cancelled second run has no llm call: its input is the chat's.
      ['user', 'And 7*8?'],
    ]);
    expect(trace.title).toBe('What is 6*7?');
    expect(
      trace.spans
        .filter((span) => span.parentSpanId === undefined)
        .every((span) => span.attributes[ATTR.importSource] === 'otlp'),
    ).toBe(true);
  });

  it('emits only gen_ai.* names that are in the current GenAI registry', { tags: [SHARED_DATA_TAG] }, () => {
    const registry = new Set(
      readFileSync(sharedPath('real-data', 'genai-attributes.txt'), 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('#')),
    );
    expect(registry.size).toBeGreaterThan(50);
    const request = toOtlpRequest(recordSession(), { includeMessages: true });
    const names = new Set<string>();
    for (const span of request.resourceSpans[0]?.scopeSpans[0]?.spans ?? []) {
      for (const attribute of span.attributes) if (attribute.key.startsWith('gen_ai.')) names.add(attribute.key);
    }
    expect(names.size).toBeGreaterThan(15);
    expect([...names].filter((name) => !registry.has(name))).toEqual([]);
  });
});
