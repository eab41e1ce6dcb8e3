import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { interruptedToolResult } from '../../context/build-history.ts';
import type { ChatMessage } from '../../model/model.ts';
import { ATTR } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { forkReplay } from './fork-actions.ts';
import { findForkPoint, startFork, type ForkPoint } from './fork-plan.ts';

let clock = 0;
const entry = (runId: string, message: ChatMessage, extras: Partial<TranscriptEntry> = {}): TranscriptEntry => ({
  id: `msg_${++clock}`,
  sessionId: 'sess_1',
  runId,
  createdAt: (clock += 10),
  message,
  ...extras,
});
const span = (
  spanId: string,
  kind: Span['kind'],
  runId: string,
  attributes: Record<string, unknown> = {},
  extras: Partial<Span> = {},
): Span => ({
  traceId: 'a'.repeat(32),
  spanId,
  ...(spanId === runId ? {} : { parentSpanId: runId }),
  sessionId: 'sess_1',
  runId,
  kind,
  name: kind,
  startTime: 0,
  endTime: 1,
  status: 'ok',
  attributes,
  ...extras,
});
const call = (id: string, name: string, args: object) => ({
  id,
  type: 'function' as const,
  function: { name, arguments: JSON.stringify(args) },
});

/** Two runs: "Hi" answered directly; then "What is 6*7 and the time?" with two parallel calls and an answer. */
function session() {
  const entries = [
    entry('run_a', { role: 'user', content: 'Hi' }),
    entry('run_a', { role: 'assistant', content: 'Hello!' }, { spanId: 'llm_a1' }),
    entry('run_b', { role: 'user', content: 'What is 6*7 and the time?' }),
    entry(
      'run_b',
      {
        role: 'assistant',
        content: null,
        tool_calls: [call('c1', 'calculator', { expression: '6*7' }), call('c2', 'get_current_time', {})],
      },
      { spanId: 'llm_b1' },
    ),
    entry(
      'run_b',
      { role: 'tool', tool_call_id: 'c1', content: '42' },
      { spanId: 'tool_b1', meta: { toolName: 'calculator', toolStatus: 'ok' } },
    ),
    entry(
      'run_b',
      { role: 'tool', tool_call_id: 'c2', content: '12:00' },
      { spanId: 'tool_b2', meta: { toolName: 'get_current_time', toolStatus: 'ok' } },
    ),
    entry('run_b', { role: 'assistant', content: 'It is 42, at 12:00.' }, { spanId: 'llm_b2' }),
  ];
  const spans = [
    span('run_a', 'run', 'run_a', { [ATTR.runInput]: 'Hi' }),
    span('llm_a1', 'llm', 'run_a', { [ATTR.llmStep]: 1 }),
    span('run_b', 'run', 'run_b', { [ATTR.runInput]: 'What is 6*7 and the time?' }),
    span('llm_b1', 'llm', 'run_b', { [ATTR.llmStep]: 1 }),
    span('tool_b1', 'tool', 'run_b', {
      [ATTR.toolName]: 'calculator',
      [ATTR.toolCallId]: 'c1',
      [ATTR.toolArguments]: '{"expression":"6*7"}',
      [ATTR.toolResult]: '42',
    }),
    span('tool_b2', 'tool', 'run_b', {
      [ATTR.toolName]: 'get_current_time',
      [ATTR.toolCallId]: 'c2',
      [ATTR.toolArguments]: '{}',
      [ATTR.toolResult]: '12:00',
    }),
    span('llm_b2', 'llm', 'run_b', { [ATTR.llmStep]: 2 }),
  ];
  return { entries, spans };
}

function point(entries: TranscriptEntry[], spans: Span[], spanId: string): ForkPoint {
  const found = findForkPoint(entries, spans, spanId);
  if ('error' in found) throw new Error(found.error);
  return found;
}

const roles = (messages: ChatMessage[]) =>
  messages.map(
    (message) => `${message.role}:${message.role === 'tool' ? `${message.tool_call_id}=` : ''}${message.content ?? ''}`,
  );

