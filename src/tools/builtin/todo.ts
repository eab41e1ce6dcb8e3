import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { withSessionLock } from '../session-lock.ts';
import type { TodoItem, ToolContext } from '../tool-context.ts';
import { ToolError } from '../tool-error.ts';

/** The tool-state key under which a session's todo list (`TodoItem[]`) is stored. */
export const TODO_STATE_KEY = 'todos';

const storedTodosSchema = z.array(
  z.object({ id: z.number(), text: z.string(), done: z.boolean(), createdAt: z.number() }),
);

/** `todo`: the session's own todo list (add, list, done, remove). */
export const todoTool = defineTool({
  name: 'todo',
  description: [
    "Manages this conversation's todo list, which persists across turns of this session only. Use it to plan multi-step work,",
    'or when the user asks to remember tasks. Actions: "add" (needs text), "list", "done" (marks an item done; needs id),',
    '"remove" (deletes an item; needs id). Every call returns the whole list with each item\'s id.',
    'Examples: {"action": "add", "text": "Book flights"}; {"action": "done", "id": 2}; {"action": "list"}.',
  ].join(' '),
  schema: z.object({
    action: z.enum(['add', 'list', 'done', 'remove']).describe('What to do: add, list, done or remove.'),
    text: z.string().max(500).optional().describe('The task text, for "add".'),
    id: z.number().int().min(1).optional().describe('The item number shown in the list, for "done" and "remove".'),
  }),
  async execute(args, context) {
    return withSessionLock(context.toolState, context.sessionId, () => applyTodoAction(args, context));
  },
});

type TodoArguments = { action: 'add' | 'list' | 'done' | 'remove'; text?: string | undefined; id?: number | undefined };

async function applyTodoAction(args: TodoArguments, context: ToolContext): Promise<Record<string, unknown>> {
  const stored = storedTodosSchema.safeParse(await context.toolState.get(context.sessionId, TODO_STATE_KEY));
  const items: TodoItem[] = stored.success ? stored.data : [];
  let message: string;
  switch (args.action) {
    case 'list':
      message =
        items.length === 0 ? 'The todo list is empty.' : `${items.length} item${items.length === 1 ? '' : 's'}.`;
      return listing(args.action, message, items);
    case 'add': {
      const text = args.text?.trim();
      if (!text)
        throw new ToolError('todo "add" needs "text": the task to add, e.g. {"action": "add", "text": "Buy milk"}.');
      const item: TodoItem = {
        id: items.reduce((highest, existing) => Math.max(highest, existing.id), 0) + 1,
        text,
        done: false,
        createdAt: context.now().getTime(),
      };
      items.push(item);
      message = `Added #${item.id}: ${text}`;
      break;
    }
    case 'done': {
      const item = findItem(items, args, 'done');
      message = item.done ? `#${item.id} was already done.` : `Marked #${item.id} done: ${item.text}`;
      item.done = true;
      break;
    }
    case 'remove': {
      const item = findItem(items, args, 'remove');
      items.splice(items.indexOf(item), 1);
      message = `Removed #${item.id}: ${item.text}`;
      break;
    }
  }
  await context.toolState.set(context.sessionId, TODO_STATE_KEY, items);
  return listing(args.action, message, items);
}

/** Finds the item by id; when the model sent only text, an unambiguous text match is accepted too. */
function findItem(items: TodoItem[], args: TodoArguments, action: string): TodoItem {
  if (args.id !== undefined) {
    const item = items.find((candidate) => candidate.id === args.id);
    if (item) return item;
    throw new ToolError(
      `There is no todo #${args.id}. ${items.length ? `Existing ids: ${items.map((candidate) => candidate.id).join(', ')}.` : 'The list is empty.'}`,
    );
  }
  const text = args.text?.trim().toLowerCase();
  if (text) {
    const exact = items.filter((candidate) => candidate.text.toLowerCase() === text);
    const partial = items.filter((candidate) => candidate.text.toLowerCase().includes(text));
    const match = exact.length === 1 ? exact[0] : partial.length === 1 ? partial[0] : undefined;
    if (match) return match;
  }
  throw new ToolError(
    `todo "${action}" needs "id": the item number from the list, e.g. {"action": "${action}", "id": 1}.`,
  );
}

function listing(action: string, message: string, items: TodoItem[]): Record<string, unknown> {
  return {
    action,
    message,
    items: items.map(({ id, text, done }) => ({ id, text, done })),
    open: items.filter((item) => !item.done).length,
  };
}
