import { describe, expect, it } from 'vitest';
import { chatGptExportChunks } from '../testing/chatgpt-export-fixture.ts';
import { parseChatGptExport } from './chatgpt-import.ts';
import { importParsed } from './import-sessions.ts';
import { messageChunk } from './message-chunks.ts';
import { deleteMessages, truncateMessagesFrom } from './messages.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { saveStep } from './save-step.ts';
import type { MessageRecord } from './schema.ts';
import { SEARCH_INDEX_STATE_KEY, SEARCH_INDEX_VERSION } from './search-index-state.ts';
import type { SessionMatch } from './search-match.ts';
import {
  ensureSearchIndex,
  FIRST_SCREEN,
  initialTerm,
  queryTokens,
  scanSessions,
  searchIndexReady,
  searchSessions,
  searchSnippets,
} from './search-index.ts';
import { createSession, deleteSession, listSessions, prepareSearchIndex, renameSession } from './sessions.ts';
import { assistantEntry, sequentialIds, userEntry } from './test-fixtures.ts';
import type { GlassboxDatabase } from './transaction.ts';

async function sessionWith(db: GlassboxDatabase, id: string, updatedAt: number, texts: string[]): Promise<void> {
  await createSession(db, { id, now: updatedAt - 1 });
  await saveStep(db, {
    sessionId: id,
    entries: texts.map((text, index) =>
      index % 2 === 0 ? userEntry(id, `${id}_m${index}`, text) : assistantEntry(id, `${id}_m${index}`, text),
    ),
    spans: [],
    session: { updatedAt },
  });
}

const ids = async (db: GlassboxDatabase, query: string) =>
  (await searchSessions(db, query)).map((match) => match.sessionId);

/** A message written straight to the store, past the index (as a build without it would have): into its chunk, or one of its own. */
async function putUnindexed(db: GlassboxDatabase, record: MessageRecord): Promise<void> {
  const chunk = await db.getFromIndex('messageChunks', 'by-message', record.id);
  await db.put(
    'messageChunks',
    chunk
      ? { ...chunk, messages: chunk.messages.map((message) => (message.id === record.id ? record : message)) }
      : messageChunk([record]),
  );
}

