import type { TranscriptEntry } from '../../agent/transcript.ts';
import { buildHistory, delegatedHistories } from '../../context/build-history.ts';
import { useAppStore } from '../app-store.ts';
import { idleRun } from '../run-slice.ts';
import {
  beginTurn,
  endTurn,
  enqueue,
  finishEditing,
  removeQueued,
  resumeQueue,
  startEditing,
  takeNext,
  type QueuedMessage,
  type TurnEnd,
} from '../message-queue.ts';
import { services } from '../services.ts';
import { abortRun, answerApproval, isRunning, runSession } from './run-session.ts';
import {
  afterRunElsewhere,
  onQueueRestored,
  reloadWhenUnlocked,
  sessionForInput,
  whenLoaded,
} from './session-actions.ts';
import { reportStorageError } from './storage-errors.ts';
import { storeText } from './store-text.ts';

function entriesOf(sessionId: string): TranscriptEntry[] {
  return useAppStore.getState().entries[sessionId] ?? [];
}

/**
 * Sends the user's message: at once when the session is free, otherwise queued (see message-queue.ts) and sent
 * as soon as it is. Never dropped. Resolves when the turn it started (if any) has ended.
 */
export async function sendMessage(text: string): Promise<void> {
  const content = text.trim();
  if (!content) return;
  const sessionId = await sessionForInput();
  useAppStore
    .getState()
    .updateQueue(sessionId, (queue) => enqueue(queue, { id: services().newId('queued'), text: content }));
  await sendNextQueued(sessionId);
}

// Messages queued before a reload go on like any queued message.
onQueueRestored((sessionId) => void sendNextQueued(sessionId));

/** Starts the next queued message of the session if the session is free and its queue goes on. */
async function sendNextQueued(sessionId: string): Promise<void> {
  const elsewhere = afterRunElsewhere(sessionId);
  if (elsewhere) {
    // Another tab runs the session: the queue waits for that run to end (and its messages to load here).
    void elsewhere.then(() => sendNextQueued(sessionId));
    return;
  }
  let message: QueuedMessage | undefined;
  useAppStore.getState().updateQueue(sessionId, (queue) => {
    const next = takeNext(queue);
    message = next.message;
    return next.queue;
  });
  if (!message) return;
  turnEnds.set(sessionId, deferred());
  const queued = message;
  let started = false;
  try {
    await whenLoaded(sessionId);
    started = await sendNow(sessionId, queued.text);
  } finally {
    endSessionTurn(sessionId, started, queued, !started && (await waitForRunElsewhere(sessionId)));
  }
}

/**
 * After a send was refused: when another tab holds the session's run, this tab reloads the session once that run
 * is over (and its alert goes), and the message waits for it; true when it does.
 */
async function waitForRunElsewhere(sessionId: string): Promise<boolean> {
  try {
    if (!(await services().isSessionLockedElsewhere?.(sessionId))) return false;
  } catch {
    return false;
  }
  reloadWhenUnlocked(sessionId);
  return afterRunElsewhere(sessionId) !== undefined;
}

/** A turn the user started directly (Retry, Resume, Regenerate, Edit and resend); said so, not ignored, when the session is busy. */
async function userTurn(sessionId: string, work: () => Promise<boolean>): Promise<void> {
  for (;;) {
    let began = false;
    useAppStore.getState().updateQueue(sessionId, (queue) => {
      const next = beginTurn(queue);
      began = next !== undefined;
      return next ?? queue;
    });
    if (began) break;
    const ending = turnEnds.get(sessionId);
    // A run that has ended but is still being saved (right after Done) is waited for; one still running is not.
    if (!ending || useAppStore.getState().runs[sessionId]?.status === 'running') {
      useAppStore.getState().setUi({ appAlert: storeText('sessionBusy') });
      return;
    }
    await ending.promise;
  }
  turnEnds.set(sessionId, deferred());
  let started = false;
  try {
    await whenLoaded(sessionId);
    started = await work();
  } finally {
    endSessionTurn(sessionId, started);
  }
}

function endSessionTurn(sessionId: string, started: boolean, unsent?: QueuedMessage, waiting = false): void {
  const end: TurnEnd = started
    ? { status: useAppStore.getState().runs[sessionId]?.status ?? 'idle' }
    : { status: 'not-started', ...(unsent ? { unsent } : {}), ...(waiting ? { waiting } : {}) };
  useAppStore.getState().updateQueue(sessionId, (queue) => endTurn(queue, end));
  const ending = turnEnds.get(sessionId);
  turnEnds.delete(sessionId);
  ending?.resolve();
  void sendNextQueued(sessionId);
}

/** Settles when the session's current turn is over. */
const turnEnds = new Map<string, { promise: Promise<void>; resolve: () => void }>();

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function isBusy(sessionId: string): boolean {
  return (useAppStore.getState().queues[sessionId]?.busy ?? false) || isRunning(sessionId);
}

/** Runs the agent on a new user message; false when the run could not start (its message is then taken back). */
async function sendNow(sessionId: string, content: string): Promise<boolean> {
  if (isRunning(sessionId)) return false;
  const { newId, now } = services();
  const userEntry: TranscriptEntry = {
    id: newId('msg'),
    sessionId,
    runId: '',
    createdAt: now(),
    message: { role: 'user', content },
  };
  const history = [...buildHistory(entriesOf(sessionId)), userEntry.message];
  const state = useAppStore.getState();
  const before = state.runs[sessionId];
  // Shown at once, with the status of the new run (never the last run's Done beside a new question); saved together
  // with the run's first write.
  state.patchRun(sessionId, {
    status: 'running',
    alert: undefined,
    notices: [],
    streaming: undefined,
    pendingApprovals: [],
  });
  state.appendEntry(sessionId, userEntry);
  const started = await runSession(sessionId, { history, runInput: content, userEntry });
  if (!started) useAppStore.getState().patchRun(sessionId, before ?? idleRun);
  return started;
}

