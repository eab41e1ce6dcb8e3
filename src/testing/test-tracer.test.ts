import { describe, expect, it } from 'vitest';
import { createTestTracer } from './test-tracer.ts';

describe('createTestTracer', () => {
  it('links children to their parent, run and trace', () => {
    const tracer = createTestTracer();
    const run = tracer.startSpan({ kind: 'run', name: 'hello' });
    const llm = tracer.startSpan({ kind: 'llm', name: 'm', parent: run, attributes: { a: 1 } });
    expect(llm.span).toMatchObject({
      parentSpanId: run.span.spanId,
      runId: run.span.spanId,
      traceId: run.span.traceId,
      attributes: { a: 1 },
    });
    expect(run.span.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(run.span.spanId).toMatch(/^[0-9a-f]{16}$/);
  });

  it('cancels open children when a parent ends, and ignores a second end', () => {
    const tracer = createTestTracer();
    const run = tracer.startSpan({ kind: 'run', name: 'r' });
    const llm = tracer.startSpan({ kind: 'llm', name: 'm', parent: run });
    const retry = tracer.startSpan({ kind: 'retry', name: 'attempt 1', parent: llm });
    const tool = tracer.startSpan({ kind: 'tool', name: 't', parent: run });
    tool.end('error', { type: 'x', message: 'bad' });
    run.end('ok');
    retry.end('ok');
    expect(tracer.describe()).toBe(
      'run: r [ok]\n  llm: m [cancelled]\n    retry: attempt 1 [cancelled]\n  tool: t [error]',
    );
    expect(tracer.events.filter((event) => event.type === 'end').map((event) => event.name)).toEqual([
      't',
      'attempt 1',
      'm',
      'r',
    ]);
  });

  it('records attribute updates only while a span runs', () => {
    const tracer = createTestTracer();
    const span = tracer.startSpan({ kind: 'run', name: 'r' });
    span.setAttributes({ x: 1 });
    span.end();
    span.setAttributes({ y: 2 });
    expect(span.span.attributes).toEqual({ x: 1 });
    expect(tracer.events.map((event) => event.type)).toEqual(['start', 'update', 'end']);
  });
});
