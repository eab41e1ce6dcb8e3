import type { NotesIndex, NotesSearchOptions } from '../context/notes-index.ts';
import type { Note, NoteHit, NotesStore } from '../tools/tool-context.ts';
import type { GlassboxDB, NoteRecord } from './schema.ts';
import { StorageError } from './storage-error.ts';
import { readStorage, runTransaction, type GlassboxDatabase } from './transaction.ts';
import type { IDBPObjectStore, StoreNames } from 'idb';

/** Ids and clock for new notes. */
export interface NoteWriteOptions {
  newId: (prefix: 'note') => string;
  now: () => number;
}

interface CachedIndex {
  index: NotesIndex;
  /** Count and newest note of the store when the index last matched it; another tab's writes change it. */
  signature: string;
}

const indexes = new WeakMap<GlassboxDatabase, CachedIndex>();
const signatureReads = new WeakMap<GlassboxDatabase, Promise<string>>();
const rebuilds = new WeakMap<GlassboxDatabase, Promise<NotesIndex>>();

type NotesObjectStore<
  TxStores extends ArrayLike<StoreNames<GlassboxDB>>,
  Mode extends IDBTransactionMode,
> = IDBPObjectStore<GlassboxDB, TxStores, 'notes', Mode>;

async function readSignature<TxStores extends ArrayLike<StoreNames<GlassboxDB>>, Mode extends IDBTransactionMode>(
  store: NotesObjectStore<TxStores, Mode>,
): Promise<string> {
  const [count, newest] = await Promise.all([store.count(), store.index('by-updated').openCursor(null, 'prev')]);
  return newest ? `${count}:${newest.value.updatedAt}:${newest.value.id}` : `${count}`;
}

function normaliseTags(tags: readonly string[] | undefined): string[] {
  return [...new Set((tags ?? []).map((tag) => tag.trim()).filter(Boolean))];
}

/** Every note, most recently updated first. */
export function listNotes(db: GlassboxDatabase): Promise<NoteRecord[]> {
  return readStorage(async () => (await db.getAllFromIndex('notes', 'by-updated')).toReversed());
}

/** One note by id. */
export function getNote(db: GlassboxDatabase, id: string): Promise<NoteRecord | undefined> {
  return readStorage(() => db.get('notes', id));
}

async function writeNotes(
  db: GlassboxDatabase,
  work: (store: NotesObjectStore<'notes'[], 'readwrite'>) => Promise<void>,
  applyToIndex: (index: NotesIndex) => void,
): Promise<void> {
  // Reads started before this write do not answer for the store after it.
  signatureReads.delete(db);
  rebuilds.delete(db);
  const signature = await runTransaction(db, ['notes'], 'readwrite', async (tx) => {
    const store = tx.objectStore('notes');
    const before = await readSignature(store);
    await work(store);
    return { before, after: await readSignature(store) };
  });
  const cached = indexes.get(db);
  if (!cached) return;
  if (cached.signature === signature.before) {
    applyToIndex(cached.index);
    cached.signature = signature.after;
  } else {
    // Another tab wrote notes since the index was built: rebuild on the next search.
    indexes.delete(db);
  }
}

/** Saves a new note. */
export async function addNote(
  db: GlassboxDatabase,
  input: { content: string; tags?: string[]; sessionId?: string },
  options: NoteWriteOptions,
): Promise<Note> {
  const content = input.content.trim();
  if (!content) throw new Error('A note needs some content.');
  const now = options.now();
  const note: Note = {
    id: options.newId('note'),
    content,
    tags: normaliseTags(input.tags),
    createdAt: now,
    updatedAt: now,
  };
  if (input.sessionId !== undefined) note.sessionId = input.sessionId;
  await writeNotes(
    db,
    async (store) => {
      await store.add(note);
    },
    (index) => index.add(note),
  );
  return note;
}

/** What can change in a note. */
export interface NotePatch {
  content?: string;
  tags?: string[];
  pinned?: boolean;
}

/** Changes a note's content, tags or pin; rejects with `not-found` when it no longer exists. */
export async function updateNote(db: GlassboxDatabase, id: string, patch: NotePatch, now: number): Promise<Note> {
  let updated: Note | undefined;
  await writeNotes(
    db,
    async (store) => {
      const current = await store.get(id);
      if (!current) throw new StorageError('not-found', `Note ${id} does not exist.`);
      const content = patch.content === undefined ? current.content : patch.content.trim();
      if (!content) throw new Error('A note needs some content.');
      const { pinned: _wasPinned, ...rest } = current;
      const pinned = patch.pinned ?? current.pinned === true;
      updated = {
        ...rest,
        content,
        tags: patch.tags === undefined ? current.tags : normaliseTags(patch.tags),
        ...(pinned ? { pinned: true } : {}),
        updatedAt: now,
      };
      await store.put(updated);
    },
    (index) => {
      if (updated) index.add(updated);
    },
  );
  if (!updated) throw new StorageError('not-found', `Note ${id} does not exist.`);
  return updated;
}

