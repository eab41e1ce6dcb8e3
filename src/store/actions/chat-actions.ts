import type { TranscriptEntry } from '../../agent/transcript.ts';
import { buildHistory } from '../../context/build-history.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { abortRun, answerApproval, isRunning, runSession } from './run-session.ts';
import { newSession } from './session-actions.ts';
import { reportStorageError } from './storage-errors.ts';

async function activeSessionId(): Promise<string> {
  return useAppStore.getState().activeSessionId ?? (await newSession());
}

function entriesOf(sessionId: string): TranscriptEntry[] {
  return useAppStore.getState().entries[sessionId] ?? [];
}

/** Sends the user's message and runs the agent on the active session. */
export async function sendMessage(text: string): Promise<void> {
  const content = text.trim();
  if (!content) return;
  const sessionId = await activeSessionId();
  if (isRunning(sessionId)) return;
  const { newId, now } = services();
  const userEntry: TranscriptEntry = {
    id: newId('msg'),
    sessionId,
    runId: '',
    createdAt: now(),
    message: { role: 'user', content },
  };
  const history = [...buildHistory(entriesOf(sessionId)), userEntry.message];
  // Shown at once; saved together with the run's first write.
  useAppStore.getState().appendEntry(sessionId, userEntry);
  await runSession(sessionId, { history, runInput: content, userEntry });
}

/** Stops the active session's run. */
export function stopRun(): void {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) abortRun(sessionId);
}

/** Continues an interrupted or failed run from the saved messages, without redoing finished tool calls. */
export async function resumeRun(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId || isRunning(sessionId)) return;
  const entries = entriesOf(sessionId);
  const lastUser = entries.toReversed().find((entry) => entry.message.role === 'user' && !entry.meta?.synthetic);
  const runInput = lastUser && lastUser.message.role === 'user' ? lastUser.message.content : '';
  await runSession(sessionId, { history: buildHistory(entries, { resume: true }), runInput });
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
  if (!sessionId || isRunning(sessionId) || !text.trim()) return;
  await replaceFrom(sessionId, entryId);
  await sendMessage(text);
}

/** Drops the last answer and asks again with the same user message. */
export async function regenerate(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId || isRunning(sessionId)) return;
  const entries = entriesOf(sessionId);
  const lastUserIndex = findLastUserIndex(entries);
  const lastUser = entries[lastUserIndex];
  if (!lastUser || lastUser.message.role !== 'user') return;
  await replaceFrom(sessionId, lastUser.id);
  await sendMessage(lastUser.message.content);
}

/** Deletes a turn: the user message and everything up to the next user message. */
export async function deleteTurn(entryId: string): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId || isRunning(sessionId)) return;
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
  if (!sessionId || isRunning(sessionId)) return;
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
  await resumeRun();
}

function isTypedUserMessage(entry: TranscriptEntry): boolean {
  return entry.message.role === 'user' && !entry.meta?.synthetic;
}

function findLastUserIndex(entries: TranscriptEntry[]): number {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    if (isTypedUserMessage(entries[index] as TranscriptEntry)) return index;
  }
  return -1;
}
