import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { listMessages } from './messages.ts';
import { saveStep } from './save-step.ts';
import { newStepTerms, TERM_ROWS_PER_BATCH, TERMS_SLICE_CHARS } from './search-index.ts';
import { messageTerms } from './search-index-terms.ts';
import { ids } from './search-test-helpers.ts';
import { createSession } from './sessions.ts';
import { assistantEntry, userEntry } from './test-fixtures.ts';

/** A text of several slices: English words, numbers, CJK runs, punctuation and newlines, every line different. */
function longText(slices: number): string {
  const lines: string[] = [];
  for (let index = 0, length = 0; length < slices * TERMS_SLICE_CHARS; index += 1) {
    const line = `Line ${index}: the agent's answer${index} mentions 北京天气${index % 7} and value_${index * 3}.\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('');
}

describe('a long answer saved', () => {
  it('is indexed under the same terms as reading its text whole', async () => {
    const db = await openTestDb();
    const text = longText(5);
    const terms = await newStepTerms(db, 'sess_1', [text]);
    expect(terms).toEqual(messageTerms(text));
    // Enough terms that a save puts them in several batches (the last test finds words of the first and the last).
    expect(terms.size).toBeGreaterThan(3 * TERM_ROWS_PER_BATCH);
  });

  it('gives the page turns while its terms are read', async () => {
    const db = await openTestDb();
    let turn = false;
    setTimeout(() => (turn = true), 0);
    const tookTurn = await Promise.resolve(newStepTerms(db, 'sess_1', [longText(3)])).then(() => turn);
    expect(tookTurn).toBe(true);
  });

  it('keeps the order of steps saved one after another, and finds words from every slice', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    const text = `${longText(4)}closingword`;
    const first = saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_1', 'Write a lot', 100), assistantEntry('sess_1', 'msg_2', text, 110)],
      spans: [],
      session: {},
    });
    const second = saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'msg_3', 'Thanks', 200)],
      spans: [],
      session: {},
    });
    await Promise.all([first, second]);
    const messages = await listMessages(db, 'sess_1');
    expect(messages.map((message) => [message.id, message.seq])).toEqual([
      ['msg_1', 0],
      ['msg_2', 1],
      ['msg_3', 2],
    ]);
    expect(await ids(db, 'closingword')).toEqual(['sess_1']);
    expect(await ids(db, 'answer17')).toEqual(['sess_1']);
  });
});
