import { describe, it, expect } from 'vitest';
import { rankNotes, searchTerms } from './notes-search.ts';
import type { Note } from './tool-context.ts';

const note = (id: string, content: string, tags: string[] = [], updatedAt = 0): Note => ({
  id,
  content,
  tags,
  createdAt: updatedAt,
  updatedAt,
});

describe('searchTerms', () => {
  it('splits words and turns Chinese runs into bigrams', () => {
    expect(searchTerms('Hello, World! 42')).toEqual(['hello', 'world', '42']);
    expect(searchTerms('喜欢喝茶 tea')).toEqual(['喜', '欢', '喝', '茶', '喜欢', '欢喝', '喝茶', 'tea']);
    expect(searchTerms('茶')).toEqual(['茶']);
    expect(searchTerms('ＡＢＣ')).toEqual(['abc']);
  });
});

describe('rankNotes', () => {
  const notes = [
    note('n1', 'The Wi-Fi password for the office is hunter2', ['office'], 1),
    note('n2', 'Meeting with Bob on Monday about the budget', [], 2),
    note('n3', '用户喜欢喝绿茶，不喜欢咖啡', ['偏好'], 3),
    note('n4', 'Office plants need water on Mondays', [], 4),
  ];

  it('ranks the note matching more query terms first', () => {
    const hits = rankNotes(notes, 'office wifi password', 5);
    expect(hits[0]?.note.id).toBe('n1');
    expect(hits.map((hit) => hit.note.id)).toContain('n4');
    expect(hits.map((hit) => hit.note.id)).not.toContain('n2');
  });

  it('matches word prefixes at half weight', () => {
    expect(rankNotes(notes, 'meet', 5).map((hit) => hit.note.id)).toEqual(['n2']);
  });

  it('finds Chinese notes by bigrams', () => {
    expect(rankNotes(notes, '绿茶', 5).map((hit) => hit.note.id)).toEqual(['n3']);
    expect(rankNotes(notes, '用户喜欢什么饮料', 5)[0]?.note.id).toBe('n3');
    expect(rankNotes(notes, '喝什么茶', 5).map((hit) => hit.note.id)).toEqual(['n3']);
  });

  it('boosts tag matches and respects the limit', () => {
    const tagged = [note('a', 'office party', [], 9), note('b', 'party', ['office'], 1)];
    expect(rankNotes(tagged, 'office', 5).map((hit) => hit.note.id)).toEqual(['b', 'a']);
    expect(rankNotes(notes, 'the', 1)).toHaveLength(1);
  });

  it('returns the most recent notes for an empty query', () => {
    expect(rankNotes(notes, '  ', 2).map((hit) => [hit.note.id, hit.score])).toEqual([
      ['n4', 0],
      ['n3', 0],
    ]);
  });

  it('finds nothing when no term matches', () => {
    expect(rankNotes(notes, 'zebra', 5)).toEqual([]);
  });
});
