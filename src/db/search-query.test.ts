import { describe, expect, it } from 'vitest';
import { chatGptExportChunks, type ChatGptExportOptions } from '../testing/chatgpt-export-fixture.ts';
import { parseChatGptExport } from './chatgpt-import.ts';
import { importParsed } from './import-sessions.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { SEARCH_INDEX_VERSION } from './search-index-state.ts';
import type { SessionMatch } from './search-match.ts';
import { initialTerm, messageTerms, queryTokens } from './search-index-terms.ts';
import { FIRST_SCREEN, scanSessions, searchSessions, searchSnippets } from './search-query.ts';
import { ids, putUnindexed, sessionWith } from './search-test-helpers.ts';
import { sessionMatcher } from './session-matcher.ts';
import { createSession, listSessions } from './sessions.ts';
import { saveStep } from './save-step.ts';
import { assistantEntry, sequentialIds, userEntry } from './test-fixtures.ts';
import type { GlassboxDatabase } from './transaction.ts';

/** Imports a generated ChatGPT export (its import writes the index rows). */
async function importExport(db: GlassboxDatabase, options: ChatGptExportOptions): Promise<void> {
  const parsed = parseChatGptExport(JSON.parse([...chatGptExportChunks(options)].join('')), 'conversations.json');
  if (!parsed.ok) throw new Error(parsed.error);
  await importParsed(
    db,
    { sessions: parsed.sessions.map((session) => ({ ...session, source: 'chatgpt' as const })), notes: [] },
    { newId: sequentialIds() },
  );
}

