/**
 * The part of PouchDB's API the engine uses (PouchDB ships no types of its own; @types/pouchdb-core breaks Node's
 * `Buffer`). The app passes `pouchdb-browser`; tests pass pouchdb-core with the memory and http adapters.
 */

export interface PouchDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _conflicts?: string[];
  _deleted_conflicts?: string[];
  [field: string]: unknown;
}

export interface PouchWriteResult {
  ok?: boolean;
  id?: string;
  rev?: string;
  error?: string | boolean;
  status?: number;
}

export interface PouchError {
  status?: number;
  name?: string;
  message?: string;
  reason?: string;
}

export interface PouchChange {
  id: string;
  seq: number | string;
  deleted?: boolean;
  /** The leaf revisions (with `style: 'all_docs'`: the winner and every conflicting or deleted leaf). */
  changes?: Array<{ rev: string }>;
  doc?: PouchDoc;
}

export interface PouchDatabase {
  info(): Promise<{ doc_count: number; update_seq: number | string }>;
  get(id: string, options?: Record<string, unknown>): Promise<PouchDoc>;
  put(doc: PouchDoc): Promise<PouchWriteResult>;
  bulkDocs(docs: PouchDoc[], options?: Record<string, unknown>): Promise<PouchWriteResult[]>;
  allDocs(options: Record<string, unknown>): Promise<{
    total_rows: number;
    rows: Array<{ id: string; key: string; value: { rev: string; deleted?: boolean }; doc?: PouchDoc | null }>;
  }>;
  changes(options: Record<string, unknown>): Promise<{ results: PouchChange[]; last_seq: number | string }>;
  remove(id: string, rev: string): Promise<PouchWriteResult>;
  close(): Promise<void>;
}

/** A running replication or sync (an event emitter that is also a promise of its end). */
export interface PouchReplication {
  on(event: string, listener: (value: unknown) => void): PouchReplication;
  cancel(): void;
  then?: unknown;
}

export interface PouchConstructor {
  new (name: string, options?: Record<string, unknown>): PouchDatabase;
  /** One direction of replication (two of them make a sync: push and pull, each reporting its own pauses and errors). */
  replicate(source: PouchDatabase, target: PouchDatabase, options: Record<string, unknown>): PouchReplication;
}
