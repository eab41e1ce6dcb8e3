import { describe, it, expect } from 'vitest';
import { createMemoryStores } from './memory-stores.ts';

describe('createMemoryStores', () => {
  it('keeps tool state per session and key, cloned in and out', async () => {
    const { toolState } = createMemoryStores();
    const list = [{ id: 1 }];
    await toolState.set('sess_a', 'todos', list);
    list.push({ id: 2 });
    expect(await toolState.get('sess_a', 'todos')).toEqual([{ id: 1 }]);
    expect(await toolState.get('sess_b', 'todos')).toBeUndefined();
    expect(await toolState.get('sess_a', 'other')).toBeUndefined();
    const read = await toolState.get<{ id: number }[]>('sess_a', 'todos');
    read?.push({ id: 3 });
    expect(await toolState.entries('sess_a')).toEqual({ todos: [{ id: 1 }] });
  });

  it('saves notes with injected ids and time, and finds them', async () => {
    let time = 1000;
    const { notes } = createMemoryStores({ now: () => time, createId: (prefix) => `${prefix}_x${time}` });
    const first = await notes.add({
      content: 'Alice prefers tea in the morning',
      tags: ['alice'],
      sessionId: 'sess_a',
    });
    time = 2000;
    await notes.add({ content: 'Project deadline is Friday' });
    expect(first).toEqual({
      id: 'note_x1000',
      content: 'Alice prefers tea in the morning',
      tags: ['alice'],
      createdAt: 1000,
      updatedAt: 1000,
      sessionId: 'sess_a',
    });
    const hits = await notes.search('what does alice drink? tea');
    expect(hits.map((hit) => hit.note.id)).toEqual(['note_x1000']);
    expect((await notes.list()).map((note) => note.id)).toEqual(['note_x2000', 'note_x1000']);
    expect(await notes.remove('note_x2000')).toBe(true);
    expect(await notes.list()).toHaveLength(1);
  });

  it('lists attachments of one session only', async () => {
    const { attachments } = createMemoryStores({ now: () => 5 });
    await attachments.add({ sessionId: 'sess_a', name: 'a.txt', text: 'héllo' });
    await attachments.add({ sessionId: 'sess_b', name: 'b.csv', text: 'x,y', mimeType: 'text/csv' });
    const listed = await attachments.list('sess_a');
    expect(listed).toEqual([
      {
        id: 'file_1',
        sessionId: 'sess_a',
        name: 'a.txt',
        mimeType: 'text/plain',
        size: 6,
        text: 'héllo',
        createdAt: 5,
      },
    ]);
  });
});
