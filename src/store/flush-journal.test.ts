// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { assistantEntry, span } from '../db/test-fixtures.ts';
import { clearFlushJournal, flushJournalSessionIds, readFlushJournal, writeFlushJournal } from './flush-journal.ts';

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('flush journal', () => {
  it('keeps what a run had in flight until it is cleared', () => {
    const journal = {
      sessionId: 'sess_1',
      runId: 'aaaaaaaaaaaaaaa1',
      savedAt: 5,
      entries: [assistantEntry('sess_1', 'msg_1', 'Half')],
      spans: [span('sess_1', 'aaaaaaaaaaaaaaa1')],
    };
    writeFlushJournal(journal);
    expect(readFlushJournal('sess_1')).toEqual(journal);
    expect(flushJournalSessionIds()).toEqual(['sess_1']);
    clearFlushJournal('sess_1');
    expect(readFlushJournal('sess_1')).toBeUndefined();
    expect(flushJournalSessionIds()).toEqual([]);
  });

  it('ignores malformed journals and records of other sessions', () => {
    localStorage.setItem('glassbox.flush.sess_1', '{not json');
    expect(readFlushJournal('sess_1')).toBeUndefined();
    localStorage.setItem(
      'glassbox.flush.sess_2',
      JSON.stringify({
        sessionId: 'sess_2',
        runId: 'r',
        savedAt: 1,
        entries: [assistantEntry('sess_9', 'msg_x', 'elsewhere')],
        spans: [],
      }),
    );
    expect(readFlushJournal('sess_2')?.entries).toEqual([]);
  });

  it('drops the spans when the whole journal does not fit in localStorage', () => {
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (value.length > 400) throw new DOMException('full', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const big = span('sess_1', 'aaaaaaaaaaaaaaa1', { attributes: { request: 'x'.repeat(1000) } });
    writeFlushJournal({
      sessionId: 'sess_1',
      runId: 'r',
      savedAt: 1,
      entries: [assistantEntry('sess_1', 'msg_1', 'Half')],
      spans: [big],
    });
    expect(readFlushJournal('sess_1')).toMatchObject({ entries: [{ id: 'msg_1' }], spans: [] });
  });
});
