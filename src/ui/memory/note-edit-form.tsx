import { useState, type FormEvent } from 'react';
import type { MemoryTranslate } from '../../i18n/memory.ts';
import type { Note } from '../../tools/tool-context.ts';
import { Button } from '../components/button.tsx';
import { parseTags } from './note-filter.ts';
import { useNames } from '../use-t.ts';

/** What an edit changes: the text, the tags, or both. */
export type NoteEditPatch = { content?: string; tags?: string[] };

/** Props of {@link NoteEditForm}. */
export interface NoteEditFormProps {
  note: Pick<Note, 'content' | 'tags'>;
  t: MemoryTranslate;
  /** Stores the change; rejects when it could not be saved. */
  onSave(patch: NoteEditPatch): Promise<void>;
  /** Saved, or nothing to save. */
  onDone(): void;
  onCancel(): void;
  onError(error: unknown): void;
}

const fieldClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

/** The inline editor of a note (the Memory dialog's and a memory span's): its text and tags, Save and Cancel. */
export function NoteEditForm({ note, t, onSave, onDone, onCancel, onError }: NoteEditFormProps) {
  const names = useNames();
  const [content, setContent] = useState(note.content);
  const [tags, setTags] = useState(note.tags.join(', '));
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (text === '') return;
    const nextTags = parseTags(tags);
    const patch = {
      ...(text === note.content ? {} : { content: text }),
      ...(sameTags(nextTags, note.tags) ? {} : { tags: nextTags }),
    };
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    setBusy(true);
    try {
      await onSave(patch);
      onDone();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-label={names('Edit note')} className="flex flex-col gap-2" onSubmit={(event) => void save(event)}>
      <textarea
        aria-label={names('Note text')}
        rows={4}
        className={fieldClass}
        value={content}
        disabled={busy}
        autoFocus
        onChange={(event) => setContent(event.target.value)}
      />
      <input
        aria-label={names('Note tags')}
        placeholder={t('tagsPlaceholder')}
        className={fieldClass}
        value={tags}
        disabled={busy}
        onChange={(event) => setTags(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" aria-label={names('Cancel editing')} disabled={busy} onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          type="submit"
          aria-label={names('Save note')}
          disabled={busy || content.trim() === ''}
        >
          {t('save')}
        </Button>
      </div>
    </form>
  );
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
