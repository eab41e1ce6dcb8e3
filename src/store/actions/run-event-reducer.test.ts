import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../agent/events.ts';
import type { AgentText } from '../../agent/notice-text.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { Language } from '../../i18n/translate.ts';
import { idleRun, type SessionRun } from '../run-slice.ts';
import { initialRunProgress, reduceRunEvent, type RunProgress } from './run-event-reducer.ts';

const endpoint = { provider: 'custom', baseUrl: 'http://model.test/v1', model: 'm' };

/** Feeds events one by one, applying each run patch as the store would. */
function replay(
  events: AgentEvent[],
  start: { progress?: RunProgress; run?: SessionRun } = {},
  language: Language = 'en',
) {
  let progress = start.progress ?? initialRunProgress;
  let run: SessionRun = start.run ?? { ...idleRun, status: 'running' };
  const entries: TranscriptEntry[] = [];
  const frames: Array<string | undefined> = [];
  for (const event of events) {
    const changes = reduceRunEvent(progress, run, event, endpoint, language);
    progress = changes.progress;
    if (changes.run) run = { ...run, ...changes.run };
    if (changes.entry) entries.push(changes.entry);
    frames.push(changes.frame);
  }
  return { progress, run, entries, frames };
}

const assistant: TranscriptEntry = {
  id: 'msg_a',
  sessionId: 's',
  runId: 'run_1',
  createdAt: 1,
  message: { role: 'assistant', content: 'Hello there' },
};

const switched: AgentText = { key: 'protocol-switched' };
const retryWait: AgentText = { key: 'retry-wait', values: { cause: 'HTTP 503', delay: '2 s', attempt: 1 } };
const stepLimit: AgentText = { key: 'stop.max-steps', values: { limit: 5 } };

