import { describe, expect, it } from 'vitest';
import type { Note } from '../tools/tool-context.ts';
import { createNotesIndex, tokenizeForSearch } from './notes-index.ts';

function note(id: string, content: string, tags: string[] = []): Note {
  return { id, content, tags, createdAt: 1, updatedAt: 1 };
}

describe('tokenizeForSearch', () => {
  it('lowercases Latin words and splits CJK runs into characters and overlapping pairs', () => {
    expect(tokenizeForSearch('Hello, WORLD 42!')).toEqual(['hello', 'world', '42']);
    expect(tokenizeForSearch('天气预报')).toEqual(['天', '天气', '气', '气预', '预', '预报', '报']);
    expect(tokenizeForSearch('用Python写')).toEqual(['用', 'python', '写']);
    expect(tokenizeForSearch('Café naïve')).toEqual(['café', 'naïve']);
  });
});

describe('createNotesIndex', () => {
  const english = [
    note('tea', 'The user prefers green tea over coffee in the morning.'),
    note('deadline', 'The project deadline is Friday at noon.'),
    note('coffee', 'Coffee machine on the third floor is broken; use the kitchen one.', ['office']),
    note('cat', 'The cat is called Miso.'),
  ];

  it('ranks English notes by relevance, with typos and prefixes', () => {
    const index = createNotesIndex();
    index.replaceAll(english);
    const coffee = index.search('coffee machine');
    expect(coffee[0]?.note.id).toBe('coffee');
    expect(coffee.map((hit) => hit.note.id)).toContain('tea');
    expect(index.search('deadlne')[0]?.note.id).toBe('deadline');
    expect(index.search('dead')[0]?.note.id).toBe('deadline');
    expect(index.search('office')[0]?.note.id).toBe('coffee');
    expect(index.search('giraffe')).toEqual([]);
    expect(index.search('')).toEqual([]);
  });

  it('ranks Chinese notes by the words they share with the query', () => {
    const index = createNotesIndex();
    index.replaceAll([
      note('tea', '用户喜欢喝绿茶，不喜欢咖啡。'),
      note('weather', '明天的天气预报说北京会下雨。'),
      note('tianjin', '天津是一个港口城市。'),
      note('mixed', '周五提交 report 给老板。'),
    ]);
    expect(index.search('天气预报')[0]?.note.id).toBe('weather');
    expect(index.search('绿茶')[0]?.note.id).toBe('tea');
    expect(index.search('天津')[0]?.note.id).toBe('tianjin');
    expect(index.search('report')[0]?.note.id).toBe('mixed');
    expect(index.search('北京下雨了吗')[0]?.note.id).toBe('weather');
  });

  it('honours limit and minScore, and follows adds, replacements and removals', () => {
    const index = createNotesIndex();
    index.replaceAll(english);
    expect(index.search('the', { limit: 2 })).toHaveLength(2);
    const all = index.search('coffee');
    const best = all[0]?.score ?? 0;
    expect(index.search('coffee', { minScore: best }).map((hit) => hit.note.id)).toEqual([all[0]?.note.id]);
    index.add(note('cat', 'The cat is called Tofu now.'));
    expect(index.search('miso')).toEqual([]);
    expect(index.search('tofu')[0]?.note.content).toBe('The cat is called Tofu now.');
    index.remove('cat');
    index.remove('never-added');
    expect(index.search('tofu')).toEqual([]);
    expect(index.size).toBe(3);
  });
});