/** Deletes a note; resolves to whether it existed. */
export async function deleteNote(db: GlassboxDatabase, id: string): Promise<boolean> {
  let existed = false;
  await writeNotes(
    db,
    async (store) => {
      existed = (await store.getKey(id)) !== undefined;
      await store.delete(id);
    },
    (index) => index.remove(id),
  );
  return existed;
}

/** Forgets the in-memory index (it is rebuilt from the store on the next search). */
export function invalidateNotesIndex(db: GlassboxDatabase): void {
  indexes.delete(db);
  signatureReads.delete(db);
  rebuilds.delete(db);
}

/** The promise under way for this database, else a new one from `start`: callers that arrive meanwhile share it. */
function sharedWhileRunning<T>(
  running: WeakMap<GlassboxDatabase, Promise<T>>,
  db: GlassboxDatabase,
  start: () => Promise<T>,
): Promise<T> {
  const underWay = running.get(db);
  if (underWay) return underWay;
  const started = start();
  running.set(db, started);
  const forget = (): void => {
    if (running.get(db) === started) running.delete(db);
  };
  started.then(forget, forget);
  return started;
}

/**
 * A cheap token of the notes store's state (count and newest change): equal tokens mean the same notes. Reads that
 * start while one runs share it: a recall asks for the search, the pinned notes and the vectors' index at once, and
 * Chromium counts a store by walking it (about 15 ms at 10,000 notes, three at once about 50). A write in this tab
 * starts the next read (and rebuild) afresh.
 */
export function notesSignature(db: GlassboxDatabase): Promise<string> {
  return sharedWhileRunning(signatureReads, db, () =>
    readStorage(async () => {
      const tx = db.transaction('notes', 'readonly');
      const signature = await readSignature(tx.store);
      await tx.done;
      return signature;
    }),
  );
}

/** The in-memory index, matching the store: built from it on first use and after another tab wrote notes. */
async function currentIndex(db: GlassboxDatabase): Promise<NotesIndex> {
  const signature = await notesSignature(db);
  const cached = indexes.get(db);
  if (cached?.signature === signature) return cached.index;
  return sharedWhileRunning(rebuilds, db, () => rebuildIndex(db));
}

/** Builds the index from every note, labelled with the signature read in the same transaction. */
async function rebuildIndex(db: GlassboxDatabase): Promise<NotesIndex> {
  const current = await readStorage(async () => {
    const tx = db.transaction('notes', 'readonly');
    const [signature, notes] = await Promise.all([readSignature(tx.store), tx.store.getAll()]);
    await tx.done;
    return { signature, notes };
  });
  // The search engine is a chunk of its own, loaded by the first search (the first load does not carry it).
  const { createNotesIndex } = await import('../context/notes-index.ts');
  const index = createNotesIndex();
  index.replaceAll(current.notes);
  indexes.set(db, { index, signature: current.signature });
  return index;
}

/** Notes relevant to the query, best first; the index is built from the store on first use and kept current. */
export async function searchNotes(
  db: GlassboxDatabase,
  query: string,
  options: NotesSearchOptions = {},
): Promise<NoteHit[]> {
  return (await currentIndex(db)).search(query, options);
}

/** The pinned notes (always recalled), most recently updated first. */
export async function pinnedNotes(db: GlassboxDatabase): Promise<Note[]> {
  return (await currentIndex(db)).pinned();
}

/** The NotesStore tools use (plus list, update and delete for the UI), backed by IndexedDB. */
export function createNotesStore(
  db: GlassboxDatabase,
  options: NoteWriteOptions,
): NotesStore & {
  list(): Promise<Note[]>;
  update(id: string, patch: NotePatch): Promise<Note>;
  remove(id: string): Promise<boolean>;
  searchWith(query: string, options?: NotesSearchOptions): Promise<NoteHit[]>;
  pinned(): Promise<Note[]>;
  signature(): Promise<string>;
} {
  return {
    add: (input) => addNote(db, input, options),
    search: (query, limit) => searchNotes(db, query, limit === undefined ? {} : { limit }),
    searchWith: (query, searchOptions) => searchNotes(db, query, searchOptions),
    list: () => listNotes(db),
    update: (id, patch) => updateNote(db, id, patch, options.now()),
    remove: (id) => deleteNote(db, id),
    pinned: () => pinnedNotes(db),
    signature: () => notesSignature(db),
  };
}
