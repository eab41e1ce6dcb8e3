import { describe, expect, it } from 'vitest';
import { createMemoryStores } from '../tools/memory-stores.ts';
import type { Note, NoteHit } from '../tools/tool-context.ts';
import {
  formatRecalledNotes,
  MEMORY_HEADING,
  recallNotes,
  recallQuery,
  selectRecalledHits,
  type NotesSearcher,
} from './memory-recall.ts';
import { createNotesIndex } from './notes-index.ts';

function note(id: string, content: string, tags: string[] = []): Note {
  return { id, content, tags, createdAt: 1_700_000_000_000, updatedAt: 1_700_000_000_000 };
}

const english = [
  note('tea', 'The user prefers green tea over coffee in the morning.'),
  note('deadline', 'The project deadline is Friday at noon.', ['work']),
  note('paris', 'The user lives in Paris and cycles to work.'),
  note('cat', 'The cat is called Miso and hates the vacuum cleaner.'),
];

const chinese = [
  note('tea-zh', '用户喜欢喝绿茶，不喝咖啡。'),
  note('beijing', '用户住在北京，每天骑车上班。'),
  note('meeting', '周五下午三点和产品团队开会。', ['工作']),
  note('cat-zh', '猫的名字叫米索，它怕吸尘器。'),
];

/** The two searchers the app uses: the MiniSearch index (IndexedDB store) and the in-memory store. */
function searchers(notes: Note[]): Array<[string, NotesSearcher]> {
  const index = createNotesIndex();
  index.replaceAll(notes);
  const memory = createMemoryStores({ now: () => 1 });
  const ready = Promise.all(notes.map((item) => memory.notes.add({ content: item.content, tags: item.tags })));
  const idOf = new Map(notes.map((item, position) => [`note_${position + 1}`, item.id]));
  return [
    ['MiniSearch index', { search: async (query, limit) => index.search(query, limit === undefined ? {} : { limit }) }],
    [
      'in-memory store',
      {
        search: async (query, limit) => {
          await ready;
          const hits = await memory.notes.search(query, limit);
          return hits.map((hit) => ({ ...hit, note: { ...hit.note, id: idOf.get(hit.note.id) ?? hit.note.id } }));
        },
      },
    ],
  ];
}

describe('recallQuery', () => {
  it('keeps the topical words of an English message', () => {
    expect(recallQuery('What is the weather like in Paris today?')).toBe('weather paris today');
    expect(recallQuery('What is it?')).toBe('');
  });

  it('splits Chinese text at grammatical characters', () => {
    expect(recallQuery('北京的天气怎么样？')).toBe('北京 天气');
    expect(recallQuery('我喜欢喝什么茶')).toBe('喜欢喝 茶');
  });
});

describe('recallNotes', () => {
  for (const [name, searcher] of searchers(english)) {
    it(`ranks the related English note first and leaves out unrelated ones (${name})`, async () => {
      const result = await recallNotes(searcher, 'Should I cycle to work in Paris tomorrow?');
      expect(result.hits[0]?.note.id).toBe('paris');
      expect(result.hits.map((hit) => hit.note.id)).not.toContain('cat');
      expect(result.hits.map((hit) => hit.note.id)).not.toContain('tea');
      const drinks = await recallNotes(searcher, 'Make me a coffee or some tea?');
      expect(drinks.hits.map((hit) => hit.note.id)).toEqual(['tea']);
    });

    it(`recalls nothing for a message with no topic in common (${name})`, async () => {
      expect((await recallNotes(searcher, 'How tall is the Eiffel Tower?')).hits).toEqual([]);
      expect((await recallNotes(searcher, 'What is it?')).hits).toEqual([]);
    });
  }

  for (const [name, searcher] of searchers(chinese)) {
    it(`ranks the related Chinese note first (${name})`, async () => {
      const result = await recallNotes(searcher, '明天北京的天气适合骑车吗？');
      expect(result.hits[0]?.note.id).toBe('beijing');
      expect(result.hits.map((hit) => hit.note.id)).not.toContain('cat-zh');
      const drinks = await recallNotes(searcher, '给我推荐一种茶');
      expect(drinks.hits[0]?.note.id).toBe('tea-zh');
      const work = await recallNotes(searcher, '周五的会议几点开始？');
      expect(work.hits[0]?.note.id).toBe('meeting');
    });

    it(`does not recall a note for sharing a single common character (${name})`, async () => {
      // "天" appears in "天气" (weather) and "每天" (every day): not a shared topic.
      const result = await recallNotes(searcher, '今天天气怎么样');
      expect(result.hits.map((hit) => hit.note.id)).not.toContain('beijing');
    });
  }
});

const hit = (id: string, content: string, score: number): NoteHit => ({ note: note(id, content), score });

describe('selectRecalledHits', () => {
  it('keeps hits above a share of the best score and an absolute floor, best first', () => {
    const hits = [
      hit('b', 'paris trip', 2),
      hit('a', 'paris flat', 10),
      hit('c', 'paris cafe', 5),
      hit('d', 'paris zoo', 0.05),
    ];
    expect(selectRecalledHits(hits, 'paris', { relativeScore: 0.4 }).hits.map((item) => item.note.id)).toEqual([
      'a',
      'c',
    ]);
    expect(
      selectRecalledHits(hits, 'paris', { relativeScore: 0, minScore: 0.1 }).hits.map((item) => item.note.id),
    ).toEqual(['a', 'c', 'b']);
    expect(selectRecalledHits(hits, 'paris', { relativeScore: 0, limit: 2 }).hits).toHaveLength(2);
  });

  it('accepts a typo or another form of the same word, not an unrelated word', () => {
    const hits = [hit('meet', 'Weekly meeting with Anna', 3), hit('other', 'Whether to buy milk', 3)];
    expect(selectRecalledHits(hits, 'meetings weather').hits.map((item) => item.note.id)).toEqual(['meet']);
  });
});

describe('formatRecalledNotes', () => {
  it('writes a headed section with id, date, tags and the text on one line', () => {
    const text = formatRecalledNotes([{ note: note('n1', 'Deadline:\nFriday noon', ['work']), score: 3 }]);
    expect(text.startsWith(`${MEMORY_HEADING}\n`)).toBe(true);
    expect(text).toContain('- (n1, saved 2023-11-14; tags: work) Deadline: Friday noon');
    expect(formatRecalledNotes([])).toBe('');
  });

  it('shortens long notes', () => {
    const text = formatRecalledNotes([{ note: note('n1', 'x'.repeat(2_000)), score: 1 }], { maxNoteChars: 100 });
    expect(text).toContain(`${'x'.repeat(99)}…`);
    expect(text).not.toContain('x'.repeat(101));
  });
});
