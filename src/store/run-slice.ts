import type { RunNotice } from '../i18n/run-notices.ts';
import type { Slice } from './slice.ts';

/** The status shown by `data-testid="run-status"`. */
export type RunStatus = 'idle' | 'running' | 'done' | 'error' | 'stopped' | 'interrupted';

/** A problem shown to the user as an alert, with what to do. */
export interface RunAlert {
  title: string;
  advice: string;
  /** Offer Retry (resend the last user message). */
  retryable: boolean;
  kind?: string;
  /** Model ids the endpoint offers, after a 404. */
  availableModels?: string[];
}

/** Text streaming in for the step in flight. */
export interface StreamingState {
  runId: string;
  text: string;
  reasoning: string;
  toolCalls: Array<{ index: number; id?: string; name?: string; arguments: string }>;
  /** JSON plan: the steps of a plan decision as far as they streamed. */
  plan?: string[];
}

/** The run state of one session. */
export interface SessionRun {
  status: RunStatus;
  alert?: RunAlert;
  /** Notices about the latest run (cut off, limits, protocol switch) as data; the chat words them. */
  notices: RunNotice[];
  streaming?: StreamingState;
  /** The step in flight of each delegated run, by the `delegate_<agent>` call it answers. */
  delegatedStreaming?: Readonly<Record<string, StreamingState>>;
  /** Tool call ids waiting for Approve / Deny. */
  pendingApprovals: string[];
}

/** Run state per session. */
export interface RunSlice {
  runs: Record<string, SessionRun>;
  patchRun(sessionId: string, patch: Partial<SessionRun> | ((run: SessionRun) => Partial<SessionRun>)): void;
}

/** The state of a session that has not run in this tab. */
export const idleRun: SessionRun = { status: 'idle', notices: [], pendingApprovals: [] };

export const createRunSlice: Slice<RunSlice> = (set) => ({
  runs: {},
  patchRun: (sessionId, patch) =>
    set((state) => {
      const current = state.runs[sessionId] ?? idleRun;
      const changes = typeof patch === 'function' ? patch(current) : patch;
      return { runs: { ...state.runs, [sessionId]: { ...current, ...changes } } };
    }),
});
