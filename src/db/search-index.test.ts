import { describe, expect, it } from 'vitest';
import { chatGptExportChunks } from '../testing/chatgpt-export-fixture.ts';
import { parseChatGptExport } from './chatgpt-import.ts';
import { importParsed } from './import-sessions.ts';
import { deleteMessages, truncateMessagesFrom } from './messages.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { SEARCH_INDEX_STATE_KEY, SEARCH_INDEX_VERSION } from './search-index-state.ts';
import { ensureSearchIndex, searchIndexReady } from './search-index.ts';
import { initialTerm } from './search-index-terms.ts';
import { searchSessions } from './search-query.ts';
import { ids, putUnindexed, sessionWith } from './search-test-helpers.ts';
import { deleteSession, prepareSearchIndex, renameSession } from './sessions.ts';
import { saveStep } from './save-step.ts';
import { assistantEntry, sequentialIds, userEntry } from './test-fixtures.ts';
import type { GlassboxDatabase } from './transaction.ts';

describe('search index: writing', () => {
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
