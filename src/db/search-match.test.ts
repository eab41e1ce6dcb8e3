import { describe, expect, it } from 'vitest';
import { findHits, highlightParts, searchTerms } from './search-match.ts';
import { matchSession, MAX_SNIPPETS, snippetAround } from './session-matcher.ts';

describe('search snippets', () => {
  it('splits a query into normalised, distinct terms', () => {
    expect(searchTerms('  Paris  SUNNY paris ')).toEqual(['paris', 'sunny']);
    expect(searchTerms('ＡＢＣ')).toEqual(['abc']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('keeps 40 characters either side of the first hit, collapses whitespace and marks the cuts', () => {
    const before = 'a'.repeat(60);
    const after = 'b'.repeat(60);
    const snippet = snippetAround(`${before}\n\n  needle  ${after}`, ['needle']);
    expect(snippet).toBe(`…${'a'.repeat(39)} needle ${'b'.repeat(39)}…`);
    expect(snippetAround('short needle here', ['needle'])).toBe('short needle here');
    expect(snippetAround('nothing to see', ['needle'])).toBeUndefined();
  });

  it('matches a CJK term inside a longer run, without splitting surrogate pairs', () => {
    expect(snippetAround('广州今天天气怎么样', searchTerms('天气'))).toBe('广州今天天气怎么样');
    expect(highlightParts('广州今天天气怎么样', ['天气'])).toEqual([
      { text: '广州今天', hit: false },
      { text: '天气', hit: true },
      { text: '怎么样', hit: false },
    ]);
    const emoji = '😀'.repeat(30);
    const snippet = snippetAround(`${emoji}x${emoji}`, ['x'], 5) ?? '';
    expect(snippet.startsWith('…')).toBe(true);
    expect([...snippet.slice(1, -1)].every((char) => char === '😀' || char === 'x')).toBe(true);
  });

  it('finds the same hits in ASCII text (read as it is) as one character at a time', () => {
    const text = 'Answer 1500.3: the AGENT streams; answer 15, answers 150';
    const terms = searchTerms('answer 15 agent');
    // The trailing non-ASCII character sends the text down the per-character path; the hits before it are the same.
    expect(findHits(text, terms)).toEqual(findHits(`${text} é`, terms));
    expect(findHits(text, terms).length).toBeGreaterThan(4);
  });

  it('highlights every occurrence of every term, case-insensitively, merging overlaps, in the original text', () => {
    expect(highlightParts('Paris, PARIS and parisian', ['paris'])).toEqual([
      { text: 'Paris', hit: true },
      { text: ', ', hit: false },
      { text: 'PARIS', hit: true },
      { text: ' and ', hit: false },
      { text: 'paris', hit: true },
      { text: 'ian', hit: false },
    ]);
    expect(findHits('abcdef', ['bcd', 'cde'])).toEqual([[1, 5]]);
    // Full-width letters normalise to ASCII: the mark covers the original characters.
    expect(highlightParts('ＡＢＣ!', searchTerms('abc'))).toEqual([
      { text: 'ＡＢＣ', hit: true },
      { text: '!', hit: false },
    ]);
    expect(highlightParts('no hit', ['x'])).toEqual([{ text: 'no hit', hit: false }]);
  });

  it('matches a session when every term is in the title or a message, with up to three snippets', () => {
    const messages = Array.from({ length: 6 }, (_, index) => ({
      id: `m${index}`,
      content: `message ${index} about lisbon`,
      role: index % 2 ? 'assistant' : 'user',
    }));
    const match = matchSession(
      's1',
      'Trip',
      [{ id: 't', content: 'lisbon tool output', role: 'tool' }, ...messages],
      searchTerms('Lisbon trip'),
    );
    expect(match?.snippets.map((snippet) => snippet.entryId)).toEqual(['m0', 'm1', 'm2']);
    expect(match?.snippets).toHaveLength(MAX_SNIPPETS);
    expect(matchSession('s1', 'Trip', messages, searchTerms('lisbon porto'))).toBeUndefined();
    expect(matchSession('s1', 'Porto trip', [], searchTerms('porto'))).toEqual({ sessionId: 's1', snippets: [] });
  });
});
