import type { FileSession } from '../db/session-file-schema.ts';

/** The texts a test may set in the session of `sessionWithToolCall`. */
interface SessionTexts {
  user?: string;
  answer?: string;
  reasoning?: string;
  args?: string;
  result?: string;
  title?: string;
}

function toolCallMessages(text: SessionTexts, runId: string, t0: number): FileSession['messages'] {
  return [
    { id: 'm1', seq: 0, runId, createdAt: t0, message: { role: 'user', content: text.user ?? 'What is 17 * 23?' } },
    {
      id: 'm2',
      seq: 1,
      runId,
      createdAt: t0 + 100,
      reasoning: text.reasoning ?? 'I should use the calculator.\nIt is exact.',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'calculator', arguments: text.args ?? '{"expression":"17*23"}' },
          },
        ],
      },
    },
    {
      id: 'm3',
      seq: 2,
      runId,
      createdAt: t0 + 300,
      message: { role: 'tool', tool_call_id: 'call_1', content: text.result ?? '{"result":391}' },
      meta: { toolName: 'calculator', toolStatus: 'ok' },
    },
    {
      id: 'm4',
      seq: 3,
      runId,
      createdAt: t0 + 800,
      message: { role: 'assistant', content: text.answer ?? '17 × 23 = **391**.' },
    },
  ];
}

function toolCallSpans(text: SessionTexts, runId: string, t0: number): FileSession['spans'] {
  return [
    {
      traceId: 'f'.repeat(32),
      spanId: runId,
      runId,
      kind: 'run',
      name: 'agent run',
      startTime: t0,
      endTime: t0 + 900,
      status: 'ok',
      attributes: {},
    },
    {
      traceId: 'f'.repeat(32),
      spanId: 'b'.repeat(16),
      parentSpanId: runId,
      runId,
      kind: 'llm',
      name: 'chat demo',
      startTime: t0 + 10,
      endTime: t0 + 200,
      status: 'ok',
      attributes: {
        'llm.usage.input_tokens': 120,
        'llm.usage.output_tokens': 30,
        'llm.output.text': text.answer ?? '',
      },
    },
    {
      traceId: 'f'.repeat(32),
      spanId: 'c'.repeat(16),
      parentSpanId: runId,
      runId,
      kind: 'tool',
      name: 'tool calculator',
      startTime: t0 + 210,
      endTime: t0 + 300,
      status: 'ok',
      attributes: {
        'tool.name': 'calculator',
        'tool.arguments': text.args ?? '{"expression":"17*23"}',
        'tool.result': text.result ?? '391',
      },
    },
  ];
}

/** A session with one run: a question, a tool call (calculator) and its result, and the answer. */
export function sessionWithToolCall(text: SessionTexts = {}): FileSession {
  const runId = 'a'.repeat(16);
  const t0 = 1_750_000_000_000;
  return {
    id: 'session-1',
    title: text.title ?? 'Sums',
    titleEdited: false,
    createdAt: t0,
    updatedAt: t0 + 900,
    status: 'done',
    messages: toolCallMessages(text, runId, t0),
    spans: toolCallSpans(text, runId, t0),
    toolState: [],
    attachments: [],
  };
}
