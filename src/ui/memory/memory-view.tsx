import { useId, useMemo, useState, type FormEvent } from 'react';
import { englishMemory, type MemoryTranslate } from '../../i18n/memory.ts';
import type { Note } from '../../tools/tool-context.ts';
import { Button } from '../components/button.tsx';
import { NoteItem } from './note-item.tsx';
import { filterNotes, parseTags } from './note-filter.ts';
import { useNames } from '../use-t.ts';

/** Props of {@link MemoryView}. Changes are reported, not made: the caller stores them and passes new `notes`. */
export interface MemoryViewProps {
  /** The notes, in the order to show them. */
  notes: readonly Note[];
  onAdd(content: string, tags: string[]): Promise<unknown> | void;
  onUpdate(id: string, patch: { content?: string; tags?: string[] }): Promise<unknown> | void;
  onDelete(id: string): Promise<unknown> | void;
  t?: MemoryTranslate;
  /** Locale for dates; the browser's by default. */
  locale?: string;
}

const fieldClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100';

/** The Memory view: long-term notes with a search filter, an add form, inline editing and deletion with confirmation. */
export function MemoryView({ notes, onAdd, onUpdate, onDelete, t = englishMemory, locale }: MemoryViewProps) {
  const names = useNames();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const descriptionId = useId();
  const visible = useMemo(() => filterNotes(notes, query), [notes, query]);

  const report = (key: 'updateFailed' | 'deleteFailed') => (failure: unknown) =>
    setError(t(key, { error: messageOf(failure) }));

  return (
    <section
      role="region"
      aria-label="Memory"
      aria-describedby={descriptionId}
      className="flex h-full min-h-0 flex-col gap-3 p-3 text-zinc-900 dark:text-zinc-100"
    >
      <header className="flex flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2">
          <h2 className="text-base font-semibold">{t('title')}</h2>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {notes.length === 1 ? t('noteCountOne') : t('noteCount', { count: notes.length })}
          </span>
        </div>
        <p id={descriptionId} className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('description')}
        </p>
      </header>

      <AddNoteForm onAdd={onAdd} onError={setError} t={t} />

      {error !== null ? (
        <p
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}

      <input
        type="search"
        aria-label={names('Search notes')}
        placeholder={t('searchPlaceholder')}
        className={fieldClass}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />

      {visible.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          {notes.length === 0 ? t('empty') : t('noMatches', { query: query.trim() })}
        </p>
      ) : (
        <ul aria-label={names('Notes')} className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto">
          {visible.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              t={t}
              {...(locale === undefined ? {} : { locale })}
              onUpdate={async (patch) => {
                setError(null);
                await onUpdate(note.id, patch);
              }}
              onDelete={async () => {
                setError(null);
                await onDelete(note.id);
              }}
              onUpdateError={report('updateFailed')}
              onDeleteError={report('deleteFailed')}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The add form: a note's text and comma-separated tags; reports a problem (or null to clear it) through `onError`. */
function AddNoteForm({
  onAdd,
  onError,
  t,
}: {
  onAdd: MemoryViewProps['onAdd'];
  onError: (message: string | null) => void;
  t: MemoryTranslate;
}) {
  const names = useNames();
  const [content, setContent] = useState('');
  const [tags, setTags] = useState('');
  const [adding, setAdding] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (text === '') {
      onError(t('contentRequired'));
      return;
    }
    setAdding(true);
    onError(null);
    try {
      await onAdd(text, parseTags(tags));
      setContent('');
      setTags('');
    } catch (failure) {
      onError(t('addFailed', { error: messageOf(failure) }));
    } finally {
      setAdding(false);
    }
  };

  return (
    <form
      aria-label="Add note"
      className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
      onSubmit={(event) => void add(event)}
    >
      <textarea
        aria-label="New note"
        placeholder={t('newNotePlaceholder')}
        rows={3}
        className={fieldClass}
        value={content}
        disabled={adding}
        onChange={(event) => setContent(event.target.value)}
      />
      <div className="flex items-center gap-2">
        <input
          aria-label={names('Tags')}
          placeholder={t('tagsPlaceholder')}
          className={fieldClass}
          value={tags}
          disabled={adding}
          onChange={(event) => setTags(event.target.value)}
        />
        <Button
          type="submit"
          variant="primary"
          size="md"
          aria-label="Add note"
          disabled={adding || content.trim() === ''}
        >
          {t('add')}
        </Button>
      </div>
    </form>
  );
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}
