import type { Note, NotesStore } from '../tools/tool-context.ts';
import type { SummaryConsolidation } from './prepare-context.ts';

/** The tag that marks a note as a session's consolidated history. */
export const CONSOLIDATED_TAG = 'consolidated';

/** The notes a consolidation reads and writes. */
export interface ConsolidationNotes {
  add: NotesStore['add'];
  list(): Promise<Note[]>;
  remove(id: string): Promise<unknown>;
}

/**
 * Keeps a session's compaction summary as a long-term note, tagged `consolidated` and linked to the session. A later
 * compaction's summary merges the earlier one, so it replaces the session's previous consolidated note instead of
 * repeating it; a note the user deleted is simply written anew at the next compaction.
 */
export function consolidationNotes(notes: ConsolidationNotes, sessionId: string): SummaryConsolidation {
  return {
    save: async (summary) => {
      const earlier = (await notes.list()).filter(
        (note) => note.sessionId === sessionId && note.tags.includes(CONSOLIDATED_TAG),
      );
      const note = await notes.add({ content: summary.text, tags: [CONSOLIDATED_TAG], sessionId });
      for (const old of earlier) await notes.remove(old.id);
      return { noteId: note.id };
    },
  };
}
