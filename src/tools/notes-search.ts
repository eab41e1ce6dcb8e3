import { containsCjk } from './cjk.ts';
import type { Note, NoteHit } from './tool-context.ts';

// Han, kana and Hangul are written without spaces, so they are indexed as single characters and overlapping pairs.
const TERM_PATTERN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;

/** Splits text into lower-case search terms: words; for Chinese/Japanese/Korean, characters and character bigrams. */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.normalize('NFKC').toLowerCase().matchAll(TERM_PATTERN)) {
    const run = match[0];
    if (!containsCjk(run)) {
      terms.push(run);
      continue;
    }
    const characters = [...run];
    terms.push(...characters);
    for (let index = 0; index + 1 < characters.length; index += 1)
      terms.push(`${characters[index]}${characters[index + 1]}`);
  }
  return terms;
}

interface IndexedNote {
  note: Note;
  termCounts: Map<string, number>;
  tagTerms: Set<string>;
}

/**
 * Ranks notes against a query: each query term found in a note (exactly, or as a word prefix of 3+ letters)
 * adds its rarity, tags count extra, and notes matching more of the query rank higher.
 * An empty query returns the most recently updated notes with score 0.
 */
export function rankNotes(notes: readonly Note[], query: string, limit: number): NoteHit[] {
  const queryTerms = [...new Set(searchTerms(query))];
  if (queryTerms.length === 0) {
    return [...notes]
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, limit)
      .map((note) => ({ note, score: 0 }));
  }
  const indexed = notes.map(indexNote);
  const totalWeight = queryTerms.reduce((sum, term) => sum + termWeight(term), 0);
  const hits: NoteHit[] = [];
  for (const entry of indexed) {
    let score = 0;
    let matchedWeight = 0;
    for (const term of queryTerms) {
      const frequency = termFrequency(entry, term);
      if (frequency === 0) continue;
      const weight = termWeight(term);
      matchedWeight += weight;
      const documents = indexed.filter((other) => termFrequency(other, term) > 0).length;
      const rarity = Math.log(1 + indexed.length / documents);
      score += weight * rarity * (1 + frequency / (frequency + 1));
      if (entry.tagTerms.has(term)) score += weight * rarity * 1.5;
    }
    if (matchedWeight === 0) continue;
    score *= matchedWeight / totalWeight;
    hits.push({ note: entry.note, score: Math.round(score * 1000) / 1000 });
  }
  return hits.sort((a, b) => b.score - a.score || b.note.updatedAt - a.note.updatedAt).slice(0, limit);
}

/** A single CJK character says less than a word or a character pair. */
function termWeight(term: string): number {
  return term.length === 1 && containsCjk(term) ? 0.5 : 1;
}

function indexNote(note: Note): IndexedNote {
  const termCounts = new Map<string, number>();
  const tagTerms = new Set(note.tags.flatMap(searchTerms));
  for (const term of [...searchTerms(note.content), ...tagTerms]) termCounts.set(term, (termCounts.get(term) ?? 0) + 1);
  return { note, termCounts, tagTerms };
}

function termFrequency(entry: IndexedNote, term: string): number {
  const exact = entry.termCounts.get(term);
  if (exact) return exact;
  if (term.length < 3 || containsCjk(term)) return 0;
  let prefixMatches = 0;
  for (const [candidate, count] of entry.termCounts) if (candidate.startsWith(term)) prefixMatches += count;
  // A prefix match ("meet" for "meeting") counts half.
  return prefixMatches / 2;
}
