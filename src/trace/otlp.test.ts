import { describe, it, expect } from 'vitest';
import { ATTR } from './attributes.ts';
import { OTLP_SPAN_KIND, OTLP_STATUS_CODE, toOtlpRequest, type OtlpSpan } from './otlp.ts';
import { toAnyValue, toUnixNanoString, type OtlpAnyValue } from './otlp-values.ts';
import { createSpanRecorder } from './span-recorder.ts';
import { createTracer } from './tracer.ts';
import type { Span } from './span.ts';

const API_KEY = 'sk-test-SECRET-1234567890';

/** A real run recorded through the tracer: an llm call with tool calls, a tool, a failing tool, a final call. */
function recordRun(): Span[] {
  let time = 1_700_000_000_000.5;
  const recorder = createSpanRecorder();
  const tracer = createTracer({ sessionId: 'sess_otlp', processors: [recorder], now: () => (time += 7.25) });
  const run = tracer.startSpan({ kind: 'run', name: 'What is 6*7?', attributes: { [ATTR.runInput]: 'What is 6*7?' } });
  const llm = tracer.startSpan({
    kind: 'llm',
    name: 'chat gpt-4o-mini',
    parent: run,
    attributes: {
      [ATTR.llmProvider]: 'openai',
      [ATTR.llmRequestModel]: 'gpt-4o-mini',
      [ATTR.llmParameters]: { temperature: 1, max_tokens: 256, stream: true, apiKey: API_KEY },
      [ATTR.llmMessages]: [
        { role: 'system', content: 'You are Glassbox.' },
        { role: 'user', content: 'What is 6*7?' },
      ],
    },
  });
  llm.setAttributes({
    [ATTR.llmResponseModel]: 'gpt-4o-mini-2024-07-18',
    [ATTR.llmOutputToolCalls]: [
      { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"6*7"}' } },
    ],
    [ATTR.llmFinishReason]: 'tool_calls',
    [ATTR.llmUsageInputTokens]: 120,
    [ATTR.llmUsageOutputTokens]: 18,
    [ATTR.llmUsageCachedTokens]: 64,
    [ATTR.llmTimeToFirstTokenMs]: 210.5,
    [ATTR.llmStreaming]: true,
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
  tool.setAttributes({ [ATTR.toolResult]: '42' });
  tool.end();
  const failing = tracer.startSpan({
    kind: 'tool',
    name: 'get_weather',
    parent: run,
    attributes: {
      [ATTR.toolName]: 'get_weather',
      [ATTR.toolCallId]: 'call_2',
      [ATTR.toolArguments]: { city: 'Paris' },
    },
  });
  failing.setAttributes({ [ATTR.toolError]: 'Network unreachable' });
  failing.end('error', { type: 'network_error', message: 'Network unreachable' });
  tracer.startSpan({
    kind: 'retry',
    name: 'retry after 429',
    parent: run,
    attributes: { [ATTR.retryAttempt]: 2, [ATTR.retryDelayMs]: 1500.5 },
  });
  run.end('cancelled');
  return recorder.spans();
}

function spansOf(request: ReturnType<typeof toOtlpRequest>): OtlpSpan[] {
  return request.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
}

function attribute(span: OtlpSpan | undefined, key: string): OtlpAnyValue | undefined {
  return span?.attributes.find((item) => item.key === key)?.value;
}

describe('toOtlpRequest', () => {
  const spans = recordRun();
  const request = toOtlpRequest(spans, { serviceName: 'glassbox-test', redact: [API_KEY] });
  const otlp = spansOf(request);
  const byName = (prefix: string) => otlp.find((span) => span.name.startsWith(prefix));

  it('keeps hex ids, parent links and nano timestamps as decimal strings', () => {
    expect(otlp).toHaveLength(spans.length);
    for (const span of otlp) {
      expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
      expect(span.startTimeUnixNano).toMatch(/^\d{19}$/);
      expect(BigInt(span.endTimeUnixNano) >= BigInt(span.startTimeUnixNano)).toBe(true);
    }
    const root = byName('invoke_agent');
    expect(root?.parentSpanId).toBeUndefined();
    for (const span of otlp.filter((item) => item !== root)) {
      expect(span.parentSpanId).toBe(root?.spanId);
      expect(span.traceId).toBe(root?.traceId);
      expect(BigInt(span.endTimeUnixNano) <= BigInt(root?.endTimeUnixNano ?? '0')).toBe(true);
    }
    expect(toUnixNanoString(1_700_000_000_000.5)).toBe('1700000000000500000');
    expect(toUnixNanoString(1_700_000_000_123.25)).toBe('1700000000123250000');
  });

  it('names spans per the GenAI conventions with integer kinds', () => {
    expect(otlp.map((span) => span.name)).toEqual([
      'invoke_agent Glassbox',
      'chat gpt-4o-mini',
      'execute_tool calculator',
      'execute_tool get_weather',
      'retry after 429',
    ]);
    expect(byName('chat')?.kind).toBe(OTLP_SPAN_KIND.client);
    expect(byName('execute_tool')?.kind).toBe(OTLP_SPAN_KIND.internal);
    expect(byName('invoke_agent')?.kind).toBe(1);
    expect(request.resourceSpans[0]?.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'glassbox-test' },
    });
  });

  it('maps llm attributes to typed gen_ai values', () => {
    const chat = byName('chat');
    expect(attribute(chat, 'gen_ai.operation.name')).toEqual({ stringValue: 'chat' });
    expect(attribute(chat, 'gen_ai.provider.name')).toEqual({ stringValue: 'openai' });
    expect(attribute(chat, 'gen_ai.request.model')).toEqual({ stringValue: 'gpt-4o-mini' });
    expect(attribute(chat, 'gen_ai.response.model')).toEqual({ stringValue: 'gpt-4o-mini-2024-07-18' });
    expect(attribute(chat, 'gen_ai.usage.input_tokens')).toEqual({ intValue: '120' });
    expect(attribute(chat, 'gen_ai.usage.output_tokens')).toEqual({ intValue: '18' });
    expect(attribute(chat, 'gen_ai.usage.cache_read.input_tokens')).toEqual({ intValue: '64' });
    expect(attribute(chat, 'gen_ai.response.finish_reasons')).toEqual({
      arrayValue: { values: [{ stringValue: 'tool_calls' }] },
    });
    expect(attribute(chat, 'gen_ai.request.temperature')).toEqual({ doubleValue: 1 });
    expect(attribute(chat, 'gen_ai.request.max_tokens')).toEqual({ intValue: '256' });
    expect(attribute(chat, 'glassbox.llm.streaming')).toEqual({ boolValue: true });
    expect(attribute(chat, 'glassbox.llm.time_to_first_token_ms')).toEqual({ doubleValue: 210.5 });
    expect(chat?.status.code).toBe(OTLP_STATUS_CODE.ok);
  });

  it('leaves message content out unless opted in', () => {
    const chat = byName('chat');
    expect(attribute(chat, 'gen_ai.input.messages')).toBeUndefined();
    expect(attribute(chat, 'gen_ai.output.messages')).toBeUndefined();
    expect(JSON.stringify(request)).not.toContain('You are Glassbox.');
  });

  it('with includeMessages adds input and output messages in the GenAI schema', () => {
    const withMessages = spansOf(toOtlpRequest(spans, { includeMessages: true }));
    const chat = withMessages.find((span) => span.name.startsWith('chat'));
    const input = attribute(chat, 'gen_ai.input.messages') as { stringValue: string };
    expect(JSON.parse(input.stringValue)).toEqual([
      { role: 'system', parts: [{ type: 'text', content: 'You are Glassbox.' }] },
      { role: 'user', parts: [{ type: 'text', content: 'What is 6*7?' }] },
    ]);
    const output = attribute(chat, 'gen_ai.output.messages') as { stringValue: string };
    expect(JSON.parse(output.stringValue)).toEqual([
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call_1', name: 'calculator', arguments: { expression: '6*7' } }],
        finish_reason: 'tool_call',
      },
    ]);
    const root = withMessages.find((span) => span.name.startsWith('invoke_agent'));
    expect(attribute(root, 'gen_ai.input.messages')).toBeDefined();
  });

  it('maps tool spans with arguments and result, and errors as status ERROR with error.type', () => {
    const calculator = byName('execute_tool calculator');
    expect(attribute(calculator, 'gen_ai.operation.name')).toEqual({ stringValue: 'execute_tool' });
    expect(attribute(calculator, 'gen_ai.tool.name')).toEqual({ stringValue: 'calculator' });
    expect(attribute(calculator, 'gen_ai.tool.call.id')).toEqual({ stringValue: 'call_1' });
    expect(attribute(calculator, 'gen_ai.tool.call.arguments')).toEqual({ stringValue: '{"expression":"6*7"}' });
    expect(attribute(calculator, 'gen_ai.tool.call.result')).toEqual({ stringValue: '42' });
    const weather = byName('execute_tool get_weather');
    expect(weather?.status).toEqual({ code: OTLP_STATUS_CODE.error, message: 'Network unreachable' });
    expect(attribute(weather, 'error.type')).toEqual({ stringValue: 'network_error' });
    expect(weather?.events[0]?.name).toBe('exception');
  });

  it('marks cancelled spans without an error status and records the invoke_agent root', () => {
    const root = byName('invoke_agent');
    expect(root?.status.code).toBe(OTLP_STATUS_CODE.unset);
    expect(attribute(root, 'glassbox.span.status')).toEqual({ stringValue: 'cancelled' });
    expect(attribute(root, 'gen_ai.operation.name')).toEqual({ stringValue: 'invoke_agent' });
    expect(attribute(root, 'gen_ai.agent.name')).toEqual({ stringValue: 'Glassbox' });
    expect(attribute(root, 'gen_ai.provider.name')).toEqual({ stringValue: 'openai' });
    expect(attribute(byName('retry'), 'glassbox.retry.attempt')).toEqual({ intValue: '2' });
    expect(attribute(byName('retry'), 'glassbox.retry.delay_ms')).toEqual({ doubleValue: 1500.5 });
  });

  it('puts the session id on every span as gen_ai.conversation.id', () => {
    for (const span of otlp) expect(attribute(span, 'gen_ai.conversation.id')).toEqual({ stringValue: 'sess_otlp' });
  });

  it('never exports the API key, by key name or by value', () => {
    const text = JSON.stringify(request);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toMatch(/apiKey/i);
    const leaky = [
      { ...spans[0]!, attributes: { note: `key is ${API_KEY}`, headers: { Authorization: `Bearer ${API_KEY}` } } },
    ];
    expect(JSON.stringify(toOtlpRequest(leaky, { redact: [API_KEY] }))).not.toContain(API_KEY);
  });

  it('ends still-running spans at the given time', () => {
    const running = { ...spans[0]!, status: 'running' as const, endTime: undefined };
    const [span] = spansOf(toOtlpRequest([running], { now: running.startTime + 2 }));
    expect(BigInt(span!.endTimeUnixNano) - BigInt(span!.startTimeUnixNano)).toBe(2_000_000n);
    expect(attribute(span, 'glassbox.span.status')).toEqual({ stringValue: 'running' });
  });
});

