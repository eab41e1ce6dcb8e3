import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { ChatMessage } from '../model/model.ts';
import { buildHistory, delegatedHistories, interruptedToolResult } from './build-history.ts';

let counter = 0;
function entry(message: ChatMessage): TranscriptEntry {
  counter += 1;
  return { id: `msg_${counter}`, sessionId: 'sess_1', runId: 'run_1', createdAt: counter, message };
}

const call = (id: string) => ({
  id,
  type: 'function' as const,
  function: { name: 'calculator', arguments: '{"expression":"1+1"}' },
});

describe('buildHistory', () => {
  it("leaves out a delegated run's entries, stored between the delegate call and its result", () => {
    const delegated = (message: ChatMessage): TranscriptEntry => ({
      ...entry(message),
      meta: { delegation: { parentCallId: 'd', agent: 'researcher' } },
    });
    const delegateCall = {
      id: 'd',
      type: 'function' as const,
      function: { name: 'delegate_researcher', arguments: '{"task":"look"}' },
    };
    const history = buildHistory([
      entry({ role: 'user', content: 'research this' }),
      entry({ role: 'assistant', content: null, tool_calls: [delegateCall] }),
      delegated({ role: 'user', content: 'look' }),
      delegated({ role: 'assistant', content: null, tool_calls: [call('inner')] }),
      delegated({ role: 'tool', tool_call_id: 'inner', content: '2' }),
      delegated({ role: 'assistant', content: 'found it' }),
      entry({ role: 'tool', tool_call_id: 'd', content: 'found it' }),
      entry({ role: 'assistant', content: 'Here it is.' }),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'research this' },
      { role: 'assistant', content: null, tool_calls: [delegateCall] },
      { role: 'tool', tool_call_id: 'd', content: 'found it' },
      { role: 'assistant', content: 'Here it is.' },
    ]);
  });

  it("leaves out an answer check's superseded draft and its revision request: the model sees the revised answer", () => {
    const draft = (message: ChatMessage): TranscriptEntry => ({ ...entry(message), meta: { draftOf: 'run_1' } });
    const history = buildHistory([
      entry({ role: 'user', content: 'What is 1+1?' }),
      entry({ role: 'assistant', content: null, tool_calls: [call('a')] }),
      entry({ role: 'tool', tool_call_id: 'a', content: '{"result":2}' }),
      draft({ role: 'assistant', content: '1+1 = 3' }),
      draft({ role: 'user', content: 'An answer check found claims in your answer …' }),
      entry({ role: 'assistant', content: '1+1 = 2' }),
      entry({ role: 'user', content: 'Thanks' }),
    ]);
    expect(history).toEqual([
      { role: 'user', content: 'What is 1+1?' },
      { role: 'assistant', content: null, tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: '{"result":2}' },
      { role: 'assistant', content: '1+1 = 2' },
      { role: 'user', content: 'Thanks' },
    ]);
  });

  it('passes a complete tool round trip through unchanged', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'What is 1+1?' },
      { role: 'assistant', content: null, tool_calls: [call('a')] },
      { role: 'tool', tool_call_id: 'a', content: '{"result":2}' },
      { role: 'assistant', content: '2' },
    ];
    expect(buildHistory(messages.map(entry))).toEqual(messages);
  });

  it('answers calls a stopped run left open with a placeholder, in call order', () => {
    const history = buildHistory([
      entry({ role: 'user', content: 'two things' }),
      entry({ role: 'assistant', content: null, tool_calls: [call('a'), call('b')] }),
      entry({ role: 'tool', tool_call_id: 'b', content: 'B done' }),
      entry({ role: 'user', content: 'next question' }),
    ]);
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'user']);
    expect(history[2]).toEqual({ role: 'tool', tool_call_id: 'a', content: interruptedToolResult });
    expect(history[3]).toEqual({ role: 'tool', tool_call_id: 'b', content: 'B done' });
  });

  it('leaves the trailing calls open on resume so the agent runs only the missing ones', () => {
    const history = buildHistory(
      [
        entry({ role: 'user', content: 'two things' }),
        entry({ role: 'assistant', content: null, tool_calls: [call('a'), call('b')] }),
        entry({ role: 'tool', tool_call_id: 'a', content: 'A done' }),
      ],
      { resume: true },
    );
    expect(history).toHaveLength(3);
    expect(history[2]).toEqual({ role: 'tool', tool_call_id: 'a', content: 'A done' });
  });

  it('drops orphan tool results and system messages', () => {
    const history = buildHistory([
      entry({ role: 'system', content: 'old prompt' }),
      entry({ role: 'tool', tool_call_id: 'zzz', content: 'orphan' }),
      entry({ role: 'user', content: 'hi' }),
    ]);
    expect(history).toEqual([{ role: 'user', content: 'hi' }]);
  });
});

describe('delegatedHistories', () => {
  it("gives each delegated run's stored transcript by its delegate call, partial answers out, open calls left to run", () => {
    const delegated = (parentCallId: string, message: ChatMessage, partial = false): TranscriptEntry => ({
      ...entry(message),
      meta: { delegation: { parentCallId, agent: 'researcher' }, ...(partial ? { partial: true } : {}) },
    });
    const histories = delegatedHistories([
      entry({ role: 'user', content: 'research two things' }),
      entry({ role: 'assistant', content: null, tool_calls: [call('d1'), call('d2')] }),
      delegated('d1', { role: 'user', content: 'first' }),
      delegated('d2', { role: 'user', content: 'second' }),
      delegated('d1', { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] }),
      delegated('d1', { role: 'tool', tool_call_id: 'a', content: '2' }),
      delegated('d2', { role: 'assistant', content: 'half an ans' }, true),
    ]);
    expect([...histories.keys()]).toEqual(['d1', 'd2']);
    expect(histories.get('d1')).toEqual([
      { role: 'user', content: 'first' },
      { role: 'assistant', content: null, tool_calls: [call('a'), call('b')] },
      { role: 'tool', tool_call_id: 'a', content: '2' },
    ]);
    expect(histories.get('d2')).toEqual([{ role: 'user', content: 'second' }]);
  });
});
