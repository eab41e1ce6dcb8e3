import { describe, it, expect } from 'vitest';
import { ATTR } from './attributes.ts';
import { createSpanRecorder } from './span-recorder.ts';
import { createTracer } from './tracer.ts';
import type { Span, SpanProcessor } from './span.ts';
import { sequentialIds } from '../testing/span-fixtures.ts';

function setup() {
  let time = 1_700_000_000_000.25;
  const recorder = createSpanRecorder();
  const tracer = createTracer({
    sessionId: 'sess_1',
    processors: [recorder],
    now: () => (time += 10),
    ids: sequentialIds(7),
  });
  return { tracer, recorder };
}

describe('createTracer', () => {
  it('backdates a span opened after its work began, never before its parent or into the future', () => {
    const { tracer } = setup();
    const run = tracer.startSpan({ kind: 'run', name: 'run' });
    const child = tracer.startSpan({ kind: 'memory', name: 'recall', parent: run, startTime: run.span.startTime + 3 });
    expect(child.span.startTime).toBe(run.span.startTime + 3);
    const early = tracer.startSpan({
      kind: 'memory',
      name: 'recall',
      parent: run,
      startTime: run.span.startTime - 100,
    });
    expect(early.span.startTime).toBe(run.span.startTime);
    const late = tracer.startSpan({ kind: 'memory', name: 'recall', parent: run, startTime: Number.MAX_SAFE_INTEGER });
    expect(late.span.startTime).toBeLessThan(Number.MAX_SAFE_INTEGER);
  });

  it('starts a root with a new trace and a run id equal to its own span id', () => {
    const { tracer } = setup();
    const run = tracer.startSpan({ kind: 'run', name: 'What is 2+2?' });
    expect(run.span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(run.span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(run.span.runId).toBe(run.span.spanId);
    expect(run.span.parentSpanId).toBeUndefined();
    expect(run.span.sessionId).toBe('sess_1');
    expect(run.span.status).toBe('running');
  });

  it('makes children inherit trace and run and point at their parent', () => {
    const { tracer } = setup();
    const run = tracer.startSpan({ kind: 'run', name: 'run' });
    const llm = tracer.startSpan({ kind: 'llm', name: 'chat', parent: run });
    const retry = tracer.startSpan({ kind: 'retry', name: 'retry', parent: llm });
    expect(llm.span.traceId).toBe(run.span.traceId);
    expect(retry.span.runId).toBe(run.span.spanId);
    expect(retry.span.parentSpanId).toBe(llm.span.spanId);
    const second = tracer.startSpan({ kind: 'run', name: 'second' });
    expect(second.span.traceId).not.toBe(run.span.traceId);
  });

  it('with real ids uses crypto randomness in the right formats', () => {
    const tracer = createTracer({ sessionId: 's', processors: [] });
    const span = tracer.startSpan({ kind: 'run', name: 'r' }).span;
    expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(span.startTime).toBeGreaterThan(1_600_000_000_000);
  });

  it('merges attributes and hands processors a fresh copy on every update', () => {
    const { tracer, recorder } = setup();
    const llm = tracer.startSpan({ kind: 'llm', name: 'chat', attributes: { [ATTR.llmRequestModel]: 'm' } });
    llm.setAttributes({ [ATTR.llmOutputText]: 'Hel' });
    llm.setAttributes({ [ATTR.llmOutputText]: 'Hello', [ATTR.llmTimeToFirstTokenMs]: 12 });
    const updates = recorder.calls.filter((call) => call.event === 'update').map((call) => call.span);
    expect(updates).toHaveLength(2);
    expect(updates[0]).not.toBe(updates[1]);
    expect(updates[0]?.attributes).not.toBe(updates[1]?.attributes);
    expect(updates[0]?.attributes[ATTR.llmOutputText]).toBe('Hel');
    expect(updates[1]?.attributes).toEqual({
      [ATTR.llmRequestModel]: 'm',
      [ATTR.llmOutputText]: 'Hello',
      [ATTR.llmTimeToFirstTokenMs]: 12,
    });
  });

  it('processors cannot change the span by mutating what they receive', () => {
    const mutator: SpanProcessor = {
      onStart: (span) => {
        span.name = 'changed';
        span.attributes.x = 1;
      },
      onUpdate: () => {},
      onEnd: () => {},
    };
    const tracer = createTracer({ sessionId: 's', processors: [mutator], ids: sequentialIds() });
    const handle = tracer.startSpan({ kind: 'run', name: 'original' });
    expect(handle.span.name).toBe('original');
    expect(handle.span.attributes).toEqual({});
  });

  it('ends still-open children as cancelled before the parent, never after it', () => {
    const { tracer, recorder } = setup();
    const run = tracer.startSpan({ kind: 'run', name: 'run' });
    const llm = tracer.startSpan({ kind: 'llm', name: 'chat', parent: run });
    const tool = tracer.startSpan({ kind: 'tool', name: 'calculator', parent: run });
    llm.end();
    run.end('ok');
    const ends = recorder.calls.filter((call) => call.event === 'end').map((call) => call.span);
    expect(ends.map((span) => span.name)).toEqual(['chat', 'calculator', 'run']);
    const toolEnd = ends[1] as Span;
    const runEnd = ends[2] as Span;
    expect(toolEnd.status).toBe('cancelled');
    expect(runEnd.status).toBe('ok');
    expect(runEnd.endTime).toBeGreaterThanOrEqual(toolEnd.endTime as number);
    expect(tool.span.status).toBe('cancelled');
    expect(tracer.openSpans()).toEqual([]);
  });

  it('ignores a second end and attributes set after the end', () => {
    const { tracer, recorder } = setup();
    const tool = tracer.startSpan({ kind: 'tool', name: 'calculator' });
    tool.end('error', { type: 'tool_error', message: 'Division by zero' });
    tool.end('ok');
    tool.setAttributes({ late: true });
    const ends = recorder.calls.filter((call) => call.event === 'end');
    expect(ends).toHaveLength(1);
    expect(tool.span.status).toBe('error');
    expect(tool.span.error).toEqual({ type: 'tool_error', message: 'Division by zero' });
    expect(tool.span.attributes).toEqual({});
    expect(recorder.calls.some((call) => call.event === 'update')).toBe(false);
  });

  it('endAll closes every open span, children first, with the given status', () => {
    const { tracer, recorder } = setup();
    const run = tracer.startSpan({ kind: 'run', name: 'run' });
    const llm = tracer.startSpan({ kind: 'llm', name: 'chat', parent: run });
    tracer.startSpan({ kind: 'retry', name: 'retry', parent: llm });
    expect(tracer.openSpans().map((span) => span.name)).toEqual(['run', 'chat', 'retry']);
    tracer.endAll('error', { type: 'network', message: 'offline' });
    const ends = recorder.calls.filter((call) => call.event === 'end').map((call) => call.span);
    expect(ends.map((span) => span.name)).toEqual(['retry', 'chat', 'run']);
    expect(ends.every((span) => span.status === 'error' && span.error?.message === 'offline')).toBe(true);
    expect(tracer.openSpans()).toEqual([]);
  });

  it('records a span started under an ended parent as cancelled within the parent', () => {
    const { tracer } = setup();
    const run = tracer.startSpan({ kind: 'run', name: 'run' });
    run.end('cancelled');
    const late = tracer.startSpan({ kind: 'tool', name: 'late', parent: run });
    expect(late.span.status).toBe('cancelled');
    expect(late.span.endTime).toBeLessThanOrEqual(run.span.endTime as number);
    expect(tracer.openSpans()).toEqual([]);
  });

  it('keeps going when a processor throws', () => {
    const errors: unknown[] = [];
    const broken: SpanProcessor = {
      onStart: () => {
        throw new Error('quota');
      },
      onUpdate: () => {},
      onEnd: () => {},
    };
    const recorder = createSpanRecorder();
    const tracer = createTracer({
      sessionId: 's',
      processors: [broken, recorder],
      onProcessorError: (error) => errors.push(error),
    });
    tracer.startSpan({ kind: 'run', name: 'r' }).end();
    expect(errors).toHaveLength(1);
    expect(recorder.spans()[0]?.status).toBe('ok');
  });
});