describe('toAnyValue', () => {
  it('keeps primitive types and homogeneous arrays, serialises the rest', () => {
    expect(toAnyValue('a')).toEqual({ stringValue: 'a' });
    expect(toAnyValue(false)).toEqual({ boolValue: false });
    expect(toAnyValue(3)).toEqual({ intValue: '3' });
    expect(toAnyValue(0.25)).toEqual({ doubleValue: 0.25 });
    expect(toAnyValue(2, 'double')).toEqual({ doubleValue: 2 });
    expect(toAnyValue(Number.NaN)).toEqual({ stringValue: 'NaN' });
    expect(toAnyValue([1, 2])).toEqual({ arrayValue: { values: [{ intValue: '1' }, { intValue: '2' }] } });
    expect(toAnyValue([1, 2.5])).toEqual({ arrayValue: { values: [{ doubleValue: 1 }, { doubleValue: 2.5 }] } });
    expect(toAnyValue([true])).toEqual({ arrayValue: { values: [{ boolValue: true }] } });
    expect(toAnyValue(['a', 1])).toEqual({ stringValue: '["a",1]' });
    expect(toAnyValue({ a: 1 })).toEqual({ stringValue: '{"a":1}' });
    expect(toAnyValue(null)).toBeUndefined();
  });
});
