// Splits a document's blocks (paragraphs with their page or heading path) into passages of about TARGET characters
// that end at a paragraph or sentence boundary and never span two pages or two sections.

/** A paragraph of a parsed document, where it sits: its page (PDF) or its heading path (Markdown, HTML, DOCX). */
export interface TextBlock {
  text: string;
  page?: number;
  headings?: string[];
}

/** A passage before it belongs to a stored document (no id yet). */
export interface PassageDraft {
  text: string;
  page?: number;
  headings?: string[];
}

/** About how long a passage is; a paragraph that fits is never cut. */
export const PASSAGE_TARGET_CHARS = 1_000;
/** A sentence longer than this (a table, a list without stops) is cut at the last space or character before it. */
const HARD_LIMIT_CHARS = 1_500;

const sentences = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** The sentences of a paragraph (Unicode sentence breaks: `.`, `?`, `!`, `。`, `！`, `？`…), each with its spacing. */
export function splitSentences(text: string): string[] {
  return Array.from(sentences.segment(text), (part) => part.segment);
}

/** Cuts a run with no sentence end into pieces of at most HARD_LIMIT_CHARS, at a space where there is one. */
function hardCut(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > HARD_LIMIT_CHARS) {
    const space = rest.lastIndexOf(' ', HARD_LIMIT_CHARS);
    // Never split a surrogate pair when a CJK run has no spaces to cut at.
    let cut = space > HARD_LIMIT_CHARS / 2 ? space + 1 : HARD_LIMIT_CHARS;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** A paragraph longer than the target, as pieces of whole sentences of about the target length. */
function splitLongParagraph(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of splitSentences(text).flatMap(hardCut)) {
    if (current && current.length + sentence.length > PASSAGE_TARGET_CHARS) {
      pieces.push(current.trim());
      current = '';
    }
    current += sentence;
  }
  if (current.trim()) pieces.push(current.trim());
  return pieces;
}

function samePlace(a: TextBlock, b: TextBlock): boolean {
  return a.page === b.page && (a.headings ?? []).join('\u0000') === (b.headings ?? []).join('\u0000');
}

function draft(text: string, place: TextBlock): PassageDraft {
  const passage: PassageDraft = { text };
  if (place.page !== undefined) passage.page = place.page;
  if (place.headings && place.headings.length > 0) passage.headings = [...place.headings];
  return passage;
}

/**
 * Groups paragraphs into passages of about PASSAGE_TARGET_CHARS: consecutive paragraphs of the same page or
 * section join (with a blank line) while they fit; a longer paragraph is cut between sentences.
 */
export function splitPassages(blocks: Iterable<TextBlock>): PassageDraft[] {
  const passages: PassageDraft[] = [];
  let current: string[] = [];
  let length = 0;
  let place: TextBlock | undefined;
  const flush = () => {
    if (place && current.length > 0) passages.push(draft(current.join('\n\n'), place));
    current = [];
    length = 0;
  };
  for (const block of blocks) {
    const text = block.text.trim();
    if (!text) continue;
    if (!place || !samePlace(place, block)) {
      flush();
      place = block;
    }
    const pieces = text.length > PASSAGE_TARGET_CHARS ? splitLongParagraph(text) : [text];
    for (const piece of pieces) {
      if (length > 0 && length + piece.length + 2 > PASSAGE_TARGET_CHARS) flush();
      current.push(piece);
      length += piece.length + (length > 0 ? 2 : 0);
    }
  }
  flush();
  return passages;
}
