import { describe, expect, it } from 'vitest';
import { createKnowledgeSearch, type KnowledgeAccess } from '../../knowledge/knowledge-search.ts';
import { MemoryKnowledgeStore } from '../../knowledge/knowledge-test-helpers.ts';
import { passagesOfResult } from '../../knowledge/citations.ts';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import type { SpanHandle } from '../../trace/span.ts';
import { KNOWLEDGE_CANDIDATES_ATTRIBUTE, searchKnowledgeTool } from './search-knowledge.ts';

function access(store: MemoryKnowledgeStore): KnowledgeAccess {
  const search = createKnowledgeSearch(store);
  return {
    documents: () => search.documents(),
    search: (query, documentIds) => search.search(query, documentIds ? { documentIds } : {}),
  };
}

function recordingSpan(): SpanHandle & { attributes: Record<string, unknown> } {
  const attributes: Record<string, unknown> = {};
  return {
    attributes,
    span: {} as SpanHandle['span'],
    setAttributes: (more) => Object.assign(attributes, more),
    end: () => undefined,
  };
}

const store = () =>
  new MemoryKnowledgeStore([
    {
      id: 'tm',
      name: 'tracemonkey.pdf',
      passages: [
        { text: 'We present a trace-based compiler for JavaScript that records hot loops.', page: 1 },
        { text: 'Nested trace trees let the compiler handle nested loops.', page: 6 },
      ],
    },
    {
      id: 'guide',
      name: 'guide.md',
      passages: [{ text: 'Install the package with npm and run the compiler once.', headings: ['Install', 'Linux'] }],
    },
  ]);

describe('search_knowledge', () => {
  it('returns labelled passages with their document, page or heading and id, and lists every candidate in its span', async () => {
    const span = recordingSpan();
    const context = createTestToolContext({ knowledge: access(store()), span });
    const output = (await searchKnowledgeTool.execute({ query: 'nested loops compiler' }, context)) as {
      passages: Array<Record<string, unknown>>;
    };
    expect(output.passages[0]).toEqual({
      label: '[1]',
      document: 'tracemonkey.pdf',
      page: 6,
      passage_id: 'tm:1',
      text: 'Nested trace trees let the compiler handle nested loops.',
    });
    const candidates = span.attributes[KNOWLEDGE_CANDIDATES_ATTRIBUTE] as Array<Record<string, unknown>>;
    expect(candidates).toHaveLength(3);
    // The guide shares only "compiler": a candidate, cut for its low score.
    expect(candidates.find((candidate) => candidate.id === 'guide:0')).toMatchObject({
      kept: false,
      reason: 'below-score',
      heading: 'Install › Linux',
    });
    expect(candidates[0]).toMatchObject({
      id: 'tm:1',
      label: '[1]',
      kept: true,
      why: 'kept: shares words with the query',
    });
    expect(candidates.every((candidate) => typeof candidate.fullTextScore === 'number')).toBe(true);
    // What the chat reads back for citations.
    expect(passagesOfResult(JSON.stringify(output)).map((passage) => passage.label)).toEqual(
      output.passages.map((passage) => passage.label),
    );
  });

  it('gives a heading path where a passage has no page', async () => {
    const output = (await searchKnowledgeTool.execute(
      { query: 'install the package' },
      createTestToolContext({ knowledge: access(store()) }),
    )) as { passages: Array<Record<string, unknown>> };
    expect(output.passages[0]).toMatchObject({ document: 'guide.md', heading: 'Install › Linux' });
    expect(output.passages[0]).not.toHaveProperty('page');
  });

  it('searches only the documents named, and refuses an unknown name listing the names there are', async () => {
    const context = createTestToolContext({ knowledge: access(store()) });
    const output = (await searchKnowledgeTool.execute({ query: 'compiler', documents: ['guide.md'] }, context)) as {
      passages: Array<Record<string, unknown>>;
    };
    expect(output.passages.map((passage) => passage.document)).toEqual(['guide.md']);
    await expect(searchKnowledgeTool.execute({ query: 'compiler', documents: ['nope.pdf'] }, context)).rejects.toThrow(
      'No document named "nope.pdf" in the library. The documents are: "tracemonkey.pdf", "guide.md".',
    );
  });

  it('keeps its answer under the observation limit, so the chat can always read it', async () => {
    const long = 'loops '.repeat(600);
    const big = new MemoryKnowledgeStore([
      { id: 'big', name: 'big.txt', passages: Array.from({ length: 8 }, () => ({ text: long })) },
    ]);
    const output = await searchKnowledgeTool.execute(
      { query: 'loops' },
      createTestToolContext({ knowledge: access(big) }),
    );
    expect(JSON.stringify(output).length).toBeLessThan(4000);
  });

  it('says so when nothing matches', async () => {
    const output = (await searchKnowledgeTool.execute(
      { query: 'photosynthesis' },
      createTestToolContext({ knowledge: access(store()) }),
    )) as Record<string, unknown>;
    expect(output).toMatchObject({
      passages: [],
      message: 'No passage matches "photosynthesis". Try other words, or fewer.',
    });
  });
});
