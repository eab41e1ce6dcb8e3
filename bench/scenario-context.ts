import type { MockLlmServer } from '../e2e/mock-llm/server.ts';
import type { ServedRequest } from './static-server.ts';

/** Per-run values by figure id. */
export type Sample = Record<string, number>;

/** A generated ChatGPT export on disk. */
export interface HugeExportFixture {
  path: string;
  bytes: number;
  messages: number;
  largestConversation: number;
  conversations: number;
}

/** Files written once per benchmark and imported through the app's own Import. */
export interface SessionFixture {
  path: string;
  title: string;
  /** Text the last message starts with, as shown in the chat. */
  lastMarker: string;
  messages: number;
}

/** What every scenario gets. */
export interface BenchContext {
  appUrl: string;
  distDir: string;
  /** Every response the app's static server sent so far (arrival order). */
  appRequests(): readonly ServedRequest[];
  mock: MockLlmServer;
  fixtures: {
    long1000: SessionFixture;
    small20: SessionFixture;
    medium200: SessionFixture;
    huge2000: SessionFixture;
    /** The 100 MB ChatGPT export (written only when the huge-import scenario runs). */
    hugeExport?: HugeExportFixture;
    /** The export the sync scenario syncs: the 100 MB one, or `BENCH_SYNC_CONVERSATIONS` conversations of it. */
    syncExport?: HugeExportFixture;
    /** The 50 MB, 500,000-row CSV of query_data (written only when the query-data scenario runs). */
    salesCsv?: { path: string; bytes: number };
    /** The 10,000-message / 50,000-span session (written only when the big-session scenario runs). */
    bigSession?: SessionFixture & { spans: number };
  };
  /** Scratch directory for downloads. */
  scratchDir: string;
  log(line: string): void;
}
