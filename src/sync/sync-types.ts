/**
 * The contract between the sync engine (src/sync/engine/, loaded lazily with PouchDB only when sync is on) and the
 * app (Settings → Sync, the status element, the doctor). Types only: importing this file costs no bytes.
 */

/** What the user saves in Settings → Sync. Password and passphrase stay on this device, like the API key. */
export interface SyncSettings {
  /** e.g. `http://127.0.0.1:5984`; '' = sync off. */
  url: string;
  database: string;
  user: string;
  password: string;
  passphrase: string;
  live: boolean;
}

/** `data-sync-state` of the status element (UI-CONTRACT "Sync"). */
export type SyncState = 'off' | 'syncing' | 'idle' | 'paused' | 'error';

/** A named problem; the alert's text contains the contract's word for it (unreachable, CORS, user or password, database, passphrase). */
export type SyncProblemKind =
  'unreachable' | 'cors' | 'auth' | 'database-missing' | 'passphrase' | 'quota' | 'nonsense' | 'decrypt';

export interface SyncProblem {
  kind: SyncProblemKind;
  /** Extra detail (a status code, the CouchDB setting to change, the id of a document that failed to decrypt). */
  detail?: string;
}

/** A conflict kept rather than dropped: shown as a notice containing the word "conflict". */
export interface SyncConflict {
  kind: 'session-title' | 'note' | 'setting' | 'tool-state' | 'session-file' | 'delete-vs-edit';
  /** What the user sees it about, e.g. the session title or note text (local only, never sent in clear). */
  subject: string;
  detail?: string;
}

export interface SyncStatus {
  state: SyncState;
  /** Epoch ms of the last time everything was sent and received. */
  lastSyncedAt?: number;
  /** Local changes not yet on the server. */
  pending: number;
  /** Documents that failed (e.g. could not be decrypted) and were skipped. */
  failed: number;
  /** During a first sync of a large history: documents done of total (progress bar `Sync progress`). */
  progress?: { done: number; total: number };
  problem?: SyncProblem;
}

/** What an incoming batch wrote into the app's IndexedDB. */
export interface SyncRemoteChange {
  /** Sessions written or deleted. */
  sessions: string[];
  notes: boolean;
  settings: boolean;
  /** Datasets or Knowledge documents written or deleted. */
  library?: boolean;
}

/** The lazily loaded engine: `(await import('./engine/index.ts')).createSyncEngine()`. */
export interface SyncEngine {
  /** Checks the server and the passphrase (nothing written on either side when either fails), then syncs once or live. */
  start(settings: SyncSettings): Promise<void>;
  /** One push and pull now. */
  syncNow(): Promise<void>;
  /** Cancels a running first sync; what was done is kept and the next start resumes from the checkpoint. */
  cancel(): void;
  /** Stops live sync; state becomes `off`. */
  stop(): Promise<void>;
  /** Creates the missing database (the doctor's `Create database`). */
  createDatabase(settings: SyncSettings): Promise<void>;
  /** The app saved something (a step, a title, a note, settings): push it (live) or count it as pending. */
  localChanged(): void;
  /** Something arrived from the server and was written to the app's IndexedDB: the store reloads what it shows. */
  onRemoteChange(listener: (change?: SyncRemoteChange) => void): () => void;
  onStatus(listener: (status: SyncStatus) => void): () => void;
  onConflict(listener: (conflict: SyncConflict) => void): () => void;
}