describe('reduceRunEvent', () => {
  it("adds a delegated run's entries and approvals, and leaves the run's status and streaming to the parent", () => {
    const inner: TranscriptEntry = {
      ...assistant,
      id: 'msg_d',
      meta: { delegation: { parentCallId: 'd1', agent: 'researcher' } },
    };
    const wrap = (event: AgentEvent): AgentEvent => ({ type: 'delegated', callId: 'd1', agent: 'researcher', event });
    const result = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      wrap({ type: 'run-start', runId: 'run_1', traceId: 't' }),
      wrap({ type: 'step-start', step: 1, spanId: 'sp' }),
      wrap({ type: 'text-delta', delta: 'inner text' }),
      wrap({ type: 'entry-added', entry: inner }),
      wrap({ type: 'approval-request', callId: 'inner_call', toolName: 'run_javascript', arguments: {} }),
      wrap({ type: 'run-end', outcome: 'done', reason: 'final-answer' }),
    ]);
    expect(result.entries).toEqual([inner]);
    expect(result.run.pendingApprovals).toEqual(['inner_call']);
    expect(result.run.status).toBe('running');
    expect(result.progress.streaming).toBeUndefined();
    expect(
      replay([wrap({ type: 'approval-resolve', callId: 'inner_call', approved: true })], { run: result.run }).run
        .pendingApprovals,
    ).toEqual([]);
  });

  it('streams each delegated run into its own group, two at once, until its assistant entry arrives', () => {
    const wrap = (callId: string, event: AgentEvent): AgentEvent => ({
      type: 'delegated',
      callId,
      agent: callId === 'd1' ? 'researcher' : 'reviewer',
      event,
    });
    const inner: TranscriptEntry = {
      ...assistant,
      id: 'msg_d1',
      message: { role: 'assistant', content: 'found it' },
      meta: { delegation: { parentCallId: 'd1', agent: 'researcher' } },
    };
    const live = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      wrap('d1', { type: 'step-start', step: 1, spanId: 'a' }),
      wrap('d2', { type: 'step-start', step: 1, spanId: 'b' }),
      wrap('d1', { type: 'text-delta', delta: 'fou' }),
      wrap('d2', { type: 'reasoning-delta', delta: 'checking' }),
      wrap('d1', { type: 'text-delta', delta: 'nd' }),
      wrap('d2', { type: 'tool-call-delta', index: 0, id: 'c', name: 'calculator', argumentsDelta: '{}' }),
    ]);
    expect(live.progress.delegatedStreaming?.['d1']).toMatchObject({ runId: 'run_1', text: 'found', reasoning: '' });
    expect(live.progress.delegatedStreaming?.['d2']).toMatchObject({
      text: '',
      reasoning: 'checking',
      toolCalls: [{ index: 0, id: 'c', name: 'calculator', arguments: '{}' }],
    });
    expect(live.frames.slice(1)).toEqual(['schedule', 'schedule', 'schedule', 'schedule', 'schedule', 'schedule']);
    // The parent's own step in flight is untouched.
    expect(live.progress.streaming).toBeUndefined();

    const settled = replay([wrap('d1', { type: 'entry-added', entry: inner })], {
      progress: live.progress,
      run: live.run,
    });
    expect(settled.progress.delegatedStreaming?.['d1']).toBeUndefined();
    expect(settled.progress.delegatedStreaming?.['d2']?.reasoning).toBe('checking');
    const ended = replay([wrap('d2', { type: 'run-end', outcome: 'stopped', reason: 'aborted' })], {
      progress: settled.progress,
      run: settled.run,
    });
    expect(ended.progress.delegatedStreaming).toEqual({});
    const over = replay(
      [
        wrap('d1', { type: 'step-start', step: 2, spanId: 'c' }),
        { type: 'run-end', outcome: 'done', reason: 'final-answer' },
      ],
      { progress: ended.progress, run: ended.run },
    );
    expect(over.progress.delegatedStreaming).toBeUndefined();
    expect(over.run.delegatedStreaming).toBeUndefined();
  });

  it('streams text, reasoning and tool-call arguments by index into the step in flight, without touching earlier states', () => {
    const before = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      { type: 'step-start', step: 1, spanId: 'sp' },
    ]);
    const frozen = structuredClone(before.progress);
    const after = replay(
      [
        { type: 'text-delta', delta: 'Hel' },
        { type: 'text-delta', delta: 'lo' },
        { type: 'reasoning-delta', delta: 'think' },
        { type: 'tool-call-delta', index: 0, id: 'call_1', name: 'calculator', argumentsDelta: '{"expr' },
        { type: 'tool-call-delta', index: 1, name: 'clock', argumentsDelta: '{}' },
        { type: 'tool-call-delta', index: 0, argumentsDelta: '":"1+1"}' },
      ],
      { progress: before.progress, run: before.run },
    );
    expect(after.progress.streaming).toEqual({
      runId: 'run_1',
      text: 'Hello',
      reasoning: 'think',
      toolCalls: [
        { index: 0, id: 'call_1', name: 'calculator', arguments: '{"expr":"1+1"}' },
        { index: 1, name: 'clock', arguments: '{}' },
      ],
    });
    expect(after.frames).toEqual(['schedule', 'schedule', 'schedule', 'schedule', 'schedule', 'schedule']);
    expect(before.progress).toEqual(frozen);
  });

  it('grows only the call a tool-call delta is for: the other calls keep their identity, the old state its calls', () => {
    const started = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      { type: 'step-start', step: 1, spanId: 'sp' },
      ...Array.from({ length: 3 }, (_, index): AgentEvent => ({
        type: 'tool-call-delta',
        index,
        id: `call_${index}`,
        name: 'calculator',
        argumentsDelta: '{}',
      })),
    ]);
    const before = started.progress.streaming?.toolCalls ?? [];
    for (const [index, delta] of [
      [2, ' '],
      [0, '  '],
    ] as const) {
      const after = replay([{ type: 'tool-call-delta', index, argumentsDelta: delta }], started).progress.streaming;
      const calls = after?.toolCalls ?? [];
      expect(calls.map((call) => call.arguments)).toEqual(
        before.map((call, at) => (at === index ? `{}${delta}` : '{}')),
      );
      calls.forEach((call, at) => (at === index ? expect(call).not.toBe(before[at]) : expect(call).toBe(before[at])));
      expect(before.map((call) => call.arguments)).toEqual(['{}', '{}', '{}']);
    }
  });

  it('hands the assistant entry to the chat and ends the streamed step; a tool entry keeps it', () => {
    const tool: TranscriptEntry = {
      id: 'msg_t',
      sessionId: 's',
      runId: 'run_1',
      createdAt: 2,
      message: { role: 'tool', tool_call_id: 'call_1', content: '2' },
    };
    const streamed = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      { type: 'step-start', step: 1, spanId: 'sp' },
      { type: 'text-delta', delta: 'Hi' },
    ]);
    const afterTool = replay([{ type: 'entry-added', entry: tool }], streamed);
    expect(afterTool.progress.streaming?.text).toBe('Hi');
    const afterAssistant = replay([{ type: 'entry-added', entry: assistant }], streamed);
    expect(afterAssistant.progress.streaming).toBeUndefined();
    expect(afterAssistant.entries).toEqual([assistant]);
  });

  it('shows a retry-wait notice only until output arrives; other notices stay', () => {
    const waiting = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      { type: 'notice', code: 'protocol-switched', text: switched },
      { type: 'notice', code: 'retry-wait', text: retryWait },
      { type: 'step-start', step: 1, spanId: 'sp' },
    ]);
    expect(waiting.run.notices).toEqual([
      { kind: 'agent', text: switched },
      { kind: 'agent', text: retryWait },
    ]);
    const resumed = replay([{ type: 'text-delta', delta: 'ok' }], waiting);
    expect(resumed.run.notices).toEqual([{ kind: 'agent', text: switched }]);
    expect(resumed.progress.retryNotices).toEqual([]);
  });

  it('tracks approvals waiting for an answer', () => {
    const asked = replay([
      { type: 'approval-request', callId: 'call_1', toolName: 'fetch', arguments: {} },
      { type: 'approval-request', callId: 'call_2', toolName: 'fetch', arguments: {} },
      { type: 'approval-resolve', callId: 'call_1', approved: true },
    ]);
    expect(asked.run.pendingApprovals).toEqual(['call_2']);
  });

  it('ends a finished run with its outcome and message, flushes the frame and clears what was in flight', () => {
    const ended = replay([
      { type: 'run-start', runId: 'run_1', traceId: 't' },
      { type: 'approval-request', callId: 'call_1', toolName: 'fetch', arguments: {} },
      { type: 'notice', code: 'retry-wait', text: retryWait },
      { type: 'step-start', step: 1, spanId: 'sp' },
      { type: 'run-end', outcome: 'done', reason: 'max-steps', message: 'Stopped.', text: stepLimit },
    ]);
    expect(ended.frames.at(-1)).toBe('flush');
    expect(ended.run).toMatchObject({
      status: 'done',
      alert: undefined,
      notices: [{ kind: 'agent', text: stepLimit }],
      streaming: undefined,
      pendingApprovals: [],
    });
    expect(ended.progress.streaming).toBeUndefined();
  });

  it('turns a failed run into an alert with advice; an auth error offers no Retry', () => {
    const failed = replay([
      {
        type: 'run-end',
        outcome: 'error',
        reason: 'model-error',
        error: { kind: 'auth', status: 401, message: 'bad key' },
      },
    ]);
    expect(failed.run.status).toBe('error');
    expect(failed.run.alert).toMatchObject({ retryable: false, kind: 'auth' });
    expect(failed.run.alert?.title).not.toBe('');
    expect(failed.run.notices).toEqual([]);
    const plain = replay([
      { type: 'run-end', outcome: 'error', reason: 'model-error', message: 'The tool loop broke.' },
    ]);
    expect(plain.run.alert).toEqual({ title: 'The tool loop broke.', advice: '', retryable: true });
  });

  it('keeps notices and the run-end message as data whatever the language; model errors are worded in it', () => {
    const waiting = replay(
      [
        { type: 'run-start', runId: 'run_1', traceId: 't' },
        { type: 'notice', code: 'retry-wait', text: retryWait },
        { type: 'notice', code: 'protocol-switched', text: switched },
      ],
      {},
      'zh-CN',
    );
    expect(waiting.run.notices).toEqual([
      { kind: 'agent', text: retryWait },
      { kind: 'agent', text: switched },
    ]);
    // The retry notice is the one taken away once output arrives.
    expect(replay([{ type: 'text-delta', delta: 'ok' }], waiting, 'zh-CN').run.notices).toEqual([
      { kind: 'agent', text: switched },
    ]);

    const limited = replay(
      [
        {
          type: 'run-end',
          outcome: 'done',
          reason: 'max-steps',
          message: 'Stopped: the step limit (3) was reached.',
          text: { key: 'stop.max-steps', values: { limit: 3 } },
        },
      ],
      {},
      'zh-CN',
    );
    expect(limited.run.notices).toEqual([{ kind: 'agent', text: { key: 'stop.max-steps', values: { limit: 3 } } }]);

    const missing = replay(
      [
        {
          type: 'run-end',
          outcome: 'error',
          reason: 'model-error',
          error: { kind: 'not-found', status: 404, message: 'no such model', availableModels: ['gemma3:4b', 'qwen3'] },
        },
      ],
      {},
      'zh-CN',
    );
    expect(missing.run.alert?.title).toBe('找不到模型“m”或接口');
    expect(missing.run.alert?.advice).toContain('此接口提供的模型：gemma3:4b, qwen3。');
    expect(missing.run.alert?.advice).not.toMatch(/Models this endpoint offers/);
    expect(replay([{ type: 'run-end', outcome: 'error', reason: 'model-error' }], {}, 'zh-CN').run.alert?.title).toBe(
      '运行失败。',
    );
    expect(replay([{ type: 'run-end', outcome: 'error', reason: 'model-error' }]).run.alert?.title).toBe(
      'The run failed.',
    );
  });
});
