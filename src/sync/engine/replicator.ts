/**
 * Runs PouchDB's replication both ways (push and pull, each its own `PouchDB.replicate`, so each reports its own
 * pauses and errors) and turns its events into the sync status. Export and import run one at a time on a queue;
 * `localChanged` only arms a timer (O(1) on the step save path), the export runs when it fires.
 */
import type { SyncStatus } from '../sync-types.ts';
import type { PouchConstructor, PouchDatabase, PouchReplication } from './pouch.ts';
import { problemOf } from './remote.ts';

export interface ReplicatorOptions {
  Pouch: PouchConstructor;
  local: PouchDatabase;
  remote: PouchDatabase;
  /** The same database, for the pull to read from (see openPullSource). */
  pullSource: PouchDatabase;
  live: boolean;
  status(): SyncStatus;
  setStatus(patch: Partial<SyncStatus>): void;
  exportDelayMs: number;
  /** Documents per replication batch. */
  batchSize: number;
  exportChanges(signal: AbortSignal): Promise<number>;
  /** Applies what arrived; `keep` false lets it leave the marker unsaved (see FIRST_SYNC_KEEP_MS). */
  importChanges(keep: boolean): Promise<void>;
  /** Nothing was applied from this server yet: a large history shows progress. */
  firstSync: boolean;
}

/** A first sync of more documents than this shows a progress bar. */
const PROGRESS_FROM_DOCS = 100;
/**
 * How long an import waits for more pulled documents. A first sync pulls thousands of batches: importing after each
 * one rebuilt a session once per batch holding some of its runs and saved the whole marker each time (its size grows
 * with the history), so the first sync imports at most every two seconds.
 */
const IMPORT_DELAY_MS = 100;
const FIRST_SYNC_IMPORT_DELAY_MS = 2000;
/**
 * During a first sync an import keeps its progress (saves the marker, whose size grows with the history: 77,000
 * entries for the 100 MB export) at most this often, and always when the sync settles. A first sync cut off between
 * two saves applies those documents again when it resumes (the same records; its sessions' documents are written
 * again as new revisions of unchanged bodies).
 */
const FIRST_SYNC_KEEP_MS = 10_000;

interface ChangeInfo {
  docs_written?: number;
}

type Direction = 'push' | 'pull';

export class Replicator {
  private queue: Promise<void> = Promise.resolve();
  private exportTimer: ReturnType<typeof setTimeout> | undefined;
  private importTimer: ReturnType<typeof setTimeout> | undefined;
  private replications: PouchReplication[] = [];
  private paused: Record<Direction, boolean> = { push: false, pull: false };
  private readonly abort = new AbortController();
  private closed = false;
  private cancelled = false;
  private pulled = 0;
  /** The first sync's settle exported more: one more pass before idle. */
  private sendAgain = false;
  private total: number | undefined;

  constructor(private readonly options: ReplicatorOptions) {}

  /** The first export, then replication (live, or once). */
  async begin(): Promise<void> {
    if (this.options.firstSync) {
      const info = await this.options.remote.info().catch(() => undefined);
      if (info && info.doc_count > PROGRESS_FROM_DOCS) this.total = info.doc_count;
    }
    await this.enqueue(() => this.runExport());
    if (this.options.live) this.startLive();
    else await this.once();
  }

  localChanged(): void {
    if (this.closed || this.exportTimer !== undefined) return;
    this.exportTimer = setTimeout(() => {
      this.exportTimer = undefined;
      void this.enqueue(() => this.runExport());
    }, this.options.exportDelayMs);
  }

  async syncNow(): Promise<void> {
    this.cancelled = false;
    await this.enqueue(() => this.runExport());
    if (!this.options.live) return this.once();
    // Live: a replication waiting out its back-off (server was down) starts again now.
    this.stopReplications();
    this.startLive();
  }

  cancel(): void {
    this.cancelled = true;
    this.stopReplications();
    this.options.setStatus({ state: 'paused', progress: undefined });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.abort.abort();
    clearTimeout(this.exportTimer);
    clearTimeout(this.importTimer);
    this.stopReplications();
    await this.queue;
    const { local, remote, pullSource } = this.options;
    await Promise.allSettled([local.close(), remote.close(), pullSource.close()]);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(() => (this.closed ? undefined : task()));
    this.queue = next.catch((error: unknown) => this.fail(error));
    return this.queue;
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    const name = (error as { name?: string } | null)?.name;
    const detail = error instanceof Error ? error.message : String(error);
    this.options.setStatus({
      state: 'error',
      problem: { kind: name === 'QuotaExceededError' ? 'quota' : 'nonsense', detail },
    });
  }

  private async runExport(): Promise<void> {
    const written = await this.options.exportChanges(this.abort.signal);
    if (written > 0) this.options.setStatus({ pending: this.options.status().pending + written });
  }

  private keptAt = 0;

