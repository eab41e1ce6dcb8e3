import { ATTR } from '../trace/attributes.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import { CONTEXT_ATTRIBUTE } from './context-attributes.ts';
import { RECALL_REASONS, type RecallCandidate, type SemanticStatus } from './fused-recall.ts';
import {
  formatRecalledNotes,
  noteSnippet,
  recallNotes,
  recallQuery,
  type NotesSearcher,
  type RecallOptions,
} from './memory-recall.ts';

const SNIPPET_CHARS = 160;

/**
 * Recalls notes for a user message inside a `memory` span (query, hits with ids, scores and snippets) and returns
 * the system-prompt section ('' when nothing relevant was found). A failing search is an error span, not a failed run.
 */
export async function recallWithSpan(input: {
  searcher: NotesSearcher;
  text: string;
  parent: SpanHandle;
  tracer: Tracer;
  recallOptions?: RecallOptions;
  /** Recall by meaning failed and fell back to words only (once per recall): for a notice in the chat. */
  onSemanticFallback?: (semantic: Extract<SemanticStatus, { status: 'failed' }>) => void;
  /** The tracer's clock: the span is opened once recall knows it has something to show, but covers all of it. */
  now?: () => number;
}): Promise<string> {
  const query = recallQuery(input.text);
  const startTime = input.now?.();
  let result: Awaited<ReturnType<typeof recallNotes>>;
  try {
    result = await recallNotes(input.searcher, input.text, input.recallOptions);
  } catch (error) {
    const failed = startMemorySpan(input, query, startTime);
    failed.end('error', {
      type: 'recall-failed',
      message: `The notes could not be searched: ${error instanceof Error ? error.message : String(error)}`,
    });
    return '';
  }
  const failedSemantic = result.semantic?.status === 'failed' ? result.semantic : undefined;
  if (failedSemantic) input.onSemanticFallback?.(failedSemantic);
  // Nothing matched the message (and nothing to explain): no span, so sessions without notes keep a plain tree.
  if (result.ranked.length === 0 && !failedSemantic) return '';
  const span = startMemorySpan(input, query, startTime);
  const hits = result.hits.map((hit) => ({
    id: hit.note.id,
    score: Math.round(hit.score * 1000) / 1000,
    snippet: noteSnippet(hit.note.content, SNIPPET_CHARS),
    ...(hit.note.tags.length > 0 ? { tags: [...hit.note.tags] } : {}),
  }));
  span.setAttributes({
    [CONTEXT_ATTRIBUTE.memoryHits]: hits,
    [ATTR.memoryResults]: hits,
    [ATTR.memoryResultCount]: hits.length,
    [CONTEXT_ATTRIBUTE.memoryCandidates]: result.candidates.length,
    [CONTEXT_ATTRIBUTE.memoryThreshold]: Math.round(result.threshold * 1000) / 1000,
    [CONTEXT_ATTRIBUTE.memoryRanked]: result.ranked.map(describeCandidate),
    ...(result.semantic?.status === 'ok'
      ? { [CONTEXT_ATTRIBUTE.memorySemantic]: 'on', [CONTEXT_ATTRIBUTE.memoryEmbedder]: result.semantic.embedder }
      : {}),
    ...(failedSemantic
      ? {
          [CONTEXT_ATTRIBUTE.memorySemantic]: 'fell back to words only',
          [CONTEXT_ATTRIBUTE.memorySemanticError]: failedSemantic.reason,
        }
      : {}),
  });
  span.end('ok');
  return formatRecalledNotes(result.hits, input.recallOptions);
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/** A candidate as the span keeps it: id, snippet, every score, the fused rank, and kept or cut and why. */
function describeCandidate(candidate: RecallCandidate): Record<string, unknown> {
  return {
    id: candidate.note.id,
    snippet: noteSnippet(candidate.note.content, SNIPPET_CHARS),
    fullTextScore: candidate.fullTextScore === undefined ? null : round(candidate.fullTextScore),
    similarity: candidate.similarity === undefined ? null : round(candidate.similarity),
    fusedRank: candidate.fusedRank,
    fusedScore: Math.round(candidate.fusedScore * 1e5) / 1e5,
    kept: candidate.kept,
    reason: candidate.reason,
    why: RECALL_REASONS[candidate.reason],
    ...(candidate.note.pinned ? { pinned: true } : {}),
  };
}

function startMemorySpan(
  input: { text: string; parent: SpanHandle; tracer: Tracer },
  query: string,
  startTime: number | undefined,
): SpanHandle {
  return input.tracer.startSpan({
    ...(startTime === undefined ? {} : { startTime }),
    kind: 'memory',
    name: query === '' ? 'nothing to search for' : `recall “${query.length > 60 ? `${query.slice(0, 59)}…` : query}”`,
    parent: input.parent,
    attributes: { [ATTR.memoryQuery]: query, [CONTEXT_ATTRIBUTE.memoryMessage]: noteSnippet(input.text, 500) },
  });
}
