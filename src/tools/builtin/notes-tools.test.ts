import { describe, it, expect } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { normalizeTags, saveNoteTool } from './save-note.ts';
import { searchNotesTool } from './search-notes.ts';

describe('save_note and search_notes', () => {
  it('saves notes from one session and finds them from another', async () => {
    const first = createTestToolContext({ sessionId: 'sess_a' });
    const second = createTestToolContext({ sessionId: 'sess_b', notes: first.notes });
    expect(
      await saveNoteTool.execute(
        { content: ' Mia is allergic to peanuts. ', tags: ['#Family', 'health', 'family', ' '] },
        first,
      ),
    ).toEqual({ saved: true, id: 'note_1', content: 'Mia is allergic to peanuts.', tags: ['family', 'health'] });
    await saveNoteTool.execute({ content: '用户喜欢喝绿茶' }, first);
    await saveNoteTool.execute({ content: 'Flight to Lisbon leaves on 12 May' }, first);

    const found = (await searchNotesTool.execute({ query: 'peanut allergy' }, second)) as {
      results: Record<string, unknown>[];
    };
    expect(found.results).toHaveLength(1);
    expect(found.results[0]).toMatchObject({
      id: 'note_1',
      content: 'Mia is allergic to peanuts.',
      tags: ['family', 'health'],
      saved_at: '2024-02-27T09:30:00.000Z',
    });
    expect(found.results[0]?.score).toBeGreaterThan(0);

    const chinese = (await searchNotesTool.execute({ query: '喝什么茶' }, second)) as {
      results: { content: string }[];
    };
    expect(chinese.results[0]?.content).toBe('用户喜欢喝绿茶');
    expect((await first.stores.notes.list()).find((note) => note.id === 'note_1')?.sessionId).toBe('sess_a');
  });

  it('says when nothing matches and lists recent notes for an empty query', async () => {
    const context = createTestToolContext();
    expect(await searchNotesTool.execute({ query: 'anything' }, context)).toMatchObject({
      results: [],
      message: 'No notes match "anything".',
    });
    await saveNoteTool.execute({ content: 'First' }, context);
    await saveNoteTool.execute({ content: 'Second' }, context);
    const recent = (await searchNotesTool.execute({ query: '', limit: 1 }, context)) as { results: unknown[] };
    expect(recent.results).toHaveLength(1);
  });

  it('refuses an empty note', async () => {
    await expect(saveNoteTool.execute({ content: '   ' }, createTestToolContext())).rejects.toThrow(
      'save_note needs "content"',
    );
    expect(() => saveNoteTool.schema.parse({ content: 'x'.repeat(4001) })).toThrow();
  });

  it('normalises tags', () => {
    expect(normalizeTags(['  ##Work ', 'work', 'Travel'])).toEqual(['work', 'travel']);
  });
});
