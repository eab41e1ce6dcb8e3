// Which `[n]` of an answer are citations: those matching a passage `search_knowledge` returned in the same run
// (pure; the chat turns them into buttons, the exports into a sources list). A `[n]` that matches nothing returned
// stays plain text.
import type { TranscriptEntry } from '../agent/transcript.ts';

/** A passage an answer can cite, as `search_knowledge` returned it. */
export interface CitedPassage {
  /** `[1]`, `[2]`, … */
  label: string;
  document: string;
  page?: number;
  heading?: string;
  passageId: string;
  text: string;
}

/** The citable passages of one run, by label (`[1]`). */
export type RunCitations = ReadonlyMap<string, CitedPassage>;

function readPassage(value: unknown): CitedPassage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const { label, document, page, heading, passage_id: passageId, text } = record;
  if (typeof label !== 'string' || !/^\[\d+\]$/u.test(label)) return undefined;
  if (typeof document !== 'string' || typeof passageId !== 'string' || typeof text !== 'string') return undefined;
  return {
    label,
    document,
    passageId,
    text,
    ...(typeof page === 'number' && Number.isInteger(page) && page > 0 ? { page } : {}),
    ...(typeof heading === 'string' ? { heading } : {}),
  };
}

/** The passages of one `search_knowledge` result (its observation text); none when it is not one. */
export function passagesOfResult(content: string): CitedPassage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  const list = typeof parsed === 'object' && parsed !== null ? (parsed as { passages?: unknown }).passages : undefined;
  return Array.isArray(list) ? list.map(readPassage).filter((passage) => passage !== undefined) : [];
}

/**
 * The citable passages of each run, by run id: every successful `search_knowledge` result in the run, a later
 * search's label replacing an earlier one's (the model cites the labels it saw last).
 */
export function citationsByRun(entries: readonly TranscriptEntry[]): Map<string, RunCitations> {
  const runs = new Map<string, Map<string, CitedPassage>>();
  for (const entry of entries) {
    const message = entry.message;
    if (message.role !== 'tool' || entry.meta?.toolName !== 'search_knowledge') continue;
    if (entry.meta.toolStatus !== undefined && entry.meta.toolStatus !== 'ok') continue;
    const passages = passagesOfResult(message.content);
    if (passages.length === 0) continue;
    let run = runs.get(entry.runId);
    if (!run) {
      run = new Map();
      runs.set(entry.runId, run);
    }
    for (const passage of passages) run.set(passage.label, passage);
  }
  return runs;
}

/** A piece of answer text: plain text, or a `[n]` that cites a returned passage. */
export type CitationPiece = { text: string } | { text: string; citation: CitedPassage };

const CITATION = /\[(\d{1,3})\]/gu;

/** Splits text at its citations: each `[n]` matching a passage of `citations` becomes a citation piece. */
export function splitCitations(text: string, citations: RunCitations | undefined): CitationPiece[] {
  if (!citations || citations.size === 0 || !text.includes('[')) return [{ text }];
  const pieces: CitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION)) {
    const citation = citations.get(match[0]);
    if (!citation) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index) });
    pieces.push({ text: match[0], citation });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** The passages an answer cites, in the order first cited (for a sources list). */
export function citedSources(text: string, citations: RunCitations | undefined): CitedPassage[] {
  const cited = new Map<string, CitedPassage>();
  for (const piece of splitCitations(text, citations))
    if ('citation' in piece && !cited.has(piece.citation.label)) cited.set(piece.citation.label, piece.citation);
  return [...cited.values()];
}

/** Where a cited passage is, in English: `tracemonkey.pdf, page 3` or `guide.md › Install`. */
export function sourceLine(passage: CitedPassage): string {
  const where = passage.page !== undefined ? `, page ${passage.page}` : passage.heading ? ` › ${passage.heading}` : '';
  return `${passage.label} ${passage.document}${where}`;
}
