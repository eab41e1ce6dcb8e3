import { describe, expect, it } from 'vitest';
import { makeSpan } from '../testing/span-fixtures.ts';
import { toOtlpRequest } from './otlp.ts';

describe('toOtlpRequest with evaluations', () => {
  it('puts a gen_ai.evaluation.result event per score on the run span, and none elsewhere', () => {
    const run = makeSpan({ spanId: 'aaaaaaaaaaaaaaaa', runId: 'aaaaaaaaaaaaaaaa', kind: 'run', endTime: 2 });
    const llm = makeSpan({ spanId: 'bbbbbbbbbbbbbbbb', runId: run.runId, parentSpanId: run.spanId, kind: 'llm' });
    const evaluations = new Map([
      [
        run.runId,
        [
          { name: 'Contains expected', value: 1, label: 'pass', explanation: 'Contains “1004”' },
          { name: 'LLM judge', value: 0.25, label: 'fail', explanation: 'Misses the unit' },
        ],
      ],
    ]);
    const spans = toOtlpRequest([run, llm], { evaluations }).resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
    const runSpan = spans.find((span) => span.spanId === run.spanId);
    const events = runSpan?.events.filter((event) => event.name === 'gen_ai.evaluation.result') ?? [];
    expect(events).toHaveLength(2);
    expect(events[1]?.attributes).toEqual([
      { key: 'gen_ai.evaluation.name', value: { stringValue: 'LLM judge' } },
      { key: 'gen_ai.evaluation.score.value', value: { doubleValue: 0.25 } },
      { key: 'gen_ai.evaluation.score.label', value: { stringValue: 'fail' } },
      { key: 'gen_ai.evaluation.explanation', value: { stringValue: 'Misses the unit' } },
    ]);
    expect(spans.find((span) => span.spanId === llm.spanId)?.events).toEqual([]);
  });
});
