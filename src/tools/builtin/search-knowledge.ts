import { z } from 'zod';
import type { KnowledgeSearchResult } from '../../knowledge/knowledge-search.ts';
import type { KnowledgeDocument, Passage } from '../../knowledge/knowledge-types.ts';
import { PASSAGE_REASONS, type PassageCandidate } from '../../knowledge/passage-ranking.ts';
import { defineTool } from '../define-tool.ts';
import { ToolError } from '../tool-error.ts';

import { KNOWLEDGE_CANDIDATES_ATTRIBUTE } from './search-knowledge-attributes.ts';

export { KNOWLEDGE_CANDIDATES_ATTRIBUTE };
const SNIPPET_CHARS = 160;
/**
 * Characters of passage text in one answer, all passages together: the observation stays under the default
 * observation limit (4,000 characters), so it is never cut mid-JSON and the chat can still read its passages.
 * A shortened passage ends with "…"; the Passage dialog shows it whole from the library.
 */
const TEXT_BUDGET = 2800;

/** A passage as the tool returns it: its label for citing, its document, page or heading, id and text. */
export interface ReturnedPassage {
  label: string;
  document: string;
  page?: number;
  heading?: string;
  passage_id: string;
  text: string;
}

/** Where a passage is in its document, as people read it: the page, or the heading path. */
function location(passage: Passage): Pick<ReturnedPassage, 'page' | 'heading'> {
  if (passage.page !== undefined) return { page: passage.page };
  return passage.headings?.length ? { heading: passage.headings.join(' › ') } : {};
}

/** The documents the call names, by file name; an unknown name is an error listing the names there are. */
export function resolveDocuments(
  names: readonly string[] | undefined,
  documents: readonly KnowledgeDocument[],
): string[] | undefined {
  if (!names || names.length === 0) return undefined;
  const byName = new Map(documents.map((document) => [document.name, document.id]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0) {
    const listed = documents.map((document) => `"${document.name}"`).join(', ');
    throw new ToolError(
      `No document named ${unknown.map((name) => `"${name}"`).join(', ')} in the library. ` +
        (documents.length === 0 ? 'The library is empty.' : `The documents are: ${listed}.`) +
        ' Leave "documents" out to search them all.',
    );
  }
  return names.map((name) => byName.get(name) as string);
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1)}…`;
}

function clip(text: string, chars: number): string {
  const characters = [...text];
  return characters.length <= chars ? text : `${characters.slice(0, chars - 1).join('')}…`;
}

const round = (value: number | undefined): number | null =>
  value === undefined ? null : Math.round(value * 1000) / 1000;

/** A candidate as the tool span keeps it. */
export function describePassageCandidate(
  candidate: PassageCandidate,
  names: ReadonlyMap<string, string>,
  label: string | undefined,
): Record<string, unknown> {
  return {
    id: candidate.passage.id,
    document: names.get(candidate.passage.documentId) ?? candidate.passage.documentId,
    ...location(candidate.passage),
    snippet: snippet(candidate.passage.text),
    fullTextScore: round(candidate.fullTextScore),
    ...(candidate.matched ? { matched: candidate.matched } : {}),
    similarity: round(candidate.similarity),
    fusedScore: Math.round(candidate.fusedScore * 1e5) / 1e5,
    rank: candidate.rank,
    kept: candidate.kept,
    reason: candidate.reason,
    why: PASSAGE_REASONS[candidate.reason],
    ...(label ? { label } : {}),
  };
}

/** The tool's answer and its span attributes, from a search (pure). */
export function presentSearch(
  query: string,
  result: KnowledgeSearchResult,
  allDocuments: readonly KnowledgeDocument[],
): { observation: Record<string, unknown>; attributes: Record<string, unknown> } {
  const names = new Map(allDocuments.map((document) => [document.id, document.name]));
  const labels = new Map(result.passages.map((passage, index) => [passage.id, `[${index + 1}]`]));
  const perPassage = Math.max(200, Math.floor(TEXT_BUDGET / Math.max(1, result.passages.length)));
  const passages: ReturnedPassage[] = result.passages.map((passage) => ({
    label: labels.get(passage.id) as string,
    document: names.get(passage.documentId) ?? passage.documentId,
    ...location(passage),
    passage_id: passage.id,
    text: clip(passage.text, perPassage),
  }));
  const semantic = result.semantic;
  return {
    observation: {
      query,
      passages,
      ...(passages.length === 0
        ? {
            message:
              allDocuments.length === 0
                ? 'The knowledge library has no documents.'
                : `No passage matches "${query}". Try other words, or fewer.`,
          }
        : { cite: 'Cite a passage by its label, e.g. [1], right after the sentence it supports.' }),
    },
    attributes: {
      'knowledge.query': query,
      'knowledge.terms': result.terms,
      'knowledge.documents': result.documents.map((document) => document.name),
      'knowledge.result_count': passages.length,
      [KNOWLEDGE_CANDIDATES_ATTRIBUTE]: result.candidates.map((candidate) =>
        describePassageCandidate(candidate, names, labels.get(candidate.passage.id)),
      ),
      ...(semantic?.status === 'ok' ? { 'knowledge.semantic': 'on', 'knowledge.embedder': semantic.embedder } : {}),
      ...(semantic?.status === 'failed'
        ? { 'knowledge.semantic': 'fell back to words only', 'knowledge.semantic_error': semantic.reason }
        : {}),
    },
  };
}

/** `search_knowledge`: the best passages of the user's Knowledge library for a query, labelled for citing. */
export const searchKnowledgeTool = defineTool({
  name: 'search_knowledge',
  description: [
    "Searches the user's Knowledge library (documents they added: PDF, Markdown, text, HTML, DOCX) and returns the",
    'best passages, each with a label such as [1], its document, its page or heading and its text. Use it when a',
    'question may be answered by those documents, then cite the passages you use by their labels, e.g. [1].',
    'Example: {"query": "trace tree compilation loops"}.',
  ].join(' '),
  schema: z.object({
    query: z.string().min(1).max(1000).describe('What to look for: keywords or a question, in any language.'),
    documents: z
      .array(z.string())
      .max(50)
      .optional()
      .describe('Only search these documents: their file names as listed in the library.'),
  }),
  async execute({ query, documents }, context) {
    const knowledge = context.knowledge;
    if (!knowledge) throw new ToolError('The knowledge library is not available here.');
    const all = await knowledge.documents();
    const documentIds = resolveDocuments(documents, all);
    const result = await knowledge.search(query.trim(), documentIds);
    const { observation, attributes } = presentSearch(query.trim(), result, all);
    context.span?.setAttributes(attributes);
    return observation;
  },
});
