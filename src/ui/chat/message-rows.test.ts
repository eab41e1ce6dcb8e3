import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../model/model.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { buildMessageRows, estimateRowHeight } from './message-rows.ts';

const entry = (id: string, message: ChatMessage, meta?: TranscriptEntry['meta']): TranscriptEntry => ({
  id,
  sessionId: 'sess_1',
  runId: 'run_1',
  createdAt: 0,
  message,
  ...(meta ? { meta } : {}),
});

const call = {
  id: 'call_1',
  type: 'function' as const,
  function: { name: 'calculator', arguments: '{"expression":"2+2"}' },
};

describe('buildMessageRows', () => {
  it("shows an answer check's draft as a row but not the revision request sent after it", () => {
    const entries = [
      entry('msg_1', { role: 'user', content: 'What is 2+2?' }),
      entry(
        'msg_2',
        { role: 'assistant', content: '2+2 = 5' },
        { draftOf: 'run_1', checkClaims: ['2+2 = 5 ≠ 4 (calculator)'] },
      ),
      entry('msg_3', { role: 'user', content: 'An answer check found claims…' }, { synthetic: true, draftOf: 'run_1' }),
      entry('msg_4', { role: 'assistant', content: '2+2 = 4' }),
    ];
    const { rows, lastAssistantId } = buildMessageRows(entries);
    expect(rows.map((row) => row.entry.id)).toEqual(['msg_1', 'msg_2', 'msg_4']);
    expect(lastAssistantId).toBe('msg_4');
  });

  it('keeps a delegated run out of the rows and groups it under the call it answers', () => {
    const delegation = { parentCallId: 'd1', agent: 'researcher' };
    const delegateCall = {
      id: 'd1',
      type: 'function' as const,
      function: { name: 'delegate_researcher', arguments: '{"task":"t"}' },
    };
    const entries = [
      entry('msg_1', { role: 'user', content: 'Research it' }),
      entry('msg_2', { role: 'assistant', content: null, tool_calls: [delegateCall] }),
      entry('msg_3', { role: 'user', content: 't' }, { delegation }),
      entry('msg_4', { role: 'assistant', content: null, tool_calls: [call] }, { delegation }),
      entry('msg_5', { role: 'tool', tool_call_id: 'call_1', content: '4' }, { delegation }),
      entry('msg_6', { role: 'assistant', content: 'found' }, { delegation }),
      entry('msg_7', { role: 'tool', tool_call_id: 'd1', content: 'found' }),
      entry('msg_8', { role: 'assistant', content: 'Done.' }),
    ];
    const { rows, toolEntries, delegations, lastAssistantId } = buildMessageRows(entries);
    expect(rows.map((row) => row.entry.id)).toEqual(['msg_1', 'msg_2', 'msg_7', 'msg_8']);
    expect(delegations.get('d1')?.map((item) => item.id)).toEqual(['msg_3', 'msg_4', 'msg_5', 'msg_6']);
    // The delegate's own tool cards find their results too.
    expect(toolEntries.get('call_1')?.id).toBe('msg_5');
    expect(lastAssistantId).toBe('msg_8');
  });

  it('drops system messages, indexes tool results and finds the last answer', () => {
    const entries = [
      entry('msg_0', { role: 'system', content: 'You are…' }),
      entry('msg_1', { role: 'user', content: 'What is 2+2?' }),
      entry('msg_2', { role: 'assistant', content: null, tool_calls: [call] }),
      entry('msg_3', { role: 'tool', tool_call_id: 'call_1', content: '4' }),
      entry('msg_4', { role: 'assistant', content: 'It is 4.' }),
    ];
    const { rows, toolEntries, lastAssistantId } = buildMessageRows(entries);
    expect(rows.map((row) => row.entry.id)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
    expect(toolEntries.get('call_1')?.id).toBe('msg_3');
    expect(lastAssistantId).toBe('msg_4');
  });

  it('appends the streaming entry, or puts it in place of a stored one with its id', () => {
    const user = entry('msg_1', { role: 'user', content: 'Hi' });
    const live = entry('msg_2', { role: 'assistant', content: 'Hel' });
    const appended = buildMessageRows([user], live);
    expect(appended.rows.map((row) => [row.entry.id, row.streaming])).toEqual([
      ['msg_1', false],
      ['msg_2', true],
    ]);
    expect(appended.lastAssistantId).toBeUndefined();

    const stored = entry('msg_2', { role: 'assistant', content: 'He' });
    const replaced = buildMessageRows([user, stored], live);
    expect(replaced.rows).toHaveLength(2);
    expect(replaced.rows[1]?.entry.message.content).toBe('Hel');
  });

  it('pairs live tool results that are not stored yet', () => {
    const live = entry('msg_9', { role: 'tool', tool_call_id: 'call_1', content: '4' });
    const { rows, toolEntries } = buildMessageRows([], undefined, [live]);
    expect(rows).toHaveLength(0);
    expect(toolEntries.get('call_1')).toBe(live);
  });
});

describe('estimateRowHeight', () => {
  it('guesses compact tool rows and taller long answers', () => {
    const tool = { entry: entry('a', { role: 'tool', tool_call_id: 'c', content: 'x' }), streaming: false };
    const short = { entry: entry('b', { role: 'assistant', content: 'ok' }), streaming: false };
    const long = { entry: entry('c', { role: 'assistant', content: 'line\n'.repeat(30) }), streaming: false };
    expect(estimateRowHeight(tool)).toBeLessThan(estimateRowHeight(short));
    expect(estimateRowHeight(long)).toBeGreaterThan(estimateRowHeight(short));
  });
});
