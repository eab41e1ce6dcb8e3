import type { IndexRequest, InsightsRequest, InsightsResponse } from '../../db/insights-worker.ts';
import { aggregateInsights } from '../../trace/insights/aggregate.ts';
import type { InsightsQuery, InsightsReport } from '../../trace/insights/insights-report.ts';
import { runFacts, type RunFact } from '../../trace/insights/run-facts.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { selectSpanAndReveal } from './trace-actions.ts';
import { switchSession } from './session-actions.ts';

/** Answers Insights queries: in a worker over IndexedDB, or on the page when storage is in memory (or no worker runs). */
export interface InsightsSource {
  /** `refresh`: read what changed in storage first (the view just opened); a filter change passes false. */
  query(query: InsightsQuery, refresh: boolean): Promise<InsightsReport>;
  /**
   * A run of a session was saved (`runId`) or the session was imported: its facts are kept now, so the next open of
   * Insights need not read its spans.
   */
  index(sessionId: string, runId?: string): void;
  close(): void;
}

function pageSource(): InsightsSource {
  let facts: RunFact[] | undefined;
  return {
    async query(query, refresh) {
      if (refresh || !facts) {
        const persistence = services().persistence;
        const sessions = await persistence.listSessions();
        const lists = await Promise.all(sessions.map((session) => persistence.listSpans(session.id)));
        facts = lists.flatMap((spans) => runFacts(spans));
      }
      return aggregateInsights(facts, query);
    },
    // In memory, nothing outlives the page: there is nothing to keep.
    index() {},
    close() {
      facts = undefined;
    },
  };
}

function workerSource(worker: Worker, fallback: () => InsightsSource): InsightsSource {
  let next = 0;
  const waiting = new Map<
    number,
    { query: InsightsQuery; resolve: (report: InsightsReport) => void; reject: (error: unknown) => void }
  >();
  let failed: InsightsSource | undefined;
  worker.onmessage = (event: MessageEvent<InsightsResponse>) => {
    const response = event.data;
    const entry = waiting.get(response.id);
    waiting.delete(response.id);
    if (!entry) return;
    if (response.ok)
      entry.resolve({
        ...response.report,
        timing: { ...response.timing, receivedAt: performance.timeOrigin + performance.now() },
      });
    else entry.reject(new Error(response.error));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    // A worker that cannot run (blocked, failed to load): the page answers instead, from now on.
    const page = (failed ??= fallback());
    worker.terminate();
    for (const [id, entry] of waiting) {
      waiting.delete(id);
      page.query(entry.query, true).then(entry.resolve, entry.reject);
    }
  };
  return {
    query(query, refresh) {
      if (failed) return failed.query(query, refresh);
      const id = (next += 1);
      return new Promise((resolve, reject) => {
        waiting.set(id, { query, resolve, reject });
        worker.postMessage({ id, query, refresh } satisfies InsightsRequest);
      });
    },
    index(sessionId, runId) {
      if (!failed)
        worker.postMessage({ index: sessionId, ...(runId === undefined ? {} : { runId }) } satisfies IndexRequest);
    },
    close() {
      worker.terminate();
      failed?.close();
    },
  };
}

let shared: { source: InsightsSource; kind: string } | undefined;

/**
 * The source Insights reads from, started on first use and kept for the page's life: reopening the view reads only
 * the sessions that changed since.
 */
export function openInsightsSource(): InsightsSource {
  const kind = services().persistence.kind;
  // Storage fell back to memory since the source started (another tab upgraded the database): start again.
  if (shared && shared.kind !== kind) {
    shared.source.close();
    shared = undefined;
  }
  shared ??= { source: startSource(kind), kind };
  return shared.source;
}

function startSource(kind: string): InsightsSource {
  if (kind !== 'indexeddb' || typeof Worker === 'undefined') return pageSource();
  try {
    const worker = new Worker(new URL('../../db/insights-worker.ts', import.meta.url), {
      type: 'module',
      name: 'glassbox-insights',
    });
    return workerSource(worker, pageSource);
  } catch {
    return pageSource();
  }
}

/**
 * Keeps the facts of a run just saved, or of sessions just imported (IndexedDB only), in the Insights worker: opening
 * Insights then reads them instead of the sessions' spans, the first time too.
 */
export function indexSessionFacts(sessionIds: readonly string[], runId?: string): void {
  if (services().persistence.kind !== 'indexeddb' || typeof Worker === 'undefined') return;
  const source = openInsightsSource();
  for (const sessionId of sessionIds) source.index(sessionId, runId);
}

/** Closes the Insights view. */
export function closeInsights(): void {
  useAppStore.getState().setUi({ insightsOpen: false });
}

/** Opens a run behind an Insights figure: its session, with the run selected in the trace. */
export async function openInsightsRun(sessionId: string, runId: string): Promise<void> {
  closeInsights();
  await switchSession(sessionId);
  const state = useAppStore.getState();
  state.setUi({ traceOpen: true });
  if (state.activeSessionId === sessionId) selectSpanAndReveal(runId);
}
