import type { TranscriptEntry } from '../../agent/transcript.ts';
import { TODO_STATE_KEY } from '../../tools/builtin/todo.ts';
import type { TodoItem } from '../../tools/tool-context.ts';
import { parseJsonText } from '../../trace/json-values.ts';
import { isRecord } from '../../json/deep-json.ts';
import type { Persistence } from '../persistence.ts';

/** The todo list a `todo` tool result shows (every call returns the whole list), or undefined for anything else. */
function todoListing(content: unknown, createdAt: number): TodoItem[] | undefined {
  const value = parseJsonText(content);
  if (!isRecord(value) || !Array.isArray(value.items)) return undefined;
  const items: TodoItem[] = [];
  for (const item of value.items) {
    if (!isRecord(item) || typeof item.id !== 'number' || typeof item.text !== 'string') return undefined;
    items.push({ id: item.id, text: item.text, done: item.done === true, createdAt });
  }
  return items;
}

/**
 * The session's todo list as it stood at the fork point: the list shown by the last successful `todo` result among
 * the entries the fork starts with, or by the edited result when the fork answers a `todo` call itself. Undefined
 * when no `todo` call came before (the fork starts with no list, as the original did then).
 */
export function todoAtForkPoint(
  entries: readonly TranscriptEntry[],
  answer?: { toolName: string; result: string; createdAt: number },
): TodoItem[] | undefined {
  if (answer?.toolName === 'todo') {
    const edited = todoListing(answer.result, answer.createdAt);
    if (edited) return edited;
  }
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index] as TranscriptEntry;
    if (entry.message.role !== 'tool' || entry.meta?.toolName !== 'todo' || entry.meta.toolStatus === 'error') continue;
    const items = todoListing(entry.message.content, entry.createdAt);
    if (items) return items;
  }
  return undefined;
}

/**
 * Gives a new fork session what its original's run depended on besides the transcript: a copy of each attached file
 * (so `query_data` and `read_file` see the same files) and the todo list as it stood at the fork point. The session's
 * own model and system prompt are copied with the session record itself.
 */
export async function carryIntoFork(
  persistence: Pick<Persistence, 'attachments' | 'toolState'>,
  newId: (prefix: string) => string,
  from: { sessionId: string; todo: TodoItem[] | undefined },
  toSessionId: string,
): Promise<void> {
  const files = await persistence.attachments.list(from.sessionId);
  for (const file of files) await persistence.attachments.add({ ...file, id: newId('file'), sessionId: toSessionId });
  if (from.todo) await persistence.toolState.set(toSessionId, TODO_STATE_KEY, from.todo);
}
