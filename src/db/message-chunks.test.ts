import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { importParsed } from './import-sessions.ts';
import { deleteMessages, listMessages, truncateMessagesFrom } from './messages.ts';
import { chunkMessages, MESSAGES_PER_CHUNK, messagesOfChunks } from './message-chunks.ts';
import { saveStep } from './save-step.ts';
import type { MessageRecord } from './schema.ts';
import { searchSessions } from './search-query.ts';
import type { FileSession } from './session-file-schema.ts';
import { sequentialIds, userEntry } from './test-fixtures.ts';

function records(sessionId: string, count: number): MessageRecord[] {
  return Array.from({ length: count }, (_, seq) => ({
    ...userEntry(sessionId, `${sessionId}_${seq}`, `${sessionId} word${seq}`),
    seq,
  }));
}

function fileSession(id: string, count: number): FileSession & { source: 'glassbox' } {
  return {
    source: 'glassbox',
    id,
    title: id,
    titleEdited: false,
    createdAt: 1,
    updatedAt: 2,
    status: 'done',
    messages: records(id, count).map(({ sessionId: _sessionId, ...message }) => message),
    spans: [],
    toolState: [],
    attachments: [],
  } as FileSession & { source: 'glassbox' };
}

describe('message chunks', () => {
  it('groups consecutive messages of one session, never two sessions in one chunk', () => {
    const chunks = chunkMessages([...records('sess_a', 40), ...records('sess_b', 3)]);
    expect(chunks.map((chunk) => [chunk.sessionId, chunk.seq, chunk.messages.length])).toEqual([
      ['sess_a', 0, MESSAGES_PER_CHUNK],
      ['sess_a', 16, MESSAGES_PER_CHUNK],
      ['sess_a', 32, 8],
      ['sess_b', 0, 3],
    ]);
    expect(chunks[1]?.ids).toEqual(
      records('sess_a', 32)
        .slice(16)
        .map((message) => message.id),
    );
    expect(messagesOfChunks(chunks)).toEqual([...records('sess_a', 40), ...records('sess_b', 3)]);
  });

  it('imports a session as a few records and edits it where a chunk holds more than the change', async () => {
    const db = await openTestDb();
    await importParsed(
      db,
      { sessions: [fileSession('sess_a', 40), fileSession('sess_b', 5)], notes: [] },
      { newId: sequentialIds() },
    );
    expect(await db.count('messageChunks')).toBe(4);
    expect((await listMessages(db, 'sess_a', { limit: 10 })).map((message) => message.seq)).toEqual([
      30, 31, 32, 33, 34, 35, 36, 37, 38, 39,
    ]);
    expect((await searchSessions(db, 'word37')).map((match) => match.sessionId)).toEqual(['sess_a']);

    // A turn in the middle of a chunk, then everything from the middle of another.
    expect(await deleteMessages(db, 'sess_a', ['sess_a_20', 'sess_a_21'])).toBe(2);
    expect(await truncateMessagesFrom(db, 'sess_a', 12)).toBe(26);
    expect((await listMessages(db, 'sess_a')).map((message) => message.seq)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    // The chunks wholly removed are gone; the one cut short keeps its key.
    expect((await db.getAllKeys('messageChunks')).filter(([sessionId]) => sessionId === 'sess_a')).toEqual([
      ['sess_a', 0],
    ]);
    // The index no longer lists the session under a removed message's words.
    expect(await searchSessions(db, 'word37')).toEqual([]);
    expect((await searchSessions(db, 'word11')).map((match) => match.sessionId)).toEqual(['sess_a']);

    // A step after the edit is a chunk of its own after the others.
    await saveStep(db, {
      sessionId: 'sess_a',
      entries: [userEntry('sess_a', 'again', 'asked again')],
      spans: [],
      session: {},
    });
    expect((await listMessages(db, 'sess_a', { limit: 2 })).map((message) => [message.seq, message.id])).toEqual([
      [11, 'sess_a_11'],
      [40, 'again'],
    ]);
    expect(await listMessages(db, 'sess_b')).toHaveLength(5);
  });
});
