import { rankNotes } from './notes-search.ts';
import type { Attachment, AttachmentStore, Note, NoteHit, NotesStore, ToolStateStore } from './tool-context.ts';

/** Sources of time and ids for the in-memory stores (injected so tests are deterministic). */
export interface MemoryStoreOptions {
  /** Milliseconds since the epoch; defaults to `Date.now`. */
  now?: () => number;
  /** New ids; defaults to a counter (`note_1`, `file_1`, …). */
  createId?: (prefix: 'note' | 'file') => string;
}

/** Per-session tool state kept in memory; values are cloned in and out so callers cannot alias them. */
export class MemoryToolStateStore implements ToolStateStore {
  private readonly values = new Map<string, unknown>();

  async get<T>(sessionId: string, key: string): Promise<T | undefined> {
    const value = this.values.get(stateKey(sessionId, key));
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  async set<T>(sessionId: string, key: string, value: T): Promise<void> {
    this.values.set(stateKey(sessionId, key), structuredClone(value));
  }

  /** Everything stored for one session, by key (for export and inspection). */
  async entries(sessionId: string): Promise<Record<string, unknown>> {
    const prefix = stateKey(sessionId, '');
    const result: Record<string, unknown> = {};
    for (const [key, value] of this.values)
      if (key.startsWith(prefix)) result[key.slice(prefix.length)] = structuredClone(value);
    return result;
  }
}

/** Long-term notes kept in memory, searched with `rankNotes`. */
export class MemoryNotesStore implements NotesStore {
  private readonly notes = new Map<string, Note>();

  constructor(private readonly options: Required<MemoryStoreOptions>) {}

  async add(input: { content: string; tags?: string[]; sessionId?: string }): Promise<Note> {
    const time = this.options.now();
    const note: Note = {
      id: this.options.createId('note'),
      content: input.content,
      tags: [...(input.tags ?? [])],
      createdAt: time,
      updatedAt: time,
      ...(input.sessionId === undefined ? {} : { sessionId: input.sessionId }),
    };
    this.notes.set(note.id, note);
    return structuredClone(note);
  }

  async search(query: string, limit = 5): Promise<NoteHit[]> {
    return rankNotes([...this.notes.values()], query, limit).map((hit) => ({
      ...hit,
      note: structuredClone(hit.note),
    }));
  }

  /** All notes, newest first. */
  async list(): Promise<Note[]> {
    return [...this.notes.values()].sort((a, b) => b.createdAt - a.createdAt).map((note) => structuredClone(note));
  }

  /** Deletes a note; false when there was none with that id. */
  async remove(id: string): Promise<boolean> {
    return this.notes.delete(id);
  }
}

/** Session attachments kept in memory. */
export class MemoryAttachmentStore implements AttachmentStore {
  private readonly attachments: Attachment[] = [];

  constructor(private readonly options: Required<MemoryStoreOptions>) {}

  async list(sessionId: string): Promise<Attachment[]> {
    return this.attachments
      .filter((attachment) => attachment.sessionId === sessionId)
      .map((attachment) => ({ ...attachment }));
  }

  /** Attaches a text file to a session; size defaults to the text's UTF-8 byte length. */
  async add(input: {
    sessionId: string;
    name: string;
    text: string;
    mimeType?: string;
    size?: number;
  }): Promise<Attachment> {
    const attachment: Attachment = {
      id: this.options.createId('file'),
      sessionId: input.sessionId,
      name: input.name,
      mimeType: input.mimeType ?? 'text/plain',
      size: input.size ?? new TextEncoder().encode(input.text).length,
      text: input.text,
      createdAt: this.options.now(),
    };
    this.attachments.push(attachment);
    return { ...attachment };
  }
}

/** The three stores a `ToolContext` needs, in memory: for tests and when IndexedDB is unavailable. */
export interface MemoryStores {
  toolState: MemoryToolStateStore;
  notes: MemoryNotesStore;
  attachments: MemoryAttachmentStore;
}

/** Creates fresh, empty in-memory stores. */
export function createMemoryStores(options: MemoryStoreOptions = {}): MemoryStores {
  const counters = new Map<string, number>();
  const resolved: Required<MemoryStoreOptions> = {
    now: options.now ?? (() => Date.now()),
    createId:
      options.createId ??
      ((prefix) => {
        const next = (counters.get(prefix) ?? 0) + 1;
        counters.set(prefix, next);
        return `${prefix}_${next}`;
      }),
  };
  return {
    toolState: new MemoryToolStateStore(),
    notes: new MemoryNotesStore(resolved),
    attachments: new MemoryAttachmentStore(resolved),
  };
}

function stateKey(sessionId: string, key: string): string {
  return `${sessionId}\u0000${key}`;
}