/** Opens a queued message of the active session for editing; the queue holds until the edit is closed. */
export function editQueuedMessage(id: string): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) useAppStore.getState().updateQueue(sessionId, (queue) => startEditing(queue, id));
}

/** Closes the edit of a queued message: saves `text` (blank keeps the old text) or, with undefined, cancels. */
export function finishQueuedEdit(id: string, text: string | undefined): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  useAppStore.getState().updateQueue(sessionId, (queue) => finishEditing(queue, id, text));
  void sendNextQueued(sessionId);
}

/** Removes a queued message of the active session: it is never sent. */
export function removeQueuedMessage(id: string): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  useAppStore.getState().updateQueue(sessionId, (queue) => removeQueued(queue, id));
  void sendNextQueued(sessionId);
}

/** Goes on with the active session's paused queue. */
export function resumeQueuedMessages(): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  useAppStore.getState().updateQueue(sessionId, resumeQueue);
  void sendNextQueued(sessionId);
}

/** Stops the active session's run. */
export function stopRun(): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) abortRun(sessionId);
}

/** Continues an interrupted or failed run from the saved messages, without redoing finished tool calls. */
export async function resumeRun(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) await userTurn(sessionId, () => resumeNow(sessionId));
}

function resumeNow(sessionId: string): Promise<boolean> {
  const entries = entriesOf(sessionId);
  const lastUser = entries
    .toReversed()
    .find((entry) => entry.message.role === 'user' && !entry.meta?.synthetic && !entry.meta?.delegation);
  const runInput = lastUser && lastUser.message.role === 'user' ? lastUser.message.content : '';
  const resumedDelegations = delegatedHistories(entries);
  return runSession(sessionId, {
    history: buildHistory(entries, { resume: true }),
    runInput,
    ...(resumedDelegations.size > 0 ? { resumedDelegations } : {}),
  });
}

/** Answers Approve / Deny for a restricted tool call. */
export function answerToolApproval(callId: string, approved: boolean): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) answerApproval(sessionId, callId, approved);
}

async function replaceFrom(sessionId: string, entryId: string): Promise<TranscriptEntry[]> {
  const entries = entriesOf(sessionId);
  const index = entries.findIndex((entry) => entry.id === entryId);
  if (index < 0) return entries;
  try {
    await services().persistence.truncateFrom(sessionId, entryId);
  } catch (error) {
    reportStorageError(error);
  }
  const kept = entries.slice(0, index);
  useAppStore.getState().setEntries(sessionId, kept);
  return kept;
}

/** Replaces a user message with new text and runs again; later messages leave the chat, their runs stay in the trace. */
export async function editAndResend(entryId: string, text: string): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  const content = text.trim();
  if (!sessionId || !content) return;
  await userTurn(sessionId, async () => {
    await replaceFrom(sessionId, entryId);
    return sendNow(sessionId, content);
  });
}

/** Drops the last answer and asks again with the same user message. */
export async function regenerate(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  await userTurn(sessionId, async () => {
    const entries = entriesOf(sessionId);
    const lastUser = entries[findLastUserIndex(entries)];
    if (!lastUser || lastUser.message.role !== 'user') return false;
    await replaceFrom(sessionId, lastUser.id);
    return sendNow(sessionId, lastUser.message.content);
  });
}

/** Deletes a turn: the user message and everything up to the next user message. */
export async function deleteTurn(entryId: string): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  if (isBusy(sessionId)) {
    useAppStore.getState().setUi({ appAlert: storeText('sessionBusy') });
    return;
  }
  const entries = entriesOf(sessionId);
  let start = entries.findIndex((entry) => entry.id === entryId);
  if (start < 0) return;
  while (start > 0 && !isTypedUserMessage(entries[start] as TranscriptEntry)) start -= 1;
  let end = start + 1;
  while (end < entries.length && !isTypedUserMessage(entries[end] as TranscriptEntry)) end += 1;
  const removed = entries.slice(start, end).map((entry) => entry.id);
  try {
    await services().persistence.deleteEntries(sessionId, removed);
  } catch (error) {
    reportStorageError(error);
  }
  useAppStore.getState().setEntries(sessionId, [...entries.slice(0, start), ...entries.slice(end)]);
}

/**
 * Re-runs after an error: the user's message and any finished steps are already saved, so only the failed step
 * is repeated. The part of an answer that arrived before the failure is dropped first: the new attempt replaces
 * it, and an endpoint must not receive it as the last (assistant) message.
 */
export async function retryRun(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  await userTurn(sessionId, async () => {
    const entries = entriesOf(sessionId);
    const last = entries.at(-1);
    if (last && last.message.role === 'assistant' && last.meta?.partial && !last.message.tool_calls?.length) {
      try {
        await services().persistence.deleteEntries(sessionId, [last.id]);
      } catch (error) {
        reportStorageError(error);
      }
      useAppStore.getState().setEntries(sessionId, entries.slice(0, -1));
    }
    return resumeNow(sessionId);
  });
}

function isTypedUserMessage(entry: TranscriptEntry): boolean {
  return entry.message.role === 'user' && !entry.meta?.synthetic && !entry.meta?.delegation;
}

function findLastUserIndex(entries: TranscriptEntry[]): number {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    if (isTypedUserMessage(entries[index] as TranscriptEntry)) return index;
  }
  return -1;
}
