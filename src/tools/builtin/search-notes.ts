import { z } from 'zod';
import { defineTool } from '../define-tool.ts';

/** `search_notes`: full-text search over the long-term notes of all sessions. */
export const searchNotesTool = defineTool({
  name: 'search_notes',
  description: [
    'Searches the long-term notes saved with save_note (from any conversation) and returns the best matches, most relevant',
    "first. Use it before answering questions about the user's preferences, people, plans or anything they asked you to",
    'remember. Use a few keywords; an empty query lists the most recent notes. Example: {"query": "allergy peanuts"}.',
  ].join(' '),
  schema: z.object({
    query: z.string().max(500).describe('Keywords to look for; words in any language.'),
    limit: z.number().int().min(1).max(20).optional().describe('How many notes to return, 1–20 (default 5).'),
  }),
  async execute({ query, limit }, context) {
    const hits = await context.notes.search(query.trim(), limit ?? 5);
    return {
      query,
      results: hits.map(({ note, score }) => ({
        id: note.id,
        content: note.content,
        tags: note.tags,
        saved_at: new Date(note.createdAt).toISOString(),
        score,
      })),
      ...(hits.length === 0
        ? { message: query.trim() ? `No notes match "${query}".` : 'There are no notes yet.' }
        : {}),
    };
  },
});
