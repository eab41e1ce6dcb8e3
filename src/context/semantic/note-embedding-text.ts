import type { Note } from '../../tools/tool-context.ts';

/** What is embedded of a note: its text and its tags. */
export function noteEmbeddingText(note: Pick<Note, 'content' | 'tags'>): string {
  return note.tags.length > 0 ? `${note.content}\n${note.tags.join(', ')}` : note.content;
}

/** A hash of a text (FNV-1a and the length): a stored vector whose hash differs from its note's is stale. */
export function embeddingTextHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${text.length.toString(36)}.${hash.toString(36)}`;
}

/** The hash of what is embedded of a note: its vector is current when the stored `textHash` equals it. */
export function noteTextHash(note: Pick<Note, 'content' | 'tags'>): string {
  return embeddingTextHash(noteEmbeddingText(note));
}
