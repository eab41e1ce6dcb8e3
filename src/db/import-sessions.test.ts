import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { importParsed } from './import-sessions.ts';
import { listMessages } from './messages.ts';
import { parseImportFile } from './parse-import-file.ts';
import { SESSION_FILE_FORMAT, SESSION_FILE_VERSION } from './session-file-schema.ts';
import { listSessions } from './sessions.ts';
import { listSpans } from './spans.ts';
import { sequentialIds } from './test-fixtures.ts';

/** A file with one session of `count` messages (enough to take the range read of keys, not a read per key). */
function fileText(
  sessionId: string,
  count: number,
  messageId = (index: number) => `${sessionId}_m${index}`,
  spans: unknown[] = [],
): string {
  const messages = Array.from({ length: count }, (_, index) => ({
    id: messageId(index),
    seq: index,
    runId: 'run_1',
    createdAt: 1_000 + index,
    message:
      index % 2 === 0
        ? { role: 'user', content: `question ${index}` }
        : { role: 'assistant', content: `answer ${index}` },
  }));
  return JSON.stringify({
    format: SESSION_FILE_FORMAT,
    version: SESSION_FILE_VERSION,
    exportedAt: '2026-11-30T10:00:00.000Z',
    scope: 'session',
    sessions: [
      { id: sessionId, title: sessionId, createdAt: 1_000, updatedAt: 2_000, status: 'done', messages, spans },
    ],
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
    expect((await listSessions(db)).map((session) => session.id).sort()).toEqual(
      ['sess_a', result.sessionIds[0]].sort(),
    );
    expect((await listMessages(db, 'sess_a')).map((message) => message.sessionId)).toEqual(Array(60).fill('sess_a'));
  });
});

/** One run of `count` spans (a root and its children), ids unique per `prefix`. */
function runSpans(prefix: string, count: number) {
  const runId = `${prefix}${'0'.repeat(15)}`;
  return Array.from({ length: count }, (_, index) => ({
    traceId: 'f'.repeat(32),
    spanId: index === 0 ? runId : `${prefix}${index.toString(16).padStart(15, '0')}`,
    ...(index === 0 ? {} : { parentSpanId: runId }),
    runId,
    kind: index === 0 ? 'run' : 'tool',
    name: `span ${index}`,
    startTime: 5_000 + index,
    endTime: 5_001 + index,
    status: 'ok',
    attributes: { index },
  }));
}

describe('importParsed with spans', () => {
  it('writes a run as chunks of at most 500 spans, and reads every span back in order', async () => {
    const db = await openTestDb();
    const result = await importParsed(db, parsed(fileText('sess_a', 4, undefined, runSpans('a', 1_200))), {
      newId: sequentialIds(),
    });
    expect(result.first?.spans).toHaveLength(1_200);
    expect((await db.getAll('spanChunks')).map((chunk) => [chunk.chunk, chunk.spans.length])).toEqual([
      [0, 500],
      [1, 500],
      [2, 200],
    ]);
    const spans = await listSpans(db, 'sess_a');
    expect(spans.map((span) => span.attributes['index'])).toEqual(Array.from({ length: 1_200 }, (_, index) => index));
    expect(result.first?.spans).toEqual(spans);
  });

  it('makes a copy when a run of the file is already stored under another session', async () => {
    const db = await openTestDb();
    await importParsed(db, parsed(fileText('sess_a', 2, undefined, runSpans('a', 3))), { newId: sequentialIds() });
    const result = await importParsed(db, parsed(fileText('sess_b', 2, undefined, runSpans('a', 3))), {
      newId: sequentialIds(),
    });
    expect(result.copies).toBe(1);
    const copied = await listSpans(db, result.sessionIds[0] as string);
    expect(copied).toHaveLength(3);
    expect(copied.some((span) => span.runId === 'a000000000000000')).toBe(false);
    expect(await listSpans(db, 'sess_a')).toHaveLength(3);
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
