import { describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { carryIntoFork, todoAtForkPoint } from './fork-carry.ts';

const listing = (items: { id: number; text: string; done: boolean }[]) =>
  JSON.stringify({ action: 'add', message: 'ok', items, open: items.filter((item) => !item.done).length });

let clock = 100;
const toolEntry = (toolName: string, content: string, toolStatus: 'ok' | 'error' = 'ok'): TranscriptEntry => ({
  id: `msg_${clock}`,
  sessionId: 'sess_a',
  runId: 'run_a',
  createdAt: (clock += 10),
  message: { role: 'tool', tool_call_id: `call_${clock}`, content },
  meta: { toolName, toolStatus },
});

describe('todoAtForkPoint', () => {
  const first = toolEntry('todo', listing([{ id: 1, text: 'Buy milk', done: false }]));
  const second = toolEntry(
    'todo',
    listing([
      { id: 1, text: 'Buy milk', done: true },
      { id: 2, text: 'Call Ann', done: false },
    ]),
  );

  it('is the list the last todo result before the fork point showed', () => {
    const items = todoAtForkPoint([first, toolEntry('calculator', '{"result":42}'), second]);
    expect(items?.map(({ id, text, done }) => ({ id, text, done }))).toEqual([
      { id: 1, text: 'Buy milk', done: true },
      { id: 2, text: 'Call Ann', done: false },
    ]);
  });

  it('skips failed todo calls and is undefined when no todo call came before', () => {
    expect(todoAtForkPoint([first, toolEntry('todo', 'There is no todo #9.', 'error')])?.length).toBe(1);
    expect(todoAtForkPoint([toolEntry('calculator', '{"result":42}')])).toBeUndefined();
  });

  it('takes the edited result when the fork answers a todo call itself', () => {
    const edited = listing([{ id: 1, text: 'Buy oat milk', done: false }]);
    expect(todoAtForkPoint([first], { toolName: 'todo', result: edited, createdAt: 5 })).toEqual([
      { id: 1, text: 'Buy oat milk', done: false, createdAt: 5 },
    ]);
    // An edited result that is no listing leaves the list as it was.
    expect(todoAtForkPoint([first], { toolName: 'todo', result: 'nothing', createdAt: 5 })?.[0]?.text).toBe('Buy milk');
  });
});

describe('carryIntoFork', () => {
  it('copies every attached file to the fork under new ids and sets the todo list there', async () => {
    const persistence = createMemoryPersistence({ newId: sequentialIds(), now: () => 1 });
    const original = await persistence.createSession();
    const fork = await persistence.createSession();
    const file = { sessionId: original.id, mimeType: 'text/csv', text: 'a,b\n1,2\n', size: 8, createdAt: 1 };
    await persistence.attachments.add({ ...file, id: 'file_1', name: 'sales.csv' });
    await persistence.attachments.add({ ...file, id: 'file_2', name: 'notes.txt', createdAt: 2 });
    const todo = [{ id: 1, text: 'Buy milk', done: false, createdAt: 1 }];

    await carryIntoFork(persistence, sequentialIds(), { sessionId: original.id, todo }, fork.id);

    const copied = await persistence.attachments.list(fork.id);
    expect(copied.map((attachment) => [attachment.name, attachment.text, attachment.sessionId])).toEqual([
      ['sales.csv', 'a,b\n1,2\n', fork.id],
      ['notes.txt', 'a,b\n1,2\n', fork.id],
    ]);
    expect(copied.map((attachment) => attachment.id)).not.toContain('file_1');
    expect(await persistence.attachments.list(original.id)).toHaveLength(2);
    expect(await persistence.toolState.get(fork.id, 'todos')).toEqual(todo);
    expect(await persistence.toolState.get(original.id, 'todos')).toBeUndefined();
  });
});
