import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { importParsed } from './import-sessions.ts';
import { listMessages } from './messages.ts';
import { parseImportFile } from './parse-import-file.ts';
import { SESSION_FILE_FORMAT, SESSION_FILE_VERSION } from './session-file-schema.ts';
import { listSessions } from './sessions.ts';
import { sequentialIds } from './test-fixtures.ts';

/** A file with one session of `count` messages (enough to take the range read of keys, not a read per key). */
function fileText(sessionId: string, count: number, messageId = (index: number) => `${sessionId}_m${index}`): string {
  const messages = Array.from({ length: count }, (_, index) => ({
    id: messageId(index),
    seq: index,
    runId: 'run_1',
    createdAt: 1_000 + index,
    message: index % 2 === 0 ? { role: 'user', content: `question ${index}` } : { role: 'assistant', content: `answer ${index}` },
  }));
  return JSON.stringify({
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: '2026-11-30T10:00:00.000Z',
    scope: 'session',
    sessions: [{ id: sessionId, title: sessionId, createdAt: 1_000, updatedAt: 2_000, status: 'done', messages, spans: [] }],
  });
}

function parsed(text: string) {
  const result = parseImportFile(text, 'file.json');
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('importParsed with many records', () => {
  it('imports a long session under its own ids, and again as a copy once those ids exist', async () => {
    const db = await openTestDb();
    const first = await importParsed(db, parsed(fileText('sess_a', 120)), { newId: sequentialIds() });
    expect(first).toMatchObject({ sessionIds: ['sess_a'], copies: 0 });
    const again = await importParsed(db, parsed(fileText('sess_a', 120)), { newId: sequentialIds() });
    expect(again.copies).toBe(1);
    expect(again.sessionIds[0]).not.toBe('sess_a');
    expect(await listMessages(db, again.sessionIds[0] as string)).toHaveLength(120);
    expect(await listMessages(db, 'sess_a')).toHaveLength(120);
  });

  it('makes a copy when only one message id among many is already taken by another session', async () => {
    const db = await openTestDb();
    await importParsed(db, parsed(fileText('sess_a', 60)), { newId: sequentialIds() });
    // sess_b reuses exactly one of sess_a's message ids, in the middle of its key range.
    const text = fileText('sess_b', 60, (index) => (index === 30 ? 'sess_a_m7' : `sess_b_m${index}`));
    const result = await importParsed(db, parsed(text), { newId: sequentialIds() });
    expect(result.copies).toBe(1);
    expect((await listSessions(db)).map((session) => session.id).sort()).toEqual(['sess_a', result.sessionIds[0]].sort());
    expect((await listMessages(db, 'sess_a')).map((message) => message.sessionId)).toEqual(Array(60).fill('sess_a'));
  });
});

describe('parseImportFile', () => {
  it('parses a file once when an import validates it and then hands the same text to storage', () => {
    const text = fileText('sess_a', 40);
    const validated = parseImportFile(text, 'file.json');
    const stored = parseImportFile(text, 'file.json');
    expect(stored).toBe(validated);
    // Taken once: a later import of the same file parses it afresh, and so does another name or text.
    expect(parseImportFile(text, 'file.json')).not.toBe(validated);
    expect(parseImportFile(text, 'other.json')).toEqual(validated);
    expect(parseImportFile(fileText('sess_b', 40), 'other.json')).not.toEqual(validated);
  });
});
