import type { ToolReplay } from '../../agent/execute-tool-calls.ts';
import { createReplayLookup } from '../../agent/replay.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionRecord } from '../../db/schema.ts';
import { fillPlaceholders, traceStrings } from '../../i18n/trace.ts';
import type { Span } from '../../trace/span.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import { carryIntoFork, todoAtForkPoint } from './fork-carry.ts';
import { startFork, type ForkPoint, type ForkStart } from './fork-plan.ts';
import { runSession } from './run-session.ts';
import { switchSession } from './session-actions.ts';
import { reportStorageError } from './storage-errors.ts';
import { openCompare } from './trace-actions.ts';

/** What the user chose in the Fork run dialog. */
export interface ForkChoice {
  /** The step's input as edited (the tool result, or the message sent). */
  text: string;
  /** Answer calls with the same tool and arguments from the original run instead of running them. */
  reuseToolResults: boolean;
}

/**
 * The replay of a fork: the edited result answers the forked call (once), and with `reuse` the original run's
 * recorded results answer the same calls again; anything else runs for real.
 */
export function forkReplay(
  answer: ForkPointAnswer | undefined,
  originalSpans: readonly Span[] | undefined,
): ToolReplay | undefined {
  const recorded = originalSpans ? createReplayLookup(originalSpans) : undefined;
  if (!answer && !recorded) return undefined;
  let answered = false;
  return (call) => {
    if (answer && !answered && call.id === answer.callId) {
      answered = true;
      return { status: 'ok', result: answer.result };
    }
    return recorded?.(call);
  };
}

type ForkPointAnswer = { callId: string; result: string };

/**
 * Writes the fork's session: linked to the original, with its title, model and system prompt, the transcript up to
 * the fork point, and what the run depended on (files, the todo list then).
 */
async function createForkSession(
  point: ForkPoint,
  start: ForkStart,
  original: SessionRecord | undefined,
): Promise<SessionRecord> {
  const { persistence, newId, now } = services();
  const strings = traceStrings[currentLanguage()];
  const created = await persistence.createSession();
  const copied = start.entries.map((entry) => ({ ...entry, id: newId('msg'), sessionId: created.id }));
  const title = fillPlaceholders(strings['fork.sessionTitle'], { title: original?.title ?? '' }).slice(0, 200);
  const toolName = point.edit.type === 'tool-result' ? point.edit.call.function.name : '';
  const todo = todoAtForkPoint(
    start.entries,
    start.answer ? { toolName, result: start.answer.result, createdAt: now() } : undefined,
  );
  await carryIntoFork(persistence, newId, { sessionId: point.sessionId, todo }, created.id);
  await persistence.updateSession(created.id, {
    title,
    titleEdited: true,
    forkedFrom: { sessionId: point.sessionId, runId: point.originalRunId, spanId: point.spanId, step: point.step },
    // A fork continues the original with its own model and system prompt, if it had them.
    ...(original?.overrides ? { overrides: { ...original.overrides } } : {}),
  });
  return (await persistence.saveStep({ sessionId: created.id, entries: copied, spans: [], session: {} })) ?? created;
}

/**
 * Forks the active session at `point`: a new session linked to the original (which is left as it was) gets the
 * transcript up to that step with the step's input replaced by the edited text, opens, and continues the run
 * through the usual run path. Resolves with the new session's id once its run has ended (undefined if it failed).
 */
export async function forkRun(point: ForkPoint, choice: ForkChoice): Promise<string | undefined> {
  const { newId, now, broadcast } = services();
  const state = useAppStore.getState();
  const original = state.sessions.find((session) => session.id === point.sessionId);
  const start = startFork(point, choice.text);
  if (start.userMessage !== undefined && start.userMessage.trim() === '') return undefined;
  let fork: SessionRecord;
  try {
    fork = await createForkSession(point, start, original);
  } catch (error) {
    reportStorageError(error);
    return undefined;
  }
  useAppStore.getState().upsertSession(fork);
  broadcast?.({ type: 'sessions-changed' });
  await switchSession(fork.id);

  const originalSpans = choice.reuseToolResults
    ? (state.spans[point.sessionId] ?? []).filter((span) => span.runId === point.originalRunId)
    : undefined;
  const replay = forkReplay(start.answer, originalSpans);
  const userEntry: TranscriptEntry | undefined =
    start.userMessage === undefined
      ? undefined
      : {
          id: newId('msg'),
          sessionId: fork.id,
          runId: '',
          createdAt: now(),
          message: { role: 'user', content: start.userMessage.trim() },
        };
  const store = useAppStore.getState();
  store.patchRun(fork.id, {
    status: 'running',
    alert: undefined,
    notices: [],
    streaming: undefined,
    pendingApprovals: [],
  });
  if (userEntry) store.appendEntry(fork.id, userEntry);
  const started = await runSession(fork.id, {
    history: userEntry ? [...start.history.slice(0, -1), userEntry.message] : start.history,
    runInput: userEntry && userEntry.message.role === 'user' ? userEntry.message.content : start.runInput,
    ...(userEntry ? { userEntry } : {}),
    ...(replay ? { replay } : {}),
  });
  if (!started) useAppStore.getState().patchRun(fork.id, { status: 'idle' });
  return started ? fork.id : undefined;
}

/** The first run recorded in a session (a fork's own run), if any. */
export function firstRunId(spans: readonly Span[] | undefined): string | undefined {
  return (spans ?? []).filter((span) => span.spanId === span.runId).sort((a, b) => a.startTime - b.startTime)[0]?.runId;
}

/** Opens Compare runs with the fork's original run first and the fork's run second; false when it is no fork. */
export function compareWithOriginal(forkSessionId: string): boolean {
  const state = useAppStore.getState();
  const origin = state.sessions.find((session) => session.id === forkSessionId)?.forkedFrom;
  const forkRunId = firstRunId(state.spans[forkSessionId]);
  if (!origin || !forkRunId) return false;
  openCompare(origin.runId, forkRunId);
  state.setUi({ traceOpen: true });
  return true;
}

/** The Trace panel's Compare runs: a fork against its original, any other session's last two runs. */
export function compareActiveSession(): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId || !compareWithOriginal(sessionId)) openCompare();
}
