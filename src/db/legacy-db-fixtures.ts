// Databases written as older schema versions laid them out, for the migration tests of openGlassboxDb.
import { wrap, type IDBPDatabase } from 'idb';
import { parseImportFile } from './session-file.ts';
import type { Span } from '../trace/span.ts';
import { createLegacyStores, userEntry } from './test-fixtures.ts';

/** Opens a database at an explicit version with plain idb wrappers (as an older build would have). */
export function openRaw(
  factory: IDBFactory,
  name: string,
  version: number,
  upgrade?: (db: IDBPDatabase<unknown>) => void,
): Promise<IDBPDatabase<unknown>> {
  const request = factory.open(name, version);
  if (upgrade) request.addEventListener('upgradeneeded', () => upgrade(wrap(request.result) as IDBPDatabase<unknown>));
  return wrap(request) as unknown as Promise<IDBPDatabase<unknown>>;
}

/** A message record as version 1 stored it. */
export function version1Message(id: string, sessionId: string, createdAt: number, content: string) {
  return { id, sessionId, runId: 'run0000000000001', createdAt, message: { role: 'user', content } };
}

/** Writes a database exactly as schema version 1 laid it out. */
export async function writeVersion1Database(factory: IDBFactory, name: string): Promise<void> {
  const db = await openRaw(factory, name, 1, (database) => {
    database.createObjectStore('settings', { keyPath: 'name' });
    database.createObjectStore('sessions', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    database.createObjectStore('messages', { keyPath: 'id' }).createIndex('by-session', 'sessionId');
    const spans = database.createObjectStore('spans', { keyPath: 'spanId' });
    spans.createIndex('by-session', ['sessionId', 'startTime']);
    spans.createIndex('by-run', 'runId');
    database.createObjectStore('notes', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    database.createObjectStore('toolState', { keyPath: ['sessionId', 'key'] });
  });
  const tx = db.transaction(['settings', 'sessions', 'messages', 'spans', 'notes', 'toolState'], 'readwrite');
  await tx
    .objectStore('settings')
    .put({ name: 'settings', value: { provider: 'custom', model: 'llama3', maxSteps: 5 } });
  // Version 1 sessions had no status, titleEdited, nextSeq or spanCount.
  await tx
    .objectStore('sessions')
    .put({ id: 'sess_a', title: 'Weather', createdAt: 100, updatedAt: 500, messageCount: 3 });
  await tx
    .objectStore('sessions')
    .put({ id: 'sess_b', title: 'Maths', createdAt: 200, updatedAt: 300, messageCount: 1 });
  // Version 1 messages had no seq: order came from createdAt. Insert them out of order on purpose.
  await tx.objectStore('messages').put(version1Message('msg_z', 'sess_a', 110, 'first'));
  await tx.objectStore('messages').put(version1Message('msg_a', 'sess_a', 130, 'third'));
  await tx.objectStore('messages').put(version1Message('msg_m', 'sess_a', 120, 'second'));
  await tx.objectStore('messages').put(version1Message('msg_b1', 'sess_b', 210, 'two plus two'));
  await tx.objectStore('spans').put({
    traceId: 't'.repeat(32),
    spanId: 'aaaaaaaaaaaaaaaa',
    sessionId: 'sess_a',
    runId: 'aaaaaaaaaaaaaaaa',
    kind: 'run',
    name: 'run',
    startTime: 110,
    endTime: 140,
    status: 'ok',
    attributes: {},
  });
  await tx
    .objectStore('notes')
    .put({ id: 'note_1', content: 'Umbrella in the car', tags: [], createdAt: 1, updatedAt: 1 });
  await tx
    .objectStore('toolState')
    .put({ sessionId: 'sess_a', key: 'todos', value: [{ id: 1, text: 'buy milk' }], updatedAt: 1 });
  await tx.done;
  db.close();
}

export function parsedOrThrow(text: string) {
  const parsed = parseImportFile(text, 'export.json');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed;
}

/** Writes a database as schema version 2 laid it out: one record per span. */
export async function writeVersion2Database(factory: IDBFactory, name: string, spans: Span[]): Promise<void> {
  const db = await openRaw(factory, name, 2, (database) => {
    database.createObjectStore('settings', { keyPath: 'name' });
    database.createObjectStore('sessions', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    database.createObjectStore('messages', { keyPath: 'id' }).createIndex('by-session-seq', ['sessionId', 'seq']);
    const store = database.createObjectStore('spans', { keyPath: 'spanId' });
    store.createIndex('by-session', ['sessionId', 'startTime']);
    store.createIndex('by-run', 'runId');
    database.createObjectStore('notes', { keyPath: 'id' }).createIndex('by-updated', 'updatedAt');
    database.createObjectStore('toolState', { keyPath: ['sessionId', 'key'] });
    database.createObjectStore('attachments', { keyPath: 'id' }).createIndex('by-session', 'sessionId');
  });
  const tx = db.transaction(['sessions', 'messages', 'spans', 'attachments'], 'readwrite');
  for (const [id, count] of [
    ['sess_a', 3],
    ['sess_b', 2],
  ] as const) {
    const spanCount = spans.filter((s) => s.sessionId === id).length;
    await tx.objectStore('sessions').put({
      id,
      title: id,
      titleEdited: false,
      createdAt: 1,
      updatedAt: 2,
      messageCount: count,
      spanCount,
      nextSeq: count,
      status: 'done',
    });
    for (let seq = 0; seq < count; seq += 1) {
      await tx
        .objectStore('messages')
        .put({ ...userEntry(id, `msg_${id}_${seq}`, `${id} says ${seq}`, 10 + seq), seq });
    }
  }
  // Stored in an order unrelated to time, so the migration cannot rely on key order.
  for (const record of spans.toReversed()) await tx.objectStore('spans').put(record);
  await tx.objectStore('attachments').put({
    id: 'file_1',
    sessionId: 'sess_a',
    name: 'a.txt',
    mimeType: 'text/plain',
    size: 1,
    text: 'a',
    createdAt: 1,
  });
  await tx.done;
  db.close();
}

/** Writes a database as schema version 5 laid it out: one record per message; `sessions` gives each one's message count. */
export async function writeVersion5Database(
  factory: IDBFactory,
  name: string,
  sessions: ReadonlyArray<readonly [string, number]>,
): Promise<void> {
  const db = await openRaw(factory, name, 5, (database) => createLegacyStores(database, 5));
  const tx = db.transaction(['sessions', 'messages'], 'readwrite');
  for (const [id, count] of sessions) {
    await tx.objectStore('sessions').put({
      id,
      title: id,
      titleEdited: false,
      createdAt: 1,
      updatedAt: 2,
      messageCount: count,
      spanCount: 0,
      nextSeq: count + 3,
      status: 'done',
    });
  }
  // Ids that sort unlike seqs, written newest first: the migration must go by session and seq, not by id or order.
  for (const [id, count] of sessions) {
    for (let seq = count - 1; seq >= 0; seq -= 1) {
      // A gap in the seqs (a deleted turn) stays a gap.
      const stored = seq >= 5 ? seq + 3 : seq;
      await tx
        .objectStore('messages')
        .put({ ...userEntry(id, `msg_${seq % 7}_${id}_${seq}`, `${id} says ${stored}`, 10 + stored), seq: stored });
    }
  }
  await tx.done;
  db.close();
}
