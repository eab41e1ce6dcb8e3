/**
 * The in-page probe, installed with `addInitScript` so it runs before any of the app's scripts, and exposed as
 * `window.__bench`. It comes in parts (PROBE_PARTS), run in this order in one init script:
 * - installProbe: the state, the animation-frame recorder and the "painted" watchers;
 * - installPageWatchers: long-task and long-animation-frame observers, the time the message box first accepts input,
 *   the last input event's time, download times, and readers of the DOM and the stored spans;
 * - installIdbTransactionProbe: a record of each IndexedDB transaction (stores, mode, wall time);
 * - installIdbCallProbe: per transaction, the main-thread time inside IndexedDB calls and the bytes handed to put/add.
 *
 * Each part is serialised into the page: it must not refer to anything outside its own body. The parts after the
 * first find the probe at `window.__bench`. The init script (browser.ts) runs them only in a page without one yet.
 */
export function installProbe(): void {
  type Watcher = {
    predicate: () => boolean;
    resolve: (at: number) => void;
    deadline: number;
    reject: (error: Error) => void;
  };
  const scope = window as unknown as { __bench?: unknown };
  const now = (): number => performance.now();
  const watchers = new Set<Watcher>();
  let frames: number[] | null = null;
  let looping = false;

  const bench = {
    longTasks: [] as Array<{ start: number; duration: number }>,
    loafs: [] as Array<{ start: number; duration: number; blocking: number }>,
    /** One record per IndexedDB transaction (installIdbTransactionProbe). */
    txs: [] as unknown[],
    countBytes: false,
    /** Time IndexedDB calls (main-thread time per transaction); off by default, as it costs a little per call. */
    timeIdb: false,
    lastInput: undefined as { type: string; at: number } | undefined,
    downloads: [] as number[],
    /** Starts recording animation-frame times (performance.now() in each rAF callback). */
    startFrames(): void {
      frames = [];
      ensureLoop();
    },
    /** Stops recording and returns the frame times since `startFrames`. */
    stopFrames(): number[] {
      const recorded = frames ?? [];
      frames = null;
      return recorded;
    },
    /**
     * Resolves with the time of the first frame, after it was rendered, at which `predicate` holds: the next
     * animation frame after the DOM shows the target.
     */
    whenPainted(predicate: () => boolean, timeoutMs = 60_000): Promise<number> {
      return new Promise<number>((resolve, reject) => {
        watchers.add({ predicate, resolve, reject, deadline: now() + timeoutMs });
        ensureLoop();
      });
    },
  };
  scope.__bench = bench;

  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const at = now();
    for (const watcher of watchers) {
      let holds = false;
      try {
        holds = watcher.predicate();
      } catch {
        holds = false;
      }
      if (holds) {
        watchers.delete(watcher);
        watcher.resolve(at);
      } else if (at > watcher.deadline) {
        watchers.delete(watcher);
        watcher.reject(new Error('whenPainted timed out'));
      }
    }
  };
  const onFrame = (): void => {
    if (frames) frames.push(now());
    // A task posted from the frame callbacks runs once this frame's rendering is done.
    if (watchers.size > 0) channel.port2.postMessage(0);
    if (frames || watchers.size > 0) requestAnimationFrame(onFrame);
    else looping = false;
  };
  function ensureLoop(): void {
    if (looping) return;
    looping = true;
    requestAnimationFrame(onFrame);
  }
}

/**
 * The second part of the probe: long-task and long-animation-frame observers, `marks.inputUsable` (when the message
 * box first accepts input), the last input event's time, download times, and `domNodes` and `storedSpans`.
 */
export function installPageWatchers(): void {
  type Timed = { start: number; duration: number };
  type Bench = {
    longTasks: Timed[];
    loafs: Array<Timed & { blocking: number }>;
    lastInput?: { type: string; at: number };
    downloads: number[];
    whenPainted(predicate: () => boolean, timeoutMs?: number): Promise<number>;
  };
  const bench = (window as unknown as { __bench: Bench }).__bench;
  const marks: Record<string, number> = {};
  Object.assign(bench, {
    /** Every node (elements, text, comments) in the document. */
    domNodes(): { nodes: number; elements: number } {
      const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
      let nodes = 0;
      while (walker.nextNode()) nodes += 1;
      return { nodes, elements: document.getElementsByTagName('*').length };
    },
    /** Every span stored in the app's database (DB v3+: `spanChunks` records holding `spans`), in store order. */
    async storedSpans(): Promise<unknown[]> {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        return await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction('spanChunks').objectStore('spanChunks').getAll();
          request.onsuccess = () =>
            resolve((request.result as Array<{ spans: unknown[] }>).flatMap((chunk) => chunk.spans));
          request.onerror = () => reject(request.error);
        });
      } finally {
        db.close();
      }
    },
    marks,
  });

  const observe = (type: string, record: (entry: PerformanceEntry) => void): void => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(record)).observe({ type, buffered: true });
    } catch {
      // Not supported by this browser: the figure is simply absent.
    }
  };
  observe('longtask', (entry) => bench.longTasks.push({ start: entry.startTime, duration: entry.duration }));
  observe('long-animation-frame', (entry) =>
    bench.loafs.push({
      start: entry.startTime,
      duration: entry.duration,
      blocking: (entry as PerformanceEntry & { blockingDuration?: number }).blockingDuration ?? 0,
    }),
  );
  performance.setResourceTimingBufferSize(100_000);

  // Watched from the very start of every page load: when the message box first accepts input.
  void bench
    .whenPainted(() => document.querySelector('textarea[aria-label="Message"]:not([disabled])') !== null, 120_000)
    .then(
      (at) => {
        marks.inputUsable = at;
      },
      () => undefined,
    );

  for (const type of ['pointerdown', 'click', 'keydown', 'change']) {
    window.addEventListener(
      type,
      (event) => {
        bench.lastInput = { type, at: event.timeStamp };
      },
      { capture: true },
    );
  }

  const createObjectUrl = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (object: Blob | MediaSource) => {
    bench.downloads.push(performance.now());
    return createObjectUrl(object);
  };
}

