import MiniSearch from 'minisearch';
import type { Note, NoteHit } from '../tools/tool-context.ts';
import { CJK_SCRIPTS, tokenizeForSearch } from './search-tokens.ts';

export { tokenizeForSearch };

/** Options of a notes search. */
export interface NotesSearchOptions {
  /** Most hits returned; 10 by default. */
  limit?: number;
  /** Hits scoring lower are dropped; 0 by default. */
  minScore?: number;
}

/** An in-memory full-text index over notes (English and Chinese). */
export interface NotesIndex {
  /** Adds a note, or replaces the indexed version of a note with the same id. */
  add(note: Note): void;
  remove(id: string): void;
  /** Replaces everything indexed with these notes. */
  replaceAll(notes: readonly Note[]): void;
  /** Notes relevant to the query, best first. */
  search(query: string, options?: NotesSearchOptions): NoteHit[];
  /** The pinned notes, most recently updated first. */
  pinned(): Note[];
  readonly size: number;
}

const CJK_TERM = new RegExp(`^[${CJK_SCRIPTS}]+$`, 'u');

function isCjkTerm(term: string): boolean {
  return CJK_TERM.test(term);
}

interface IndexedNote {
  id: string;
  content: string;
  tags: string;
}

function toDocument(note: Note): IndexedNote {
  return { id: note.id, content: note.content, tags: note.tags.join(' ') };
}

/** Creates an empty notes index. */
export function createNotesIndex(): NotesIndex {
  const notes = new Map<string, Note>();
  const search = new MiniSearch<IndexedNote>({
    fields: ['content', 'tags'],
    idField: 'id',
    tokenize: (text) => tokenizeForSearch(text),
    processTerm: (term) => term,
    searchOptions: {
      boost: { tags: 1.5 },
      // Typo tolerance and prefixes make sense for words, not for single Chinese characters.
      prefix: (term) => !isCjkTerm(term) && term.length >= 3,
      fuzzy: (term) => (!isCjkTerm(term) && term.length >= 4 ? 0.2 : false),
      maxFuzzy: 2,
      combineWith: 'OR',
    },
  });

  const remove = (id: string): void => {
    if (!notes.delete(id)) return;
    if (search.has(id)) search.discard(id);
  };

  return {
    add(note) {
      remove(note.id);
      notes.set(note.id, note);
      search.add(toDocument(note));
    },
    remove,
    replaceAll(next) {
      notes.clear();
      search.removeAll();
      const unique = new Map(next.map((note) => [note.id, note]));
      for (const note of unique.values()) notes.set(note.id, note);
      search.addAll([...unique.values()].map(toDocument));
    },
    search(query, options = {}) {
      const limit = options.limit ?? 10;
      const minScore = options.minScore ?? 0;
      if (limit <= 0 || tokenizeForSearch(query).length === 0) return [];
      const hits: NoteHit[] = [];
      for (const result of search.search(query)) {
        if (result.score < minScore) continue;
        const note = notes.get(String(result.id));
        if (note) hits.push({ note, score: result.score });
        if (hits.length >= limit) break;
      }
      return hits;
    },
    pinned() {
      return [...notes.values()].filter((note) => note.pinned === true).sort((a, b) => b.updatedAt - a.updatedAt);
    },
    get size() {
      return notes.size;
    },
  };
}