describe('search index', () => {
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

  it('a fresh database starts with a complete empty index; a step indexes its messages in its own transaction', async () => {
    const db = await openTestDb();
    expect(await searchIndexReady(db)).toBe(true);
    await sessionWith(db, 'sess_zoo', 200, ['The zebra question: what is 17*3?', 'It is 51.']);
    const rows = await db.getAll('searchIndex');
    expect(rows.filter((row) => row.term === 'zebra')).toEqual([
      { term: 'zebra', bucket: 'sess_zoo', sessions: ['sess_zoo'] },
    ]);
    expect(await searchSessions(db, 'zebra')).toEqual([
      { sessionId: 'sess_zoo', snippets: [{ entryId: 'sess_zoo_m0', text: 'The zebra question: what is 17*3?' }] },
    ]);
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

  it("answers a one-letter prefix from its initial's rows (one per session or batch, not one per term under it), kept as words come and go", async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['Kiwi 17 and 18', 'Kumquat 19']);
    await sessionWith(db, 'sess_b', 200, ['Mango 1', '天气 kale']);
    await sessionWith(db, 'sess_c', 100, ['Lemon only']);
    const initialRows = async (character: string) =>
      (await db.getAll('searchIndex', IDBKeyRange.bound([initialTerm(character)], [initialTerm(character), []]))).map(
        (row) => row.sessions,
      );
    expect(await initialRows('k')).toEqual([['sess_a'], ['sess_b']]);
    expect(await initialRows('1')).toEqual([['sess_a'], ['sess_b']]);
    // CJK tokens are looked up whole, never by an initial.
    expect(await initialRows('天')).toEqual([]);
    expect(await ids(db, 'k')).toEqual(['sess_a', 'sess_b']);
    expect(await ids(db, '1')).toEqual(['sess_a', 'sess_b']);
    expect(await ids(db, 'kale 1')).toEqual(['sess_b']);
    expect(await ids(db, 'l')).toEqual(['sess_c']);
    // The only k-word of sess_b goes: it leaves the initial's row too; sess_a keeps its own.
    await deleteMessages(db, 'sess_b', ['sess_b_m1']);
    expect(await initialRows('k')).toEqual([['sess_a']]);
    expect(await ids(db, 'k')).toEqual(['sess_a']);
    await deleteMessages(db, 'sess_a', ['sess_a_m0']);
    expect(await ids(db, 'k')).toEqual(['sess_a']);
    expect(await ids(db, '1')).toEqual(['sess_a', 'sess_b']);
  });

  it('gives exactly what a scan gives, snippets included, over a generated ChatGPT export in English and Chinese', async () => {
    const db = await openTestDb();
    const text = [...chatGptExportChunks({ conversations: 30, messagesPerConversation: 12, messageLength: 40 })].join(
      '',
    );
    const parsed = parseChatGptExport(JSON.parse(text), 'conversations.json');
    if (!parsed.ok) throw new Error(parsed.error);
    await importParsed(
      db,
      { sessions: parsed.sessions.map((session) => ({ ...session, source: 'chatgpt' as const })), notes: [] },
      { newId: sequentialIds() },
    );
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

  it('an edit is found by its new words; deleted messages and sessions are no longer found', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['opening line', 'beta words', 'alpha words', 'gamma words']);
    await sessionWith(db, 'sess_b', 200, ['alpha too']);
    // The same entry saved again with new content (a streamed answer growing).
    await saveStep(db, {
      sessionId: 'sess_a',
      entries: [assistantEntry('sess_a', 'sess_a_m1', 'beta words and delta')],
      spans: [],
      session: {},
    });
    expect(await ids(db, 'delta')).toEqual(['sess_a']);
    await saveStep(db, {
      sessionId: 'sess_a',
      entries: [assistantEntry('sess_a', 'sess_a_m1', 'rewritten')],
      spans: [],
      session: {},
    });
    expect(await ids(db, 'delta')).toEqual([]);
    expect(await ids(db, 'rewritten')).toEqual(['sess_a']);
    expect(await ids(db, 'gamma')).toEqual(['sess_a']);
    await truncateMessagesFrom(db, 'sess_a', 3);
    expect(await ids(db, 'gamma')).toEqual([]);
    expect(await ids(db, 'alpha')).toEqual(['sess_a', 'sess_b']);
    await deleteMessages(db, 'sess_a', ['sess_a_m2']);
    expect(await ids(db, 'alpha')).toEqual(['sess_b']);
    await deleteSession(db, 'sess_b');
    expect(await ids(db, 'alpha')).toEqual([]);
    // A renamed session is found by its title without any index row.
    await renameSession(db, 'sess_a', 'Epsilon plans');
    expect(await ids(db, 'epsilon')).toEqual(['sess_a']);
  });

  it('updates the stored postings when messages or sessions are deleted: the session leaves only the terms nothing else of it holds', async () => {
    const db = await openTestDb();
    const listed = async (term: string) =>
      [
        ...new Set(
          (await db.getAll('searchIndex', IDBKeyRange.bound([term], [term, []]))).flatMap((row) => row.sessions),
        ),
      ].toSorted();
    const rows = async (term: string) => (await db.getAll('searchIndex', IDBKeyRange.bound([term], [term, []]))).length;
    await sessionWith(db, 'sess_a', 300, ['opening kiwi', 'shared mango', 'alpha kiwi', 'gamma only']);
    await sessionWith(db, 'sess_b', 200, ['alpha mango too']);
    // Imported sessions share their batch's rows with each other.
    const text = [...chatGptExportChunks({ conversations: 3, messagesPerConversation: 4, messageLength: 30 })].join('');
    const parsed = parseChatGptExport(JSON.parse(text), 'conversations.json');
    if (!parsed.ok) throw new Error(parsed.error);
    const imported = await importParsed(
      db,
      { sessions: parsed.sessions.map((session) => ({ ...session, source: 'chatgpt' as const })), notes: [] },
      { newId: sequentialIds() },
    );
    const [first, second] = imported.sessionIds;
    expect(second).toBeDefined();
    expect(await listed('question')).toEqual([...imported.sessionIds].toSorted());

    // Edit and resend from the fourth message: gamma was only there.
    await truncateMessagesFrom(db, 'sess_a', 3);
    expect(await listed('gamma')).toEqual([]);
    expect(await rows('gamma')).toBe(0);
    expect(await listed('kiwi')).toEqual(['sess_a']);
    // Delete a turn: kiwi is still in the first message, alpha still in sess_b.
    await deleteMessages(db, 'sess_a', ['sess_a_m2']);
    expect(await listed('kiwi')).toEqual(['sess_a']);
    expect(await listed('alpha')).toEqual(['sess_b']);
    expect(await listed('mango')).toEqual(['sess_a', 'sess_b']);
    // A step after the prune writes the term again (what the page remembered writing is forgotten).
    await saveStep(db, {
      sessionId: 'sess_a',
      entries: [userEntry('sess_a', 'sess_a_m9', 'gamma is back')],
      spans: [],
      session: {},
    });
    expect(await listed('gamma')).toEqual(['sess_a']);
    expect(await ids(db, 'gamma')).toEqual(['sess_a']);

    await deleteSession(db, 'sess_b');
    expect(await listed('alpha')).toEqual([]);
    expect(await listed('mango')).toEqual(['sess_a']);
    // An imported session leaves its batch's rows; the others of the batch stay listed.
    await deleteSession(db, first ?? '');
    expect(await listed('question')).toEqual([...imported.sessionIds].filter((id) => id !== first).toSorted());
    expect(await ids(db, 'question')).not.toContain(first);
    expect(await ids(db, 'question')).toContain(second);
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

  it('reads snippets for as many matches as the list says it shows, typed on from the rows shown or not', async () => {
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
    // Typed on: the first pages of the rows shown are read alongside the lookup (more of them than the screen holds).
    const next = await searchSessions(db, 'ki', {
      sessions,
      firstScreen: 5,
      likely: first.map((match) => match.sessionId),
    });
    expect(withSnippets(next)).toEqual([0, 1, 2, 3, 4].map(name));
    expect(next.slice(5)).toEqual(
      [5, 6, 7].map((index) => ({ sessionId: name(index), snippets: [], snippetsPending: true })),
    );
  });

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

  it('a word typed on, answered from the rows its start read, has its first screen read before the index is looked up', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['kiwi one', 'and a plum']);
    await sessionWith(db, 'sess_b', 200, ['kite two']);
    await sessionWith(db, 'sess_c', 100, ['kiwi three']);
    const sessions = [
      { id: 'sess_a', title: 'Untitled' },
      { id: 'sess_b', title: 'Untitled' },
      { id: 'sess_c', title: 'Untitled' },
    ];
    const expected = await searchSessions(db, 'kiwi');
    expect(expected.map((match) => match.sessionId)).toEqual(['sess_a', 'sess_c']);
    await searchSessions(db, 'ki', { sessions });
    const opened: string[] = [];
    const transaction = db.transaction.bind(db);
    db.transaction = ((stores: Parameters<typeof transaction>[0], mode?: IDBTransactionMode) => {
      opened.push(String(stores));
      return transaction(stores, mode);
    }) as typeof db.transaction;
    expect(await searchSessions(db, 'kiwi', { sessions })).toEqual(expected);
    expect(opened).toEqual(['messageChunks', 'searchIndex']);
    // Not from a cached start (a word of its own read first): the index first, then the snippets.
    opened.length = 0;
    expect(await searchSessions(db, 'plum', { sessions })).toEqual([
      { sessionId: 'sess_a', snippets: [{ entryId: 'sess_a_m1', text: 'and a plum' }] },
    ]);
    expect(opened).toEqual(['searchIndex', 'messageChunks']);
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
    // A row written behind the page's back (as no writer of the page does without a new list): the rows read for
    // `ki` answer `kiw` and `kiwi` as before; a new list reads the index again.
    await putUnindexed(db, { ...userEntry('sess_b', 'sess_b_later', 'kiwis three'), seq: 5 });
    await db.put('searchIndex', { term: 'kiwis', bucket: 'sess_b', sessions: ['sess_b'] });
    expect(await found('kiw', sessions)).toEqual(['sess_a']);
    expect(await found('kiwi', sessions)).toEqual(['sess_a']);
    expect(await found('kiwi', [...sessions])).toEqual(['sess_a', 'sess_b']);
    // Without a list (no page), nothing is kept.
    expect(await ids(db, 'kiwis')).toEqual(['sess_b']);
  });

  it('keeps no rows read while the index is rebuilt', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['kiwi one']);
    const sessions = [{ id: 'sess_a', title: 'Untitled' }];
    await db.put('searchIndex', {
      term: '',
      bucket: 'state',
      sessions: [],
      version: SEARCH_INDEX_VERSION,
      building: 'rebuild:test',
    });
    await db.delete('searchIndex', ['kiwi', 'sess_a']);
    // Scanned meanwhile (the rows read for `ki` lack sess_a and are dropped).
    expect((await searchSessions(db, 'ki', { sessions })).map((match) => match.sessionId)).toEqual(['sess_a']);
    await db.put('searchIndex', { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION });
    await db.put('searchIndex', { term: 'kiwi', bucket: 'sess_a', sessions: ['sess_a'] });
    expect((await searchSessions(db, 'kiw', { sessions })).map((match) => match.sessionId)).toEqual(['sess_a']);
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

  it('is consulted: a message written past it is not found until the stale index is rebuilt', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 300, ['first words']);
    await putUnindexed(db, { ...userEntry('sess_a', 'sess_a_hidden', 'secret omega'), seq: 5 });
    expect(await ids(db, 'omega')).toEqual([]);
    expect(await ids(db, 'first')).toEqual(['sess_a']);

    // A complete index is left as it is when the app starts.
    await prepareSearchIndex(db);
    expect(await ids(db, 'omega')).toEqual([]);
    // A state stamped by another tokenizer version is stale: search scans meanwhile, and rebuilds.
    await db.put('searchIndex', { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION - 1 });
    expect(await searchIndexReady(db)).toBe(false);
    expect(await ids(db, 'omega')).toEqual(['sess_a']);
    await ensureSearchIndex(db);
    expect(await searchIndexReady(db)).toBe(true);
    expect(await ids(db, 'omega')).toEqual(['sess_a']);
    expect(await ids(db, 'first')).toEqual(['sess_a']);
    // Rebuilt from the messages: the step's own rows were replaced by the rebuild's batch rows.
    expect((await db.getAll('searchIndex')).filter((row) => row.term === 'omega').map((row) => row.sessions)).toEqual([
      ['sess_a'],
    ]);

    // The app's start rebuilds a stale index in the background, before any search.
    await putUnindexed(db, { ...userEntry('sess_a', 'sess_a_hidden2', 'secret sigma'), seq: 6 });
    await db.put('searchIndex', { term: '', bucket: 'state', sessions: [], version: SEARCH_INDEX_VERSION - 1 });
    await prepareSearchIndex(db);
    expect(await searchIndexReady(db)).toBe(true);
    expect((await db.getAll('searchIndex')).filter((row) => row.term === 'sigma').map((row) => row.sessions)).toEqual([
      ['sess_a'],
    ]);
  });

  it('rebuilds a missing index in batches while steps keep indexing; a rebuild overtaken by another is not marked complete', async () => {
    const db = await openTestDb();
    for (let index = 0; index < 5; index += 1)
      await sessionWith(db, `sess_${index}`, 100 + index, [`topic${index} text`]);
    await db.clear('searchIndex');
    expect(await searchIndexReady(db)).toBe(false);
    const rebuild = ensureSearchIndex(db);
    // Asking again while it runs joins the same rebuild.
    expect(ensureSearchIndex(db)).toBe(rebuild);
    await sessionWith(db, 'sess_live', 500, ['during the rebuild']);
    await rebuild;
    expect(await searchIndexReady(db)).toBe(true);
    expect(await ids(db, 'topic3')).toEqual(['sess_3']);
    expect(await ids(db, 'rebuild')).toEqual(['sess_live']);

    // Another tab restarts the rebuild (a new stamp) before this one finishes: this one leaves the mark alone.
    // The other tab writes its stamp exactly when this rebuild, its own stamp written, reads its first messages.
    await db.clear('searchIndex');
    let stampSeen: string | undefined;
    const hooked = new Proxy(db, {
      get(target, property) {
        if (property === 'getAll') {
          return async (...args: Parameters<GlassboxDatabase['getAll']>) => {
            if (args[0] === 'messageChunks' && stampSeen === undefined) {
              stampSeen = (await target.get('searchIndex', SEARCH_INDEX_STATE_KEY))?.building;
              await target.put('searchIndex', {
                term: '',
                bucket: 'state',
                sessions: [],
                version: SEARCH_INDEX_VERSION,
                building: 'rebuild:other',
              });
            }
            return target.getAll(...args);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    await ensureSearchIndex(hooked);
    expect(stampSeen).toMatch(/^rebuild/u);
    expect(stampSeen).not.toBe('rebuild:other');
    expect((await db.get('searchIndex', SEARCH_INDEX_STATE_KEY))?.building).toBe('rebuild:other');
  });
});
