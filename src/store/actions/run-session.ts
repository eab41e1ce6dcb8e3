import type { StoreMessage } from '../../i18n/messages.ts';
import type { RunNotice } from '../../i18n/run-notices.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { loadAgentRuntime, type AgentRuntime } from './load-agent-runtime.ts';
import { RunController } from './run-controller.ts';
import type { RunRequest } from './run-inputs.ts';
import { storeText } from './store-text.ts';

export type { RunRequest } from './run-inputs.ts';

/** The run of each session this tab is running (see run-controller.ts). */
const activeRuns = new Map<string, RunController>();

/** Whether this tab is running the session. */
export function isRunning(sessionId: string): boolean {
  return activeRuns.has(sessionId);
}

/** Aborts the session's run: the HTTP request and running tools see the signal. A run in another tab is asked to stop. */
export function abortRun(sessionId: string): void {
  const active = activeRuns.get(sessionId);
  if (active) active.abort();
  else services().broadcast?.({ type: 'stop-run', sessionId });
}

/** Journals what every run in this tab has in flight; called when the page is hidden or unloaded. */
export function flushActiveRuns(): void {
  for (const active of activeRuns.values()) active.flush();
}

/** Answers a pending approval for a restricted tool call. */
export function answerApproval(sessionId: string, callId: string, approved: boolean): void {
  activeRuns.get(sessionId)?.answerApproval(callId, approved);
}

/**
 * Runs the agent on a session (see run-controller.ts). Holds the session's cross-tab lock for the whole run;
 * returns false when another tab holds it or the agent could not load (the new user message is then taken back).
 */
export async function runSession(sessionId: string, request: RunRequest): Promise<boolean> {
  if (activeRuns.has(sessionId)) return false;
  // Registered before anything is awaited: the run shows as running at once, so Stop must reach it at once too
  // (a stop while the agent chunk or the lock is awaited makes the run start stopped, its message kept).
  const controller = new RunController(sessionId, request);
  activeRuns.set(sessionId, controller);
  try {
    let runtime: AgentRuntime;
    try {
      // The agent loop, model clients and tools are a chunk of their own (usually loaded already, when idle).
      runtime = await loadAgentRuntime();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      takeBackUserEntry(sessionId, request, storeText('agentLoadFailed', { error: reason }));
      return false;
    }
    const { withSessionLock } = services();
    if (!withSessionLock) {
      await controller.run(runtime);
      return true;
    }
    const acquired = await withSessionLock(sessionId, () => controller.run(runtime));
    if (!acquired) takeBackUserEntry(sessionId, request, RUNNING_ELSEWHERE);
    return acquired;
  } finally {
    activeRuns.delete(sessionId);
  }
}

/** The message was shown at once but never saved: it is taken back so this tab does not diverge from storage. */
function takeBackUserEntry(sessionId: string, request: RunRequest, appAlert: string | StoreMessage): void {
  const state = useAppStore.getState();
  const userEntryId = request.userEntry?.id;
  if (userEntryId)
    state.setEntries(
      sessionId,
      (state.entries[sessionId] ?? []).filter((entry) => entry.id !== userEntryId),
    );
  state.setUi({ appAlert });
}

/** What a tab says when another tab runs the session (as an alert, and as a run notice); the view words it. */
export const RUNNING_ELSEWHERE: StoreMessage = { key: 'runningElsewhere' };

/** The run notice that the session runs in another tab. */
export const RUNNING_ELSEWHERE_NOTICE: RunNotice = { kind: 'store', ...RUNNING_ELSEWHERE };

/** Whether an alert or a run notice is {@link RUNNING_ELSEWHERE} (by its key, whatever the language). */
export function isRunningElsewhere(item: string | StoreMessage | RunNotice | undefined): boolean {
  if (typeof item !== 'object') return false;
  return (!('kind' in item) || item.kind === 'store') && item.key === RUNNING_ELSEWHERE.key;
}