describe('findForkPoint and startFork', () => {
  it('a tool span: the history up to its assistant message with the other results as recorded; the edited result answers the call', () => {
    const { entries, spans } = session();
    const fork = point(entries, spans, 'tool_b1');
    expect(fork).toMatchObject({
      kind: 'tool',
      field: 'toolResult',
      input: '42',
      step: 1,
      originalRunId: 'run_b',
      runInput: 'What is 6*7 and the time?',
    });
    const start = startFork(fork, '41');
    expect(roles(start.history)).toEqual([
      'user:Hi',
      'assistant:Hello!',
      'user:What is 6*7 and the time?',
      'assistant:',
      'tool:c2=12:00',
    ]);
    expect(start.answer).toEqual({ callId: 'c1', result: '41' });
    expect(start.userMessage).toBeUndefined();
    expect(start.runInput).toBe('What is 6*7 and the time?');
    // Once the run answers c1, every call of the assistant message has its result: the next request is valid.
    const answered = new Set([
      ...start.history.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : [])),
      start.answer?.callId,
    ]);
    const assistant = start.history.findLast((message) => message.role === 'assistant');
    expect(
      assistant?.role === 'assistant' && assistant.tool_calls?.every((candidate) => answered.has(candidate.id)),
    ).toBe(true);
    // Entries copied into the fork: everything before the step, the assistant's calls, the sibling result; not the original 42.
    expect(start.entries.map((copied) => copied.message.content)).toEqual([
      'Hi',
      'Hello!',
      'What is 6*7 and the time?',
      null,
      '12:00',
    ]);
  });

  it('a parallel call whose sibling has no recorded entry gets the sibling span result, or the interrupted placeholder', () => {
    const { entries, spans } = session();
    const withoutSibling = entries.filter((candidate) => candidate.spanId !== 'tool_b2');
    const fromSpan = startFork(point(withoutSibling, spans, 'tool_b1'), '41');
    expect(roles(fromSpan.history).at(-1)).toBe('tool:c2=12:00');
    const noSpan = startFork(
      point(
        withoutSibling,
        spans.filter((candidate) => candidate.spanId !== 'tool_b2'),
        'tool_b1',
      ),
      '41',
    );
    expect(roles(noSpan.history).at(-1)).toBe(`tool:c2=${interruptedToolResult}`);
  });

  it('the second tool of the step forks with the first as recorded', () => {
    const { entries, spans } = session();
    const start = startFork(point(entries, spans, 'tool_b2'), '13:00');
    expect(roles(start.history).slice(-2)).toEqual(['assistant:', 'tool:c1=42']);
    expect(start.answer).toEqual({ callId: 'c2', result: '13:00' });
  });

  it('a server that numbers calls afresh in each reply: the tool span forks at the step that made its call', () => {
    const add = (text: string) => call('call_0', 'todo', { action: 'add', text });
    const entries = [
      entry('run_t', { role: 'user', content: 'Add two tasks' }),
      entry('run_t', { role: 'assistant', content: null, tool_calls: [add('A')] }, { spanId: 'llm_t1' }),
      entry('run_t', { role: 'tool', tool_call_id: 'call_0', content: 'added A' }, { spanId: 'tool_t1' }),
      entry('run_t', { role: 'assistant', content: null, tool_calls: [add('B')] }, { spanId: 'llm_t2' }),
      entry('run_t', { role: 'tool', tool_call_id: 'call_0', content: 'added B' }, { spanId: 'tool_t2' }),
      entry('run_t', { role: 'assistant', content: 'Done.' }, { spanId: 'llm_t3' }),
    ];
    const timed = (spanId: string, kind: Span['kind'], startTime: number, attributes: Record<string, unknown> = {}) =>
      span(spanId, kind, 'run_t', attributes, { startTime, endTime: startTime + 5 });
    const tool = { [ATTR.toolName]: 'todo', [ATTR.toolCallId]: 'call_0' };
    const spans = [
      timed('run_t', 'run', 0, { [ATTR.runInput]: 'Add two tasks' }),
      timed('llm_t1', 'llm', 10, { [ATTR.llmStep]: 1 }),
      timed('tool_t1', 'tool', 20, tool),
      timed('llm_t2', 'llm', 30, { [ATTR.llmStep]: 2 }),
      timed('tool_t2', 'tool', 40, tool),
      timed('llm_t3', 'llm', 50, { [ATTR.llmStep]: 3 }),
    ];
    const first = point(entries, spans, 'tool_t1');
    expect(first).toMatchObject({ step: 1, input: 'added A' });
    expect(first.entries.map((copied) => copied.message.content)).toEqual(['Add two tasks', null]);
    expect(point(entries, spans, 'tool_t2')).toMatchObject({ step: 2, input: 'added B' });
  });

  it('an llm span after tools: the history up to its last message, replaced by the edited text', () => {
    const { entries, spans } = session();
    const fork = point(entries, spans, 'llm_b2');
    expect(fork).toMatchObject({
      kind: 'llm',
      field: 'message',
      input: '12:00',
      step: 2,
      runInput: 'What is 6*7 and the time?',
    });
    const start = startFork(fork, '13:00');
    expect(roles(start.history)).toEqual([
      'user:Hi',
      'assistant:Hello!',
      'user:What is 6*7 and the time?',
      'assistant:',
      'tool:c1=42',
      'tool:c2=13:00',
    ]);
    expect(start.answer).toBeUndefined();
    expect(start.userMessage).toBeUndefined();
    expect(start.entries.at(-1)?.message).toEqual({ role: 'tool', tool_call_id: 'c2', content: '13:00' });
  });

  it("an llm span at the run's first step: the edited user message starts the fork's run", () => {
    const { entries, spans } = session();
    const fork = point(entries, spans, 'llm_b1');
    expect(fork).toMatchObject({ input: 'What is 6*7 and the time?', step: 1 });
    const start = startFork(fork, 'What is 6*8?');
    expect(roles(start.history)).toEqual(['user:Hi', 'assistant:Hello!', 'user:What is 6*8?']);
    expect(start.userMessage).toBe('What is 6*8?');
    expect(start.runInput).toBe('What is 6*8?');
    expect(start.entries.map((copied) => copied.message.content)).toEqual(['Hi', 'Hello!']);
  });

  it('a failed llm call with no answer kept forks from what the run had written before it started', () => {
    const { entries, spans } = session();
    const failed = span(
      'llm_b3',
      'llm',
      'run_b',
      { [ATTR.llmStep]: 3 },
      { startTime: (entries.at(-2)?.createdAt ?? 0) + 1, status: 'error' },
    );
    const start = startFork(
      point(entries.slice(0, -1), [...spans.filter((candidate) => candidate.spanId !== 'llm_b2'), failed], 'llm_b3'),
      'late',
    );
    expect(roles(start.history).at(-1)).toBe('tool:c2=late');
  });

  it('a run span: the history before its user message, and the (edited) message re-run', () => {
    const { entries, spans } = session();
    const fork = point(entries, spans, 'run_b');
    expect(fork).toMatchObject({ kind: 'run', field: 'message', step: 0, input: 'What is 6*7 and the time?' });
    const start = startFork(fork, 'What is 6*7?');
    expect(roles(start.history)).toEqual(['user:Hi', 'assistant:Hello!', 'user:What is 6*7?']);
    expect(start.userMessage).toBe('What is 6*7?');
  });

  it('says why a span cannot be forked', () => {
    const { entries, spans } = session();
    expect(findForkPoint(entries, spans, 'nope')).toEqual({ error: 'no-span' });
    expect(findForkPoint(entries, [...spans, span('retry_1', 'retry', 'run_b')], 'retry_1')).toEqual({ error: 'kind' });
    expect(
      findForkPoint(entries, [...spans, span('llm_x', 'llm', 'run_b', {}, { status: 'running' })], 'llm_x'),
    ).toEqual({ error: 'running' });
    expect(findForkPoint(entries.slice(0, 3), spans, 'tool_b1')).toEqual({ error: 'no-call' });
    expect(findForkPoint(entries.slice(3), spans, 'run_b')).toEqual({ error: 'no-user-message' });
  });
});

describe('forkReplay', () => {
  const { spans } = session();
  it('answers the forked call once with the edited text, then recorded results when reusing', () => {
    const replay = forkReplay({ callId: 'c1', result: '41' }, spans);
    expect(replay?.({ id: 'c1', name: 'calculator', arguments: '{"expression":"6*7"}' })).toEqual({
      status: 'ok',
      result: '41',
    });
    expect(replay?.({ id: 'c9', name: 'calculator', arguments: '{"expression":"6*7"}' })).toEqual({
      status: 'ok',
      result: '42',
    });
    expect(replay?.({ id: 'c10', name: 'calculator', arguments: '{"expression":"1+1"}' })).toBeUndefined();
  });

  it('without reuse only the forked call is answered; with neither there is no replay', () => {
    const replay = forkReplay({ callId: 'c1', result: '41' }, undefined);
    expect(replay?.({ id: 'c1', name: 'calculator', arguments: '{}' })).toEqual({ status: 'ok', result: '41' });
    expect(replay?.({ id: 'c2', name: 'get_current_time', arguments: '{}' })).toBeUndefined();
    expect(forkReplay(undefined, undefined)).toBeUndefined();
  });
});
