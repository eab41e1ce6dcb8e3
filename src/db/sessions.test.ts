import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { addAttachment, listAttachments } from './attachments.ts';
import { listMessages } from './messages.ts';
import { saveStep } from './save-step.ts';
import {
  createSession,
  deleteSession,
  getSession,
  listSessions,
  renameSession,
  searchSessions,
  updateSession,
} from './sessions.ts';
import { listSpans } from './spans.ts';
import { StorageError } from './storage-error.ts';
import { assistantEntry, span, userEntry } from './test-fixtures.ts';
import { getToolState, listToolState, setToolState } from './tool-state.ts';
import type { GlassboxDatabase } from './transaction.ts';

async function sessionWith(db: GlassboxDatabase, id: string, updatedAt: number, texts: string[]): Promise<void> {
  await createSession(db, { id, now: updatedAt - 1 });
  await saveStep(db, {
    sessionId: id,
    entries: texts.map((text, index) =>
      index % 2 === 0 ? userEntry(id, `${id}_m${index}`, text) : assistantEntry(id, `${id}_m${index}`, text),
    ),
    spans: [span(id, `${id}_run`)],
    session: { updatedAt },
  });
}

describe('sessions', () => {
  it('creates an untitled idle session and reads it back', async () => {
    const db = await openTestDb();
    const created = await createSession(db, { id: 'sess_1', now: 42 });
    expect(created).toEqual({
      id: 'sess_1',
      title: 'Untitled',
      titleEdited: false,
      createdAt: 42,
      updatedAt: 42,
      messageCount: 0,
      spanCount: 0,
      nextSeq: 0,
      status: 'idle',
    });
    expect(await getSession(db, 'sess_1')).toEqual(created);
    expect(await getSession(db, 'sess_missing')).toBeUndefined();
    await expect(createSession(db, { id: 'sess_1', now: 50 })).rejects.toBeInstanceOf(StorageError);
  });

  it('lists sessions by last update, most recent first', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_old', 100, ['old']);
    await sessionWith(db, 'sess_new', 300, ['new']);
    await sessionWith(db, 'sess_mid', 200, ['mid']);
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['sess_new', 'sess_mid', 'sess_old']);
    await updateSession(db, 'sess_old', { updatedAt: 400 });
    expect((await listSessions(db)).map((s) => s.id)).toEqual(['sess_old', 'sess_new', 'sess_mid']);
  });

  it('renames, and an empty name goes back to Untitled', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 1 });
    expect(await renameSession(db, 'sess_1', '  Kyoto   trip ')).toMatchObject({
      title: 'Kyoto trip',
      titleEdited: true,
    });
    expect(await renameSession(db, 'sess_1', '   ')).toMatchObject({ title: 'Untitled', titleEdited: false });
    const missing = await renameSession(db, 'sess_missing', 'x').catch((e: unknown) => e);
    expect((missing as StorageError).kind).toBe('not-found');
  });

  it('patches status, run and summary, and clears fields patched to undefined', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 1 });
    await updateSession(db, 'sess_1', { status: 'error', lastError: 'Rate limited', activeRunId: 'run_1' });
    const summary = { text: 'Earlier: trip planning.', coveredUntilSeq: 4, updatedAt: 9 };
    const next = await updateSession(db, 'sess_1', { status: 'idle', lastError: undefined, summary });
    expect(next).toMatchObject({ status: 'idle', activeRunId: 'run_1', summary });
    expect('lastError' in next).toBe(false);
    expect(await getSession(db, 'sess_1')).toEqual(next);
  });

  it('deletes a session with everything it owns and leaves other sessions alone', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_a', 100, ['a question', 'an answer']);
    await sessionWith(db, 'sess_b', 200, ['b question']);
    for (const id of ['sess_a', 'sess_b']) {
      await setToolState(db, id, 'todos', [`${id} todo`]);
      await addAttachment(db, {
        id: `file_${id}`,
        sessionId: id,
        name: 'notes.txt',
        mimeType: 'text/plain',
        size: 3,
        text: 'abc',
        createdAt: 1,
      });
    }
    expect(await deleteSession(db, 'sess_a')).toBe(true);
    expect(await getSession(db, 'sess_a')).toBeUndefined();
    expect(await listMessages(db, 'sess_a')).toEqual([]);
    expect(await listSpans(db, 'sess_a')).toEqual([]);
    expect(await listToolState(db, 'sess_a')).toEqual([]);
    expect(await listAttachments(db, 'sess_a')).toEqual([]);
    // The other session is untouched.
    expect((await listMessages(db, 'sess_b')).map((m) => m.message.content)).toEqual(['b question']);
    expect(await listSpans(db, 'sess_b')).toHaveLength(1);
    expect(await getToolState(db, 'sess_b', 'todos')).toEqual(['sess_b todo']);
    expect(await listAttachments(db, 'sess_b')).toHaveLength(1);
    expect(await deleteSession(db, 'sess_a')).toBe(false);
  });

  it('deletes a session whose stored message is damaged (no message at all), and takes it off the search index', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_damaged', 100, ['zebra question', 'zebra answer']);
    const chunks = await db.getAll('messageChunks');
    for (const chunk of chunks) {
      (chunk.messages[0] as { message: unknown }).message = null;
      await db.put('messageChunks', chunk);
    }
    expect(await deleteSession(db, 'sess_damaged')).toBe(true);
    expect(await getSession(db, 'sess_damaged')).toBeUndefined();
    expect(await listMessages(db, 'sess_damaged')).toEqual([]);
    expect((await searchSessions(db, 'zebra')).map((hit) => hit.sessionId)).toEqual([]);
  });

  it('searches titles and message text, case-insensitively, requiring every word', async () => {
    const db = await openTestDb();
    await sessionWith(db, 'sess_weather', 300, ['Weather in Paris?', 'It is SUNNY in Paris today.']);
    await sessionWith(db, 'sess_maths', 200, ['What is 2+2?', 'It is 4.']);
    await sessionWith(db, 'sess_chinese', 100, ['明天北京的天气怎么样？', '明天北京晴。']);
    await renameSession(db, 'sess_maths', 'Arithmetic homework');

    expect((await searchSessions(db, 'sunny')).map((s) => s.sessionId)).toEqual(['sess_weather']);
    expect((await searchSessions(db, 'homework')).map((s) => s.sessionId)).toEqual(['sess_maths']);
    // Words may match in the title and in different messages.
    expect((await searchSessions(db, 'arithmetic 4.')).map((s) => s.sessionId)).toEqual(['sess_maths']);
    expect((await searchSessions(db, 'paris sunny')).map((s) => s.sessionId)).toEqual(['sess_weather']);
    expect((await searchSessions(db, 'paris homework')).map((s) => s.sessionId)).toEqual([]);
    expect((await searchSessions(db, '北京')).map((s) => s.sessionId)).toEqual(['sess_chinese']);
    expect((await searchSessions(db, 'it is')).map((s) => s.sessionId)).toEqual(['sess_weather', 'sess_maths']);
    expect(await searchSessions(db, '  ')).toHaveLength(3);
    // Snippets: the matching messages, in order, with the entry to open; a CJK term inside a longer run.
    expect((await searchSessions(db, 'paris'))[0]?.snippets.map((snippet) => snippet.text)).toEqual([
      'Weather in Paris?',
      'It is SUNNY in Paris today.',
    ]);
    expect((await searchSessions(db, '天气'))[0]?.snippets.map((snippet) => snippet.text)).toEqual([
      '明天北京的天气怎么样？',
    ]);
  });
});
