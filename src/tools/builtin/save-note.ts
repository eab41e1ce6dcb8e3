import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { ToolError } from '../tool-error.ts';

/** Longest note the tool accepts. */
export const MAX_NOTE_CHARS = 4000;

/** `save_note`: stores a long-term note that every session can search. */
export const saveNoteTool = defineTool({
  name: 'save_note',
  description: [
    'Saves a note to long-term memory, shared by all conversations; relevant notes are recalled automatically later and can be',
    'found with search_notes. Use it when the user asks you to remember something, or states a lasting preference or fact',
    'about themselves. Write one self-contained fact per note (who/what, not "he" or "this"). Optional tags help grouping.',
    'Example: {"content": "The user\'s daughter Mia is allergic to peanuts.", "tags": ["family", "health"]}.',
  ].join(' '),
  schema: z.object({
    content: z.string().max(MAX_NOTE_CHARS).describe('The note text, self-contained.'),
    tags: z.array(z.string().max(50)).max(10).optional().describe('Optional short keywords, e.g. ["work", "travel"].'),
  }),
  async execute({ content, tags }, context) {
    const text = content.trim();
    if (!text) throw new ToolError('save_note needs "content": the text to remember.');
    const note = await context.notes.add({
      content: text,
      tags: normalizeTags(tags ?? []),
      sessionId: context.sessionId,
    });
    return { saved: true, id: note.id, content: note.content, tags: note.tags };
  },
});

/** Trims, lower-cases, strips leading `#` and removes empty or repeated tags. */
export function normalizeTags(tags: readonly string[]): string[] {
  const normalized = tags.map((tag) => tag.trim().replace(/^#+/, '').trim().toLowerCase()).filter(Boolean);
  return [...new Set(normalized)];
}