describe('search index: querying', () => {
  it('looks a word up by its tokens: every one whole but the last, which is being typed; CJK by characters and pairs', () => {
    expect(queryTokens('1500.3')).toEqual([
      { token: '1500', prefix: false },
      { token: '3', prefix: true },
    ]);
    expect(queryTokens('Zeb')).toEqual([{ token: 'zeb', prefix: true }]);
    expect(queryTokens('天气')).toEqual([
      { token: '天', prefix: false },
      { token: '天气', prefix: false },
      { token: '气', prefix: false },
    ]);
    expect(queryTokens('?!')).toEqual([]);
  });

  it('finds words by prefix as they are typed, and CJK terms inside a run', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['Question 1500.3 about the zebra', 'Answer 1500.3']);
    await sessionWith(db, 'sess_b', 200, ['Question 1500.4', 'Answer 1500.31']);
    await sessionWith(db, 'sess_c', 100, ['我在广州学数学', '明天北京的天气怎么样？']);
    const typed: Record<string, string[]> = {};
    for (const query of ['z', 'ze', 'zeb', 'zebr', 'zebra', 'zebrax']) typed[query] = await ids(db, query);
    expect(typed).toEqual({
      z: ['sess_a'],
      ze: ['sess_a'],
      zeb: ['sess_a'],
      zebr: ['sess_a'],
      zebra: ['sess_a'],
      zebrax: [],
    });
    expect(await ids(db, '1500.3')).toEqual(['sess_a', 'sess_b']);
    expect(await ids(db, '1500.3x')).toEqual([]);
    expect(await ids(db, '1500.4')).toEqual(['sess_b']);
    expect(await ids(db, '州学')).toEqual(['sess_c']);
    expect(await ids(db, '天气')).toEqual(['sess_c']);
    expect(await ids(db, '天气 广州')).toEqual(['sess_c']);
    expect(await ids(db, '天气 zebra')).toEqual([]);
    expect((await searchSessions(db, '广州'))[0]?.snippets).toEqual([{ entryId: 'sess_c_m0', text: '我在广州学数学' }]);
    // Punctuation alone has no token: every session's messages are checked.
    expect(await ids(db, '？')).toEqual(['sess_c']);
  });

  it('gives exactly what a scan gives, snippets included, over a generated ChatGPT export in English and Chinese', async () => {
    const db = await openTestDb();
    await importExport(db, { conversations: 30, messagesPerConversation: 12, messageLength: 40 });
    let paged = 0;
    for (const query of [
      'answer 17.3',
      'question',
      'storage index',
      '对话 3',
      '浏览器',
      '会话消息',
      'conversation 2',
      'the a',
      '17.',
      'trace latency',
      'a',
      '会',
    ]) {
      const indexed = await searchSessions(db, query);
      // Past the first screen the snippets are read when the rows are shown: read them all, as scrolling would.
      const pending = indexed.filter((match) => match.snippetsPending).map((match) => match.sessionId);
      expect(
        indexed.slice(0, FIRST_SCREEN).some((match) => match.snippetsPending),
        query,
      ).toBe(false);
      if (pending.length > 0) paged += 1;
      const read = new Map((await searchSnippets(db, query, pending)).map((match) => [match.sessionId, match]));
      const complete = indexed.map((match) => (match.snippetsPending ? read.get(match.sessionId) : match));
      expect(complete, query).toEqual(await scanSessions(db, query));
    }
    expect(paged).toBeGreaterThan(0);
    expect((await searchSessions(db, 'answer 17.3')).length).toBe(1);
  });

  it('reads snippets only for the first screen of a long result; the rest are read when shown, and a session that no longer matches leaves', async () => {
    const db = await openTestDb();
    const count = FIRST_SCREEN + 4;
    for (let index = 0; index < count; index += 1)
      await sessionWith(db, `sess_${String(index).padStart(2, '0')}`, 1000 - index, [
        `hello ${index}`,
        `kiwi number ${index}`,
      ]);
    const matches = await searchSessions(db, 'kiw');
    expect(matches.map((match) => match.sessionId)).toEqual(
      Array.from({ length: count }, (_, index) => `sess_${String(index).padStart(2, '0')}`),
    );
    expect(matches.slice(0, FIRST_SCREEN).every((match) => match.snippets.length === 1 && !match.snippetsPending)).toBe(
      true,
    );
    const later = matches.slice(FIRST_SCREEN);
    expect(later).toEqual(later.map((match) => ({ sessionId: match.sessionId, snippets: [], snippetsPending: true })));

    // One of them was changed past the index (its stored row still lists it): reading its snippets drops it.
    const name = (index: number) => `sess_${String(index).padStart(2, '0')}`;
    const changed = name(FIRST_SCREEN + 2);
    await putUnindexed(db, { ...assistantEntry(changed, `${changed}_m1`, 'nothing here'), seq: 1 });
    const read = await searchSnippets(
      db,
      'kiw',
      later.map((match) => match.sessionId),
    );
    expect(read).toEqual(
      [FIRST_SCREEN, FIRST_SCREEN + 1, FIRST_SCREEN + 3].map((index) => ({
        sessionId: name(index),
        snippets: [{ entryId: `${name(index)}_m1`, text: `kiwi number ${index}` }],
      })),
    );
    // On the first screen such a session is left out before the answer, and the next one takes its place.
    await putUnindexed(db, { ...assistantEntry('sess_03', 'sess_03_m1', 'nothing here'), seq: 1 });
    const again = await searchSessions(db, 'kiw');
    expect(again.map((match) => match.sessionId)).not.toContain('sess_03');
    expect(again.filter((match) => !match.snippetsPending)).toHaveLength(FIRST_SCREEN);
  });

  it('reads snippets for as many matches as the list says it shows', async () => {
    const db = await openTestDb();
    const name = (index: number) => `sess_${String(index).padStart(2, '0')}`;
    for (let index = 0; index < 8; index += 1)
      await sessionWith(db, name(index), 1000 - index, [`hello ${index}`, `kiwi number ${index}`]);
    const sessions = await listSessions(db);
    const withSnippets = (matches: SessionMatch[]) =>
      matches.filter((match) => !match.snippetsPending).map((match) => match.sessionId);
    const first = await searchSessions(db, 'k', { sessions, firstScreen: 3 });
    expect(first).toHaveLength(8);
    expect(withSnippets(first)).toEqual([name(0), name(1), name(2)]);
    expect(first.slice(0, 3).every((match) => match.snippets.length === 1)).toBe(true);
    const next = await searchSessions(db, 'ki', {
      sessions,
      firstScreen: 5,
    });
    expect(withSnippets(next)).toEqual([0, 1, 2, 3, 4].map(name));
    expect(next.slice(5)).toEqual(
      [5, 6, 7].map((index) => ({ sessionId: name(index), snippets: [], snippetsPending: true })),
    );
  });

  it('searches the session list it is given (the page list, newest first) instead of reading every session record', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['kiwi one']);
    await sessionWith(db, 'sess_b', 200, ['kiwi two']);
    await sessionWith(db, 'sess_c', 100, ['plum three']);
    const sessions = [
      { id: 'sess_c', title: 'Kiwi orchard' },
      { id: 'sess_a', title: 'Untitled' },
    ];
    // In the given order; a session the list lacks is not answered; the given title counts.
    expect(await searchSessions(db, 'kiwi', { sessions })).toEqual([
      { sessionId: 'sess_c', snippets: [] },
      { sessionId: 'sess_a', snippets: [{ entryId: 'sess_a_m0', text: 'kiwi one' }] },
    ]);
    // The same while the index is rebuilt (the scan).
    await db.put('searchIndex', { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION - 1 });
    expect((await searchSessions(db, 'kiwi', { sessions })).map((match) => match.sessionId)).toEqual([
      'sess_c',
      'sess_a',
    ]);
  });

  it('a search superseded by a newer query stops and rejects with the abort', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['kiwi one', 'kiwi two']);
    const controller = new AbortController();
    const running = searchSessions(db, 'kiwi', { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    await expect(searchSnippets(db, 'kiwi', ['sess_a'], { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(await ids(db, 'kiwi')).toEqual(['sess_a']);
  });

  it('lists a session whose full title was typed first, at 2,000 sessions as at 20 (by the index and by the scan)', async () => {
    for (const conversations of [20, 2000]) {
      const db = await openTestDb();
      await importExport(db, { conversations, messagesPerConversation: 2, messageLength: 12 });
      // `Conversation 1` is among the oldest; every `Conversation 1…` title (up to 1,111 of them) holds its words.
      const wanted = (await listSessions(db)).find((session) => session.title === 'Conversation 1')?.id;
      expect(wanted).toBeDefined();
      const found = await searchSessions(db, 'Conversation 1');
      expect(found[0]?.sessionId).toBe(wanted);
      expect(found.length).toBeGreaterThan(conversations === 20 ? 5 : 1000);
      // Then the others, newest first.
      const titles = new Map((await listSessions(db)).map((session) => [session.id, session.title]));
      expect(titles.get(found[1]?.sessionId ?? '')).toBe(
        conversations === 20 ? 'Conversation 19' : 'Conversation 1999',
      );
      // Typed in another case and spacing, and through the scan (a stale index): the same first row.
      expect((await searchSessions(db, '  conversation   1 '))[0]?.sessionId).toBe(wanted);
      expect((await scanSessions(db, 'Conversation 1'))[0]?.sessionId).toBe(wanted);
    }
  }, 60_000);

  it('answers the same with the first pages of the shown top sessions read alongside the lookup, on the new first screen or not', async () => {
    const db = await openTestDb();
    // Forty messages each, the word first in message 30 (in the first page read) or, in sess_d, 35 (a second round,
    // in a transaction of its own after a first page read in the lookup's).
    for (const [index, id] of ['sess_a', 'sess_b', 'sess_c', 'sess_d'].entries()) {
      const at = id === 'sess_d' ? 35 : 30;
      await sessionWith(
        db,
        id,
        500 - index,
        Array.from({ length: 40 }, (_, seq) => (seq === at && id !== 'sess_c' ? `kiwi at ${seq}` : `plain ${seq}`)),
      );
    }
    const plain = await searchSessions(db, 'kiwi');
    expect(plain.map((match) => match.sessionId)).toEqual(['sess_a', 'sess_b', 'sess_d']);
    expect(plain[0]?.snippets).toEqual([{ entryId: 'sess_a_m30', text: 'kiwi at 30' }]);
    expect(plain[2]?.snippets).toEqual([{ entryId: 'sess_d_m35', text: 'kiwi at 35' }]);
    for (const likely of [['sess_a', 'sess_b', 'sess_c', 'sess_d'], ['sess_c'], ['sess_d', 'sess_x'], []]) {
      expect(await searchSessions(db, 'kiwi', { likely })).toEqual(plain);
      expect(await searchSessions(db, 'kiwi 30', { likely })).toEqual(await searchSessions(db, 'kiwi 30'));
    }
  });

  it('answers a word typed on from the rows read for its start while the page list stays the same, and reads again for a new list', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['kiwi one']);
    await sessionWith(db, 'sess_b', 200, ['plum two']);
    const sessions = [
      { id: 'sess_a', title: 'Untitled' },
      { id: 'sess_b', title: 'Untitled' },
    ];
    const found = async (query: string, list: typeof sessions) =>
      (await searchSessions(db, query, { sessions: list })).map((match) => match.sessionId);
    expect(await found('ki', sessions)).toEqual(['sess_a']);
    // A row written behind the page's back (no writer of the page does so without replacing its list): the rows read
    // for `ki` answer `kiw` as before; the new list every change brings reads the index again.
    await putUnindexed(db, { ...userEntry('sess_b', 'sess_b_later', 'kiwis three'), seq: 5 });
    await db.put('searchIndex', { term: 'kiwis', bucket: 'sess_b', sessions: ['sess_b'] });
    expect(await found('kiw', sessions)).toEqual(['sess_a']);
    expect(await found('kiw', [...sessions])).toEqual(['sess_a', 'sess_b']);
    // Without a list (no page), nothing is kept.
    expect(await ids(db, 'kiwis')).toEqual(['sess_b']);
  });

  it('keeps no rows read while the index is rebuilt', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['kiwi one']);
    const sessions = [{ id: 'sess_a', title: 'Untitled' }];
    const building = { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION, building: 'rebuild:x' };
    await db.put('searchIndex', building);
    await db.delete('searchIndex', ['kiwi', 'sess_a']);
    // Scanned meanwhile (the rows read for `ki` lack sess_a and are dropped).
    expect((await searchSessions(db, 'ki', { sessions })).map((match) => match.sessionId)).toEqual(['sess_a']);
    await db.put('searchIndex', { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION });
    await db.put('searchIndex', { term: 'kiwi', bucket: 'sess_a', sessions: ['sess_a'] });
    expect((await searchSessions(db, 'kiw', { sessions })).map((match) => match.sessionId)).toEqual(['sess_a']);
  });

  it('indexes and finds text in a message or tool result holding JSON nested 100,000 levels, without overflowing', async () => {
    const depth = 100_000;
    const nested = `${'['.repeat(depth)}"needle deep"${']'.repeat(depth)}`;
    let value: unknown = 'needle';
    for (let level = 0; level < depth; level += 1) value = { inner: value };
    // Content that is not text (a nested value) gives no terms and matches nothing, however deep.
    expect(messageTerms(value)).toEqual(new Set());
    const matcher = sessionMatcher('sess_x', 'Untitled', ['needle']);
    expect(matcher.offer('m1', value, 'tool')).toBe(true);
    expect(matcher.result()).toBeUndefined();
    expect(messageTerms(nested)).toEqual(new Set(['needle', 'deep', initialTerm('n'), initialTerm('d')]));
    const db = await openTestDb();
    await createSession(db, { id: 'sess_deep', now: 100 });
    await saveStep(db, {
      sessionId: 'sess_deep',
      entries: [
        userEntry('sess_deep', 'sess_deep_m0', 'fetch it'),
        {
          ...userEntry('sess_deep', 'sess_deep_m1', nested),
          message: { role: 'tool', tool_call_id: 'c1', content: nested },
        },
      ],
      spans: [],
      session: { updatedAt: 200 },
    });
    expect(await ids(db, 'needle')).toEqual(['sess_deep']);
    expect(await ids(db, 'deep')).toEqual(['sess_deep']);
    expect((await scanSessions(db, 'needle')).map((match) => match.sessionId)).toEqual(['sess_deep']);
  });
});
