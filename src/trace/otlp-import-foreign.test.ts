import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { ATTR } from './attributes.ts';
import { importOtlpTraces, type ImportedTrace } from './otlp-import.ts';
import type { Span } from './span.ts';

// Real files from other projects (see ../shared/real-data/SOURCES.md); read in place, never copied.

const kv = (key: string, value: unknown) => ({
  key,
  value:
    typeof value === 'string'
      ? { stringValue: value }
      : typeof value === 'boolean'
        ? { boolValue: value }
        : Number.isInteger(value)
          ? { intValue: value }
          : { doubleValue: value },
});

function otlpFile(spans: unknown[], resource: Array<ReturnType<typeof kv>> = [kv('service.name', 'foreign')]) {
  return { resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'x' }, spans }] }] };
}

function only(value: unknown): ImportedTrace {
  const imported = importOtlpTraces(value);
  if (!imported.ok) throw new Error(imported.error);
  expect(imported.traces).toHaveLength(1);
  return imported.traces[0] as ImportedTrace;
}

const byName = (trace: ImportedTrace, name: string) => trace.spans.find((span) => span.name === name) as Span;

describe('importOtlpTraces: foreign files', () => {
  it(
    'imports the official OTLP example: one trace, its span, resource and attributes kept',
    { tags: [SHARED_DATA_TAG] },
    () => {
      const trace = only(JSON.parse(readFileSync(sharedPath('real-data', 'otlp', 'trace.json'), 'utf8')));
      expect(trace.id).toBe('sess_otlp_5b8efff798038103d269b633813fc60c');
      expect(trace.spans).toHaveLength(1);
      const span = trace.spans[0] as Span;
      // Its parent is not in the file: it is the root, a run.
      expect([span.spanId, span.parentSpanId, span.kind, span.name, span.status]).toEqual([
        'eee19b7ec3c1b174',
        undefined,
        'run',
        "I'm a server span",
        'ok',
      ]);
      expect((span.endTime as number) - span.startTime).toBe(1000);
      expect(span.attributes).toMatchObject({
        'my.span.attr': 'some value',
        'resource.service.name': 'my.service',
        'otel.span.kind': 'server',
        'otel.scope.name': 'my.library',
      });
      expect(trace.messages).toEqual([]);
      expect(trace.title).toBe("I'm a server span");
    },
  );

  it('maps OpenTelemetry GenAI spans: operations, usage, messages, tool calls; int64 as strings or numbers', () => {
    const traceId = 'AB'.repeat(16);
    const trace = only(
      otlpFile([
        {
          traceId,
          spanId: '1'.repeat(16),
          name: 'invoke_agent Helper',
          kind: 1,
          startTimeUnixNano: '1700000000000000000',
          endTimeUnixNano: 1700000002000000000,
          attributes: [
            kv('gen_ai.operation.name', 'invoke_agent'),
            kv('gen_ai.agent.name', 'Helper'),
            kv('gen_ai.agent.id', 'agent-7'),
          ],
        },
        {
          traceId,
          spanId: '2'.repeat(16),
          parentSpanId: '1'.repeat(16),
          name: 'chat gpt-4.1',
          kind: 3,
          startTimeUnixNano: '1700000000100000000',
          endTimeUnixNano: '1700000000900000000',
          attributes: [
            kv('gen_ai.operation.name', 'chat'),
            kv('gen_ai.provider.name', 'openai'),
            kv('gen_ai.request.model', 'gpt-4.1'),
            { key: 'gen_ai.usage.input_tokens', value: { intValue: '97' } },
            { key: 'gen_ai.usage.output_tokens', value: { intValue: 12 } },
            kv('gen_ai.request.temperature', 0.2),
            {
              key: 'gen_ai.response.finish_reasons',
              value: { arrayValue: { values: [{ stringValue: 'tool_call' }] } },
            },
            kv(
              'gen_ai.input.messages',
              JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] }]),
            ),
            kv(
              'gen_ai.output.messages',
              JSON.stringify([
                {
                  role: 'assistant',
                  parts: [{ type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }],
                  finish_reason: 'tool_call',
                },
              ]),
            ),
            kv('server.address', 'api.openai.com'),
          ],
        },
        {
          traceId,
          spanId: '3'.repeat(16),
          parentSpanId: '1'.repeat(16),
          name: 'execute_tool get_weather',
          kind: 1,
          startTimeUnixNano: '1700000001000000000',
          endTimeUnixNano: '1700000001500000000',
          status: { code: 2, message: 'timeout' },
          attributes: [
            kv('gen_ai.operation.name', 'execute_tool'),
            kv('gen_ai.tool.name', 'get_weather'),
            kv('gen_ai.tool.call.id', 'c1'),
            kv('gen_ai.tool.call.arguments', '{"city":"Paris"}'),
            kv('error.type', 'timeout'),
          ],
        },
      ]),
    );
    expect(trace.spans.map((span) => [span.name, span.kind, span.parentSpanId])).toEqual([
      ['invoke_agent Helper', 'run', undefined],
      ['chat gpt-4.1', 'llm', '1'.repeat(16)],
      ['execute_tool get_weather', 'tool', '1'.repeat(16)],
    ]);
    expect(trace.spans[0]?.traceId).toBe('ab'.repeat(16));
    expect(byName(trace, 'invoke_agent Helper').attributes).toMatchObject({
      [ATTR.agentName]: 'Helper',
      'gen_ai.agent.id': 'agent-7',
    });
    expect(byName(trace, 'chat gpt-4.1').attributes).toMatchObject({
      [ATTR.llmProvider]: 'openai',
      [ATTR.llmRequestModel]: 'gpt-4.1',
      [ATTR.llmUsageInputTokens]: 97,
      [ATTR.llmUsageOutputTokens]: 12,
      [ATTR.llmParameters]: { temperature: 0.2 },
      [ATTR.llmFinishReason]: 'tool_call',
      'server.address': 'api.openai.com',
    });
    const tool = byName(trace, 'execute_tool get_weather');
    expect([tool.status, tool.error, tool.attributes[ATTR.toolArguments]]).toEqual([
      'error',
      { type: 'timeout', message: 'timeout' },
      { city: 'Paris' },
    ]);
    expect(trace.messages.map((entry) => entry.message)).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
    ]);
    expect(trace.status).toBe('done');
    expect(trace.convention).toBe('genai');
  });

  it('maps OpenInference spans: kinds, flattened messages, token counts, tool input and output', () => {
    const traceId = 'c'.repeat(32);
    const trace = only(
      otlpFile([
        {
          traceId,
          spanId: 'a'.repeat(16),
          name: 'Agent',
          startTimeUnixNano: '1000000000',
          endTimeUnixNano: '5000000000',
          attributes: [
            kv('openinference.span.kind', 'AGENT'),
            kv('input.value', 'What is 2+2?'),
            kv('output.value', '4'),
            kv('session.id', 'abc'),
          ],
        },
        {
          traceId,
          spanId: 'b'.repeat(16),
          parentSpanId: 'a'.repeat(16),
          name: 'ChatCompletion',
          startTimeUnixNano: '2000000000',
          endTimeUnixNano: '3000000000',
          attributes: [
            kv('openinference.span.kind', 'LLM'),
            kv('llm.model_name', 'gpt-4o'),
            kv('llm.provider', 'openai'),
            kv('llm.token_count.prompt', 31),
            kv('llm.token_count.completion', 3),
            kv('llm.token_count.total', 34),
            kv('llm.invocation_parameters', '{"temperature":0}'),
            kv('llm.input_messages.0.message.role', 'system'),
            kv('llm.input_messages.0.message.content', 'Be brief.'),
            kv('llm.input_messages.1.message.role', 'user'),
            kv('llm.input_messages.1.message.content', 'What is 2+2?'),
            kv('llm.output_messages.0.message.role', 'assistant'),
            kv('llm.output_messages.0.message.content', '4'),
          ],
        },
        {
          traceId,
          spanId: 'd'.repeat(16),
          parentSpanId: 'a'.repeat(16),
          name: 'add',
          startTimeUnixNano: '3500000000',
          endTimeUnixNano: '3600000000',
          attributes: [
            kv('openinference.span.kind', 'TOOL'),
            kv('tool.name', 'add'),
            kv('input.value', '{"a":2,"b":2}'),
            kv('output.value', '4'),
          ],
        },
      ]),
    );
    expect(trace.spans.map((span) => span.kind)).toEqual(['run', 'llm', 'tool']);
    expect(byName(trace, 'Agent').attributes).toMatchObject({
      [ATTR.runInput]: 'What is 2+2?',
      [ATTR.runOutput]: '4',
      'session.id': 'abc',
    });
    const llm = byName(trace, 'ChatCompletion');
    expect(llm.attributes).toMatchObject({
      [ATTR.llmRequestModel]: 'gpt-4o',
      [ATTR.llmUsageInputTokens]: 31,
      [ATTR.llmUsageOutputTokens]: 3,
      'llm.token_count.total': 34,
      [ATTR.llmParameters]: { temperature: 0 },
      [ATTR.llmOutputText]: '4',
      [ATTR.llmMessages]: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is 2+2?' },
      ],
    });
    expect(Object.keys(llm.attributes).some((key) => key.startsWith('llm.input_messages.'))).toBe(false);
    expect(byName(trace, 'add').attributes).toMatchObject({
      [ATTR.toolName]: 'add',
      [ATTR.toolArguments]: { a: 2, b: 2 },
      [ATTR.toolResult]: '4',
    });
    expect(trace.messages.map((entry) => [entry.message.role, entry.message.content])).toEqual([
      ['user', 'What is 2+2?'],
      ['assistant', '4'],
    ]);
    expect(trace.convention).toBe('openinference');
  });

  it('maps the Vercel AI SDK ai.* spans', () => {
    const traceId = 'e'.repeat(32);
    const trace = only(
      otlpFile([
        {
          traceId,
          spanId: '1'.repeat(16),
          name: 'ai.generateText',
          startTimeUnixNano: '1000000000',
          endTimeUnixNano: '9000000000',
          attributes: [
            kv('ai.operationId', 'ai.generateText'),
            kv('ai.prompt', '{"prompt":"Roll a die"}'),
            kv('ai.response.text', 'You rolled 4.'),
            kv('ai.model.id', 'gpt-4o-mini'),
          ],
        },
        {
          traceId,
          spanId: '2'.repeat(16),
          parentSpanId: '1'.repeat(16),
          name: 'ai.generateText.doGenerate',
          startTimeUnixNano: '2000000000',
          endTimeUnixNano: '3000000000',
          attributes: [
            kv('ai.operationId', 'ai.generateText.doGenerate'),
            kv('ai.model.id', 'gpt-4o-mini'),
            kv('ai.model.provider', 'openai.chat'),
            kv('ai.usage.promptTokens', 50),
            kv('ai.usage.completionTokens', 7),
            kv('gen_ai.system', 'openai.chat'),
            kv(
              'ai.prompt.messages',
              JSON.stringify([{ role: 'user', content: [{ type: 'text', text: 'Roll a die' }] }]),
            ),
            kv(
              'ai.response.toolCalls',
              JSON.stringify([{ toolCallType: 'function', toolCallId: 't1', toolName: 'roll', args: '{}' }]),
            ),
            kv('ai.response.finishReason', 'tool-calls'),
          ],
        },
        {
          traceId,
          spanId: '3'.repeat(16),
          parentSpanId: '1'.repeat(16),
          name: 'ai.toolCall',
          startTimeUnixNano: '3000000000',
          endTimeUnixNano: '3100000000',
          attributes: [
            kv('ai.operationId', 'ai.toolCall'),
            kv('ai.toolCall.name', 'roll'),
            kv('ai.toolCall.id', 't1'),
            kv('ai.toolCall.args', '{}'),
            kv('ai.toolCall.result', '4'),
          ],
        },
      ]),
    );
    expect(trace.spans.map((span) => span.kind)).toEqual(['run', 'llm', 'tool']);
    expect(byName(trace, 'ai.generateText').attributes).toMatchObject({
      [ATTR.runInput]: 'Roll a die',
      [ATTR.runOutput]: 'You rolled 4.',
    });
    expect(byName(trace, 'ai.generateText.doGenerate').attributes).toMatchObject({
      [ATTR.llmRequestModel]: 'gpt-4o-mini',
      [ATTR.llmProvider]: 'openai.chat',
      [ATTR.llmUsageInputTokens]: 50,
      [ATTR.llmUsageOutputTokens]: 7,
      [ATTR.llmMessages]: [{ role: 'user', content: 'Roll a die' }],
      [ATTR.llmFinishReason]: 'tool-calls',
    });
    expect(byName(trace, 'ai.toolCall').attributes).toMatchObject({
      [ATTR.toolName]: 'roll',
      [ATTR.toolCallId]: 't1',
      [ATTR.toolArguments]: {},
      [ATTR.toolResult]: '4',
    });
    expect(trace.messages[0]?.message).toEqual({ role: 'user', content: 'Roll a die' });
    expect(trace.convention).toBe('vercel');
  });

  it('splits a file into one session per trace and cuts parent cycles', () => {
    const span = (traceId: string, spanId: string, parentSpanId?: string) => ({
      traceId,
      spanId,
      parentSpanId,
      name: spanId,
      startTimeUnixNano: '1',
      endTimeUnixNano: '2',
    });
    const imported = importOtlpTraces(
      otlpFile([
        span('1'.repeat(32), 'a'.repeat(16)),
        span('2'.repeat(32), 'b'.repeat(16), 'c'.repeat(16)),
        span('2'.repeat(32), 'c'.repeat(16), 'b'.repeat(16)),
      ]),
    );
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.traces.map((trace) => trace.spans.length)).toEqual([1, 2]);
    const cyclic = imported.traces[1] as ImportedTrace;
    expect(cyclic.spans.filter((item) => item.parentSpanId === undefined)).toHaveLength(1);
  });

  it('says what is wrong with a broken file', () => {
    const bad = otlpFile([{ traceId: 'xyz', spanId: '1'.repeat(16), name: 'a', startTimeUnixNano: '1' }]);
    expect(importOtlpTraces(bad)).toEqual({
      ok: false,
      error: 'not a valid OTLP trace file: resourceSpans[0].scopeSpans[0].spans[0].traceId: expected 32 hex characters',
    });
    expect(importOtlpTraces({ resourceSpans: [] })).toEqual({ ok: false, error: 'the OTLP trace file holds no spans' });
    const twice = { traceId: '1'.repeat(32), spanId: '1'.repeat(16), name: 'a', startTimeUnixNano: '1' };
    expect(importOtlpTraces(otlpFile([twice, twice]))).toMatchObject({
      ok: false,
      error: expect.stringContaining('duplicate span id'),
    });
  });
});
