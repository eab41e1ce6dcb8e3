import type { ToolReplay } from '../../agent/execute-tool-calls.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatMessage } from '../../model/model.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/** What a run starts from. */
export interface RunRequest {
  history: ChatMessage[];
  runInput: string;
  /** A new user message, saved together with the run's first write. */
  userEntry?: TranscriptEntry;
  /** Answers tool calls from recorded results instead of running them (a fork). */
  replay?: ToolReplay;
  /** A resume: the stored transcripts of the delegations left unanswered, by their delegate call id. */
  resumedDelegations?: ReadonlyMap<string, readonly ChatMessage[]>;
}

/**
 * A resumed run redoes the step that was in flight, so the partial answer journaled when the page went away is
 * replaced rather than continued: it leaves storage, the chat and the context sent to the model.
 */
export async function withoutInterruptedPartial(
  sessionId: string,
  history: ChatMessage[],
  isNewTurn: boolean,
): Promise<ChatMessage[]> {
  const state = useAppStore.getState();
  if (isNewTurn || state.runs[sessionId]?.status !== 'interrupted') return history;
  const entries = state.entries[sessionId] ?? [];
  const last = entries.at(-1);
  if (!last || last.message.role !== 'assistant' || !last.meta?.partial || last.message.tool_calls?.length)
    return history;
  try {
    await services().persistence.deleteEntries(sessionId, [last.id]);
  } catch (error) {
    reportStorageError(error);
  }
  state.setEntries(sessionId, entries.slice(0, -1));
  const partial = last.message;
  return history.filter((message) => message !== partial);
}
