// Whether a session file of an import clashes with ids already written by this import or stored before it, in which
// case it is imported as a copy with new ids (import-sessions.ts).
import type { FileSession } from './session-file-schema.ts';
import { requestAll } from './transaction.ts';

/** The part of a store `anyStored` reads. */
interface KeyedStore {
  getKey(key: string): Promise<unknown>;
  getAllKeys(query: IDBKeyRange): Promise<IDBValidKey[]>;
}

/** Whether any of these keys is in the store: a request per key for a few, one range read of keys for many. */
async function anyStored(store: KeyedStore, keys: readonly string[]): Promise<boolean> {
  if (keys.length === 0) return false;
  if (keys.length <= 32)
    return (await requestAll(keys.map((key) => () => store.getKey(key)))).some((key) => key !== undefined);
  let lowest = keys[0] as string;
  let highest = lowest;
  for (const key of keys) {
    // IndexedDB orders string keys by code unit, as `<` does.
    if (key < lowest) lowest = key;
    if (key > highest) highest = key;
  }
  const wanted = new Set(keys);
  const stored = await store.getAllKeys(IDBKeyRange.bound(lowest, highest));
  return stored.some((key) => typeof key === 'string' && wanted.has(key));
}

/** Whether any of these message ids is stored (a request each: the index is keyed by message id, its records are chunks). */
async function anyMessageStored(
  index: { getKey(key: string): Promise<unknown> },
  ids: readonly string[],
): Promise<boolean> {
  return (await requestAll(ids.map((id) => () => index.getKey(id)))).some((key) => key !== undefined);
}

/** Whether any of these run ids has span chunks stored (under any session). */
async function anyRunStored(
  index: { getKey(key: string): Promise<unknown>; getAllKeys(query: IDBKeyRange): Promise<IDBValidKey[]> },
  runIds: readonly string[],
): Promise<boolean> {
  if (runIds.length === 0) return false;
  if (runIds.length <= 32)
    return (await requestAll(runIds.map((id) => () => index.getKey(id)))).some((key) => key !== undefined);
  let lowest = runIds[0] as string;
  let highest = lowest;
  for (const id of runIds) {
    if (id < lowest) lowest = id;
    if (id > highest) highest = id;
  }
  const wanted = new Set(runIds);
  // The index returns primary keys, `[sessionId, runId, chunk]`.
  const stored = await index.getAllKeys(IDBKeyRange.bound(lowest, highest));
  return stored.some((key) => Array.isArray(key) && typeof key[1] === 'string' && wanted.has(key[1]));
}

function anyTaken(ids: readonly string[], taken: ReadonlySet<string>): boolean {
  return ids.some((id) => taken.has(id));
}

/** Where an import looks up ids that may already be stored. */
export interface StoredIds {
  sessions: KeyedStore;
  messages: { getKey(key: string): Promise<unknown> };
  runs: KeyedStore;
  attachments: KeyedStore;
}

/** The ids this import has written so far. */
export interface UsedIds {
  sessions: Set<string>;
  messages: Set<string>;
  spans: Set<string>;
  files: Set<string>;
}

/** Whether a session file must be imported as a copy with new ids: one of its ids is already written or stored. */
export async function clashes(file: FileSession, used: UsedIds, stored: StoredIds): Promise<boolean> {
  const clashesInFile =
    used.sessions.has(file.id) ||
    anyTaken(
      file.messages.map((m) => m.id),
      used.messages,
    ) ||
    anyTaken(
      file.spans.map((s) => s.spanId),
      used.spans,
    ) ||
    anyTaken(
      file.attachments.map((a) => a.id),
      used.files,
    );
  // A stored session id settles it (a file imported again) before its messages are looked up one by one.
  return (
    clashesInFile ||
    (await anyStored(stored.sessions, [file.id])) ||
    (
      await Promise.all([
        anyMessageStored(
          stored.messages,
          file.messages.map((message) => message.id),
        ),
        // Span ids are unique per run: a stored run id means its spans are there.
        anyRunStored(stored.runs, [...new Set(file.spans.map((span) => span.runId))]),
        anyStored(
          stored.attachments,
          file.attachments.map((attachment) => attachment.id),
        ),
      ])
    ).some(Boolean)
  );
}
