import { describe, it, expect } from 'vitest';
import { createMemoryStores } from '../memory-stores.ts';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { TODO_STATE_KEY, todoTool } from './todo.ts';

type TodoArguments = Parameters<typeof todoTool.execute>[0];

function session(sessionId: string, stores = createMemoryStores()) {
  const context = createTestToolContext({ sessionId, toolState: stores.toolState });
  return {
    context,
    run: (args: TodoArguments) =>
      todoTool.execute(todoTool.schema.parse(args), context) as Promise<Record<string, unknown>>,
  };
}

describe('todo', () => {
  it('adds, completes, removes and lists items, returning the list each time', async () => {
    const { run, context } = session('sess_a');
    expect(await run({ action: 'list' })).toEqual({
      action: 'list',
      message: 'The todo list is empty.',
      items: [],
      open: 0,
    });
    expect(await run({ action: 'add', text: '  Book flights ' })).toEqual({
      action: 'add',
      message: 'Added #1: Book flights',
      items: [{ id: 1, text: 'Book flights', done: false }],
      open: 1,
    });
    await run({ action: 'add', text: 'Reserve hotel' });
    expect(await run({ action: 'done', id: 1 })).toMatchObject({
      message: 'Marked #1 done: Book flights',
      items: [
        { id: 1, done: true },
        { id: 2, done: false },
      ],
      open: 1,
    });
    expect(await run({ action: 'remove', id: 2 })).toMatchObject({ message: 'Removed #2: Reserve hotel', open: 0 });
    expect(await run({ action: 'add', text: 'Pack' })).toMatchObject({ message: 'Added #2: Pack' });
    expect(await context.toolState.get('sess_a', TODO_STATE_KEY)).toEqual([
      { id: 1, text: 'Book flights', done: true, createdAt: context.now().getTime() },
      { id: 2, text: 'Pack', done: false, createdAt: context.now().getTime() },
    ]);
  });

  it("keeps each session's list separate", async () => {
    const stores = createMemoryStores();
    const first = session('sess_a', stores);
    const second = session('sess_b', stores);
    await first.run({ action: 'add', text: 'Only in A' });
    expect(await second.run({ action: 'list' })).toMatchObject({ items: [] });
    await second.run({ action: 'add', text: 'Only in B' });
    expect(await first.run({ action: 'list' })).toMatchObject({ items: [{ id: 1, text: 'Only in A' }] });
  });

  it('does not lose concurrent additions', async () => {
    const { run } = session('sess_a');
    await Promise.all(['one', 'two', 'three', 'four'].map((text) => run({ action: 'add', text })));
    const listed = (await run({ action: 'list' })) as { items: { id: number; text: string }[] };
    expect(listed.items.map((item) => item.id)).toEqual([1, 2, 3, 4]);
    expect(listed.items.map((item) => item.text).sort()).toEqual(['four', 'one', 'three', 'two']);
  });

  it('explains missing text and unknown ids', async () => {
    const { run } = session('sess_a');
    await expect(run({ action: 'add' })).rejects.toThrow('todo "add" needs "text"');
    await expect(run({ action: 'add', text: '   ' })).rejects.toThrow('needs "text"');
    await expect(run({ action: 'done', id: 3 })).rejects.toThrow('There is no todo #3. The list is empty.');
    await run({ action: 'add', text: 'Call mum' });
    await expect(run({ action: 'remove', id: 9 })).rejects.toThrow('There is no todo #9. Existing ids: 1.');
    await expect(run({ action: 'done' })).rejects.toThrow('todo "done" needs "id"');
  });

  it('accepts an unambiguous text instead of an id', async () => {
    const { run } = session('sess_a');
    await run({ action: 'add', text: 'Call mum' });
    await run({ action: 'add', text: 'Call the bank' });
    expect(await run({ action: 'done', text: 'call mum' })).toMatchObject({ message: 'Marked #1 done: Call mum' });
    await expect(run({ action: 'remove', text: 'call' })).rejects.toThrow('needs "id"');
  });

  it('starts over when the stored state is not a todo list', async () => {
    const { run, context } = session('sess_a');
    await context.toolState.set('sess_a', TODO_STATE_KEY, { broken: true });
    expect(await run({ action: 'add', text: 'Fresh' })).toMatchObject({ items: [{ id: 1, text: 'Fresh' }] });
  });

  it('rejects unknown actions at the schema', () => {
    expect(() => todoTool.schema.parse({ action: 'clear' })).toThrow();
    expect(todoTool.parameters).toMatchObject({ required: ['action'] });
  });
});
