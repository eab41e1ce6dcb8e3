// What the user does to long-term notes, wherever they do it (the Memory dialog, a memory span's details): one
// mechanism, so a forgotten note loses its embedding and an edited one is embedded again the same way everywhere.
import type { Note } from '../../tools/tool-context.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { localChanged } from '../sync-hook.ts';
import { loadAgentRuntime } from './load-agent-runtime.ts';

/** What can change in a note. */
export interface NoteChange {
  content?: string;
  tags?: string[];
  pinned?: boolean;
}

/** Every note, most recently updated first. */
export function listNotes(): Promise<Note[]> {
  return services().persistence.notes.list();
}

/** Adds a note by hand. */
export async function addNote(content: string, tags: string[]): Promise<void> {
  await services().persistence.notes.add({ content, tags });
  localChanged();
}

/**
 * Changes a note; a changed text or tags is embedded again now when Semantic recall is on. Resolves to why the new
 * embedding failed (the note is saved all the same, and the next recall tries again), or undefined.
 */
export async function changeNote(id: string, change: NoteChange): Promise<string | undefined> {
  const { persistence, fetch, endpointMemory } = services();
  await persistence.notes.update(id, change);
  localChanged();
  const settings = useAppStore.getState().settings;
  if (!settings.semanticRecall || (change.content === undefined && change.tags === undefined)) return undefined;
  const runtime = await loadAgentRuntime();
  const refreshed = await runtime.refreshNoteVectors(settings, persistence, fetch, endpointMemory);
  return refreshed.ok ? undefined : refreshed.message;
}

/** Pins a note (always recalled) or unpins it. */
export async function pinNote(id: string, pinned: boolean): Promise<void> {
  await services().persistence.notes.update(id, { pinned });
  localChanged();
}

/** Forgets a note: the note and its embedding are deleted (spans that recalled it stay as they were: history). */
export async function forgetNote(id: string): Promise<void> {
  const { persistence } = services();
  await persistence.notes.remove(id);
  localChanged();
  await persistence.noteVectors.prune(new Set((await persistence.notes.list()).map((note) => note.id)));
}
