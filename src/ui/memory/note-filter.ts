import type { Note } from '../../tools/tool-context.ts';

/** Notes whose text or tags contain every word of the query (case-insensitive; Chinese matched as written). */
export function filterNotes(notes: readonly Note[], query: string): Note[] {
  const words = query.normalize('NFKC').toLowerCase().split(/\s+/u).filter(Boolean);
  if (words.length === 0) return [...notes];
  return notes.filter((note) => {
    const haystack = `${note.content}\n${note.tags.join(' ')}`.normalize('NFKC').toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Tags typed into a field: split at commas (also `，` and `、`), trimmed, without empties or repeats. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、]/u)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}
