import { ATTR } from '../trace/attributes.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import { CONTEXT_ATTRIBUTE } from './context-attributes.ts';
import { formatRecalledNotes, noteSnippet, recallNotes, recallQuery, type NotesSearcher, type RecallOptions } from './memory-recall.ts';

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
}): Promise<string> {
  const query = recallQuery(input.text);
  let result: Awaited<ReturnType<typeof recallNotes>>;
  try {
    result = await recallNotes(input.searcher, input.text, input.recallOptions);
  } catch (error) {
    const failed = startMemorySpan(input, query);
    failed.end('error', { type: 'recall-failed', message: `The notes could not be searched: ${error instanceof Error ? error.message : String(error)}` });
    return '';
  }
  // No note matched any word of the message: no span, so sessions without notes keep a plain run → llm → tool tree.
  if (result.candidates.length === 0) return '';
  const span = startMemorySpan(input, query);
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
  });
  span.end('ok');
  return formatRecalledNotes(result.hits, input.recallOptions);
}

function startMemorySpan(input: { text: string; parent: SpanHandle; tracer: Tracer }, query: string): SpanHandle {
  return input.tracer.startSpan({
    kind: 'memory',
    name: query === '' ? 'nothing to search for' : `recall “${query.length > 60 ? `${query.slice(0, 59)}…` : query}”`,
    parent: input.parent,
    attributes: { [ATTR.memoryQuery]: query, [CONTEXT_ATTRIBUTE.memoryMessage]: noteSnippet(input.text, 500) },
  });
}