  /** Whether this import saves its progress: always, except every FIRST_SYNC_KEEP_MS during a first sync. */
  private keepNow(): boolean {
    if (this.options.firstSync && Date.now() - this.keptAt < FIRST_SYNC_KEEP_MS) return false;
    this.keptAt = Date.now();
    return true;
  }

  private scheduleImport(): void {
    if (this.importTimer !== undefined) return;
    this.importTimer = setTimeout(
      () => {
        this.importTimer = undefined;
        void this.enqueue(() => this.options.importChanges(this.keepNow()));
      },
      this.options.firstSync ? FIRST_SYNC_IMPORT_DELAY_MS : IMPORT_DELAY_MS,
    );
  }

  private onChange(direction: Direction, info: ChangeInfo): void {
    const written = info.docs_written ?? 0;
    if (direction === 'push') {
      this.options.setStatus({ pending: Math.max(0, this.options.status().pending - written) });
      return;
    }
    this.pulled += written;
    if (this.total !== undefined)
      this.options.setStatus({ progress: { done: Math.min(this.pulled, this.total), total: this.total } });
    this.scheduleImport();
  }

  /** Both directions caught up: apply what arrived (on the first sync, then send what waited for it), then idle. */
  private async settle(): Promise<void> {
    await this.options.importChanges(true);
    if (this.options.firstSync) {
      this.options.firstSync = false;
      await this.runExport();
      // What the first import let out (the settings) goes now: live replication sends it, `once` makes a second pass.
      this.sendAgain = this.options.status().pending > 0;
      if (this.sendAgain) return;
    }
    if (this.closed || this.cancelled) return;
    const problem = this.options.status().problem;
    this.total = undefined;
    this.options.setStatus({
      state: 'idle',
      lastSyncedAt: Date.now(),
      pending: 0,
      progress: undefined,
      problem: problem?.kind === 'decrypt' ? problem : undefined,
    });
  }

  private replicate(direction: Direction, live: boolean): PouchReplication {
    const { Pouch, local, remote, pullSource } = this.options;
    // Each direction keeps its checkpoint on this device only (PouchDB's default reads and writes a `_local` document
    // on the server too, after every batch: two requests per batch, and the receiving device's push makes a batch of
    // every batch it pulled). The price: a server database restored from an older backup is not sent this device's
    // documents again, since the checkpoint says they went (a recreated one gets a new key check, so a new key).
    const options = { live, retry: live, batch_size: this.options.batchSize, batches_limit: 2 };
    // No replication filter: a filter function makes PouchDB ask `_changes` for every body and then fetch each one
    // again with `_bulk_get` (each pulled document crossed the wire twice). Share snapshots (`share:`) therefore reach
    // the local database too, where the importer skips them.
    const replication =
      direction === 'push'
        ? Pouch.replicate(local, remote, { ...options, checkpoint: 'source' })
        : Pouch.replicate(pullSource, local, { ...options, checkpoint: 'target' });
    replication.on('change', (info) => this.onChange(direction, info as ChangeInfo));
    this.replications.push(replication);
    return replication;
  }

  private startLive(): void {
    this.paused = { push: false, pull: false };
    this.options.setStatus({ state: 'syncing' });
    for (const direction of ['push', 'pull'] as const) {
      const replication = this.replicate(direction, true);
      replication.on('active', () => {
        this.paused[direction] = false;
        this.options.setStatus({ state: 'syncing' });
      });
      replication.on('paused', (error) => {
        this.paused[direction] = true;
        if (error) this.options.setStatus({ state: 'paused', problem: problemOf(error) });
        else if (this.paused.push && this.paused.pull) void this.enqueue(() => this.settle());
      });
      replication.on('error', (error) => this.options.setStatus({ state: 'error', problem: problemOf(error) }));
    }
  }

  /** One push and one pull; a server that cannot be reached leaves the state `paused` (Sync now tries again). */
  private async once(): Promise<void> {
    do {
      this.sendAgain = false;
      this.options.setStatus({ state: 'syncing' });
      const ends = (['push', 'pull'] as const).map(
        (direction) =>
          new Promise<unknown>((resolve) => {
            const replication = this.replicate(direction, false);
            replication.on('complete', () => resolve(undefined));
            replication.on('error', (error) => resolve(error ?? new Error('replication failed')));
          }),
      );
      const errors = (await Promise.all(ends)).filter((error) => error !== undefined);
      this.replications = [];
      if (errors.length > 0) {
        this.options.setStatus({ state: 'paused', problem: problemOf(errors[0]) });
        await this.enqueue(() => this.options.importChanges(true));
        return;
      }
      await this.enqueue(() => this.settle());
    } while (this.sendAgain && !this.cancelled && !this.closed);
    if (this.cancelled) this.options.setStatus({ state: 'paused', progress: undefined });
  }

  private stopReplications(): void {
    for (const replication of this.replications) replication.cancel();
    this.replications = [];
  }
}