/** The third part of the probe: a record of each IndexedDB transaction in `txs` (stores, mode, start, end). */
export function installIdbTransactionProbe(): void {
  // A type only (erased when the part is serialised): the record as read back from the page.
  type TxRecord = ProbeTransaction;
  const bench = (window as unknown as { __bench: { txs: TxRecord[] } }).__bench;
  const now = (): number => performance.now();
  const transaction = IDBDatabase.prototype.transaction;
  IDBDatabase.prototype.transaction = function patchedTransaction(
    this: IDBDatabase,
    ...args: Parameters<IDBDatabase['transaction']>
  ) {
    const started = now();
    const tx = transaction.apply(this, args);
    const names = typeof args[0] === 'string' ? [args[0]] : [...args[0]];
    const record: TxRecord = {
      stores: names.sort().join(','),
      mode: args[1] ?? 'readonly',
      start: started,
      syncMs: now() - started,
      bytes: 0,
      puts: 0,
      byStore: {},
    };
    bench.txs.push(record);
    // Where installIdbCallProbe finds the record of the transaction a call belongs to.
    (tx as IDBTransaction & { __benchRecord?: TxRecord }).__benchRecord = record;
    tx.addEventListener('complete', () => {
      record.end = now();
    });
    tx.addEventListener('abort', () => {
      record.end = now();
      record.aborted = true;
    });
    return tx;
  };
}

/**
 * The fourth part of the probe: which transaction each IndexedDB call belongs to, and, when `timeIdb` or `countBytes`
 * is on, the time spent inside the call (structured clone) and the bytes handed to put/add, added to its record.
 */
export function installIdbCallProbe(): void {
  type TxRecord = { syncMs: number; bytes: number; puts: number; byStore: Record<string, number> };
  const bench = (window as unknown as { __bench: { txs: TxRecord[]; timeIdb: boolean; countBytes: boolean } }).__bench;
  const now = (): number => performance.now();
  // Each transaction's record, as installIdbTransactionProbe left it on the transaction.
  const recordOf = (tx: IDBTransaction) => (tx as IDBTransaction & { __benchRecord?: TxRecord }).__benchRecord;
  const sizeOf = (value: unknown): number => {
    try {
      return new Blob([JSON.stringify(value) ?? '']).size;
    } catch {
      return 0;
    }
  };
  const wrap = (
    prototype: object,
    method: string,
    transactionOf: (self: never) => IDBTransaction | null,
    writes: boolean,
  ): void => {
    const table = prototype as Record<string, unknown>;
    const original = table[method];
    if (typeof original !== 'function') return;
    const call = original as (this: unknown, first?: unknown, second?: unknown) => unknown;
    // Two fixed parameters (every wrapped method takes at most two; an omitted one stays undefined, which
    // IndexedDB treats as not given) keep the wrapper cheap.
    table[method] = function patched(this: never, first?: unknown, second?: unknown) {
      if (!bench.timeIdb && !bench.countBytes) return call.call(this, first, second);
      const started = now();
      try {
        return call.call(this, first, second);
      } finally {
        const elapsed = now() - started;
        let record: TxRecord | undefined;
        try {
          const tx = transactionOf(this);
          record = tx ? recordOf(tx) : undefined;
        } catch {
          record = undefined;
        }
        if (record) {
          record.syncMs += elapsed;
          if (writes) {
            record.puts += 1;
            if (bench.countBytes) {
              const size = sizeOf(first);
              const name = (this as unknown as { name?: string }).name ?? '?';
              record.bytes += size;
              record.byStore[name] = (record.byStore[name] ?? 0) + size;
            }
          }
        }
      }
    };
  };
  const storeTx = (store: IDBObjectStore) => store.transaction;
  const indexTx = (index: IDBIndex) => index.objectStore.transaction;
  const cursorTx = (cursor: IDBCursor) => cursor.request.transaction;
  // The reading methods object stores and indexes share.
  const reads = ['get', 'getKey', 'getAll', 'getAllKeys', 'openCursor', 'openKeyCursor', 'count'];
  for (const method of ['put', 'add']) wrap(IDBObjectStore.prototype, method, storeTx as never, true);
  for (const method of [...reads, 'delete', 'clear', 'index'])
    wrap(IDBObjectStore.prototype, method, storeTx as never, false);
  for (const method of reads) wrap(IDBIndex.prototype, method, indexTx as never, false);
  wrap(IDBCursor.prototype, 'update', cursorTx as never, true);
  for (const method of ['continue', 'advance', 'delete']) wrap(IDBCursor.prototype, method, cursorTx as never, false);
}

/** The probe's parts, in the order they run (in one init script, once per page: see browser.ts). */
export const PROBE_PARTS = [installProbe, installPageWatchers, installIdbTransactionProbe, installIdbCallProbe];

/** The probe's state as read back from the page (the shape of `window.__bench` without its functions). */
export interface ProbeTransaction {
  stores: string;
  mode: string;
  start: number;
  end?: number;
  aborted?: boolean;
  syncMs: number;
  bytes: number;
  puts: number;
  /** Bytes per object store (when counting). */
  byStore: Record<string, number>;
}
