import { useState, type FormEvent } from 'react';
import type { MemoryTranslate } from '../../i18n/memory.ts';
import type { Note } from '../../tools/tool-context.ts';
import { Button } from '../components/button.tsx';
import { PencilIcon, TrashIcon } from '../components/icons.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { parseTags } from './note-filter.ts';
import { useNames } from '../use-t.ts';

/** Props of {@link NoteItem}. */
export interface NoteItemProps {
  note: Note;
  t: MemoryTranslate;
  locale?: string;
  onUpdate(patch: { content?: string; tags?: string[] }): Promise<void>;
  onDelete(): Promise<void>;
  onUpdateError(error: unknown): void;
  onDeleteError(error: unknown): void;
}

const fieldClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

/** One note: its text (plain, never HTML), tags and date, with inline editing and a confirmed delete. */
export function NoteItem({ note, t, locale, onUpdate, onDelete, onUpdateError, onDeleteError }: NoteItemProps) {
  const names = useNames();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const [content, setContent] = useState(note.content);
  const [tags, setTags] = useState(note.tags.join(', '));
  const [busy, setBusy] = useState(false);

  const startEditing = () => {
    setContent(note.content);
    setTags(note.tags.join(', '));
    setMode('edit');
  };

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
      setMode('view');
      return;
    }
    setBusy(true);
    try {
      await onUpdate(patch);
      setMode('view');
    } catch (error) {
      onUpdateError(error);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      await onDelete();
    } catch (error) {
      onDeleteError(error);
      setMode('view');
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'edit') {
    return (
      <li className="rounded-md border border-indigo-300 p-2 dark:border-indigo-700">
        <form aria-label={names('Edit note')} className="flex flex-col gap-2" onSubmit={(event) => void save(event)}>
          <textarea aria-label={names('Note text')} rows={4} className={fieldClass} value={content} disabled={busy} autoFocus onChange={(event) => setContent(event.target.value)} />
          <input aria-label={names('Note tags')} placeholder={t('tagsPlaceholder')} className={fieldClass} value={tags} disabled={busy} onChange={(event) => setTags(event.target.value)} />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" aria-label={names('Cancel editing')} disabled={busy} onClick={() => setMode('view')}>
              {t('cancel')}
            </Button>
            <Button size="sm" variant="primary" type="submit" aria-label={names('Save note')} disabled={busy || content.trim() === ''}>
              {t('save')}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="group rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <p className="text-sm break-words whitespace-pre-wrap">{note.content}</p>
      <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        {note.tags.map((tag) => (
          <span key={tag} className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
            {tag}
          </span>
        ))}
        <span>{t('updatedAt', { date: formatDate(note.updatedAt, locale) })}</span>
        {note.sessionId !== undefined ? <span>· {t('savedByAgent')}</span> : null}
        {mode === 'view' ? (
          <span className="ml-auto flex gap-1">
            <IconButton label={names('Edit note')} title={t('edit')} icon={<PencilIcon />} onClick={startEditing} />
            <IconButton label={names('Delete note')} title={t('delete')} icon={<TrashIcon />} onClick={() => setMode('confirm-delete')} />
          </span>
        ) : null}
      </div>
      {mode === 'confirm-delete' ? (
        <div role="group" aria-label={names('Confirm deletion')} className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          <span className="flex-1">{t('confirmDelete')}</span>
          <Button size="sm" variant="ghost" aria-label={names('Keep note')} disabled={busy} autoFocus onClick={() => setMode('view')}>
            {t('cancel')}
          </Button>
          <Button size="sm" variant="danger" aria-label="Delete" disabled={busy} onClick={() => void remove()}>
            {t('confirmDeleteYes')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}

function formatDate(time: number, locale: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  } catch {
    return new Date(time).toISOString();
  }
}
