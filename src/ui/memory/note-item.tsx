import { useState } from 'react';
import type { MemoryTranslate } from '../../i18n/memory.ts';
import type { Note } from '../../tools/tool-context.ts';
import { Button } from '../components/button.tsx';
import { PencilIcon, TrashIcon } from '../components/icons.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { NoteEditForm } from './note-edit-form.tsx';
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

/** One note: its text (plain, never HTML), tags and date, with inline editing and a confirmed delete. */
export function NoteItem({ note, t, locale, onUpdate, onDelete, onUpdateError, onDeleteError }: NoteItemProps) {
  const names = useNames();
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const [busy, setBusy] = useState(false);

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
        <NoteEditForm
          note={note}
          t={t}
          onSave={onUpdate}
          onDone={() => setMode('view')}
          onCancel={() => setMode('view')}
          onError={onUpdateError}
        />
      </li>
    );
  }

  return (
    <li className="group rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <p className="text-sm break-words whitespace-pre-wrap">{note.content}</p>
      <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        {note.tags.map((tag) => (
          <span
            key={tag}
            className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {tag}
          </span>
        ))}
        <span>{t('updatedAt', { date: formatDate(note.updatedAt, locale) })}</span>
        {note.sessionId !== undefined ? <span>· {t('savedByAgent')}</span> : null}
        {mode === 'view' ? (
          <span className="ml-auto flex gap-1">
            <IconButton
              label={names('Edit note')}
              title={t('edit')}
              icon={<PencilIcon />}
              onClick={() => setMode('edit')}
            />
            <IconButton
              label={names('Delete note')}
              title={t('delete')}
              icon={<TrashIcon />}
              onClick={() => setMode('confirm-delete')}
            />
          </span>
        ) : null}
      </div>
      {mode === 'confirm-delete' ? (
        <ConfirmDeleteBar busy={busy} t={t} onKeep={() => setMode('view')} onDelete={() => void remove()} />
      ) : null}
    </li>
  );
}

/** Asks before a note is deleted: Cancel keeps it (focused first), Delete removes it. */
function ConfirmDeleteBar(props: { busy: boolean; t: MemoryTranslate; onKeep: () => void; onDelete: () => void }) {
  const names = useNames();
  const { busy, t } = props;
  return (
    <div
      role="group"
      aria-label={names('Confirm deletion')}
      className="mt-2 flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <span className="flex-1">{t('confirmDelete')}</span>
      <Button
        size="sm"
        variant="ghost"
        aria-label={names('Keep note')}
        disabled={busy}
        autoFocus
        onClick={props.onKeep}
      >
        {t('cancel')}
      </Button>
      <Button size="sm" variant="danger" aria-label="Delete" disabled={busy} onClick={props.onDelete}>
        {t('confirmDeleteYes')}
      </Button>
    </div>
  );
}

function formatDate(time: number, locale: string | undefined): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
  } catch {
    return new Date(time).toISOString();
  }
}
