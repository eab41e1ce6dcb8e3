import type { EndpointMemory } from '../model/endpoint-memory.ts';
import type { QueryRunner } from '../tools/data/run-query.ts';
import type { RunSandboxed } from '../tools/tool-context.ts';
import type { Persistence } from './persistence.ts';

/** Everything the actions need from the outside world; set once at start-up, replaced in tests. */
export interface Services {
  persistence: Persistence;
  fetch: typeof fetch;
  now: () => number;
  newId: (prefix: string) => string;
  runSandboxed?: RunSandboxed;
  /** Runs read-only SQL over attached files in the SQL worker (started on first use). */
  queryData?: QueryRunner;
  /** Tells other tabs that something changed. */
  broadcast?: (message: TabMessage) => void;
  /** Runs `work` holding an exclusive lock for the session; returns false when another tab holds it. */
  withSessionLock?: (sessionId: string, work: () => Promise<void>) => Promise<boolean>;
  /** Whether another tab holds the session's run lock (it is running there). */
  isSessionLockedElsewhere?: (sessionId: string) => Promise<boolean>;
  /** Resolves once no tab holds the session's run lock (the run there ended, or that tab was closed). */
  waitForSessionUnlock?: (sessionId: string) => Promise<void>;
  /** What endpoints accept (dropped options, text ReAct), kept across reloads; in memory when absent. */
  endpointMemory?: EndpointMemory;
  /** Triggers a file download (JSON unless `type` says otherwise). */
  download?: (fileName: string, text: string, type?: string) => void;
}

/** What tabs tell each other over BroadcastChannel. */
export type TabMessage =
  | { type: 'sessions-changed' }
  | { type: 'session-changed'; sessionId: string }
  /** A file attached to or removed from the session (its files are read again only then: they can be large). */
  | { type: 'files-changed'; sessionId: string }
  /** Stop pressed in a tab that shows the session running in another tab. */
  | { type: 'stop-run'; sessionId: string }
  | { type: 'settings-changed' };

let current: Services | undefined;

/** Installs the services (at start-up, or a test's fakes). */
export function setServices(installed: Services): void {
  current = installed;
}

/** The installed services; throws before start-up. */
export function services(): Services {
  if (!current) throw new Error('Services used before start-up');
  return current;
}
