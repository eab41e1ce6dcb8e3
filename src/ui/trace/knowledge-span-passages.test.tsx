// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KNOWLEDGE_CANDIDATES_ATTRIBUTE } from '../../tools/builtin/search-knowledge-attributes.ts';
import type { Span } from '../../trace/span.ts';
import { KnowledgeSpanPassages } from './knowledge-span-passages.tsx';

afterEach(cleanup);

const span = {
  spanId: 's1',
  kind: 'tool',
  name: 'search_knowledge',
  attributes: {
    [KNOWLEDGE_CANDIDATES_ATTRIBUTE]: [
      {
        id: 'd:5',
        document: 'tracemonkey.pdf',
        page: 6,
        snippet: 'Nested trace trees.',
        fullTextScore: 4.2,
        similarity: null,
        rank: 1,
        kept: true,
        reason: 'shares-words',
        label: '[1]',
      },
      {
        id: 'd:9',
        document: 'tracemonkey.pdf',
        page: 11,
        snippet: 'Related work.',
        fullTextScore: 0.3,
        similarity: null,
        rank: 2,
        kept: false,
        reason: 'below-score',
      },
    ],
  },
} as unknown as Span;

describe('the candidate passages of a search_knowledge span', () => {
  it('lists each candidate with its document, page, scores and why it was kept or cut', () => {
    render(<KnowledgeSpanPassages span={span} />);
    const items = within(screen.getByRole('list', { name: 'Candidate passages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '[1] tracemonkey.pdf · Page 6Nested trace trees.full-text 4.2 · cosine none · rank 1kept: shares words with the query',
      'tracemonkey.pdf · Page 11Related work.full-text 0.3 · cosine none · rank 2cut: full-text score below the threshold',
    ]);
  });
});
