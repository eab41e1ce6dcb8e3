import { describe, expect, it } from 'vitest';
import { runNoticeIdentity, runNoticeIn, runNoticesToShow, type RunNotice } from './run-notices.ts';

const switched: RunNotice = { kind: 'agent', text: { key: 'protocol-switched' } };
const limit: RunNotice = { kind: 'agent', text: { key: 'stop.max-steps', values: { limit: 3 } } };

describe('run notices as data', () => {
  it('words a notice in the reader’s language from its key and values', () => {
    expect(runNoticeIn('en', limit)).toBe('Stopped: step limit (3) reached.');
    expect(runNoticeIn('zh-CN', limit)).toBe('已停止：达到步数上限（3）。');
    const elsewhere: RunNotice = { kind: 'store', key: 'runningElsewhere' };
    expect(runNoticeIn('en', elsewhere)).toContain('running in another tab');
    expect(runNoticeIn('zh-CN', elsewhere)).toContain('另一个标签页');
    const recall: RunNotice = { kind: 'recall-fallback', reason: [{ key: 'said', values: { message: 'boom' } }] };
    expect(runNoticeIn('zh-CN', recall)).toBe('语义回忆不可用，因此只按词语回忆了笔记。它说：“boom”');
  });

  it('shows each notice once, told apart by key and values whatever the order of their fields', () => {
    const reordered: RunNotice = { text: { values: { limit: 3 }, key: 'stop.max-steps' }, kind: 'agent' };
    expect(runNoticeIdentity(reordered)).toBe(runNoticeIdentity(limit));
    expect(runNoticesToShow([switched, limit, reordered, switched], [])).toEqual([switched, limit]);
    const other: RunNotice = { kind: 'agent', text: { key: 'stop.max-steps', values: { limit: 4 } } };
    expect(runNoticesToShow([limit, other], [])).toEqual([limit, other]);
  });

  it('leaves out a notice already stored under an answer, by its key and values', () => {
    const onEntries = [undefined, [{ key: 'cut-off' as const }, { key: 'protocol-switched' as const }]];
    expect(runNoticesToShow([switched, limit], onEntries)).toEqual([limit]);
    expect(runNoticesToShow([limit], [[{ key: 'stop.max-steps', values: { limit: 3 } }]])).toEqual([]);
  });
});
