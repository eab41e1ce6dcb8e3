import { useCallback, useEffect, useMemo, useState } from 'react';
import { CONTEXT_ATTRIBUTE } from '../../context/context-attributes.ts';
import type { RecallReason } from '../../context/fused-recall.ts';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import { createMemorySpanTranslate, reasonKey, type MemorySpanStringKey } from '../../i18n/memory-span.ts';
import type { TextValues, Translate } from '../../i18n/translate.ts';
import { changeNote, forgetNote, listNotes, pinNote } from '../../store/actions/note-actions.ts';
import type { Note } from '../../tools/tool-context.ts';
import type { Span } from '../../trace/span.ts';
import { Button } from '../components/button.tsx';
import { NoteEditForm } from '../memory/note-edit-form.tsx';
import { useLanguage } from '../use-t.ts';

/** One candidate as the memory span recorded it (see src/context/recall-span.ts). */
interface SpanCandidate {
  id: string;
  snippet: string;
  fullTextScore: number | null;
  similarity: number | null;
  fusedRank: number;
  kept: boolean;
  reason: RecallReason;
}

function candidatesOf(span: Span): SpanCandidate[] {
  const ranked = span.attributes[CONTEXT_ATTRIBUTE.memoryRanked];
  if (!Array.isArray(ranked)) return [];
  return ranked.filter(
    (entry): entry is SpanCandidate =>
      typeof entry === 'object' && entry !== null && typeof (entry as SpanCandidate).id === 'string',
  );
}

type Status = { key: MemorySpanStringKey; values?: TextValues } | undefined;

/**
 * The candidate notes of a memory span with their scores and why each was kept or cut, and for each note that still
 * exists: pin or unpin it, edit it inline, or forget it (confirmed). The span is history and never changes; what is
 * shown beside it is the note as it is now (forgotten, pinned).
 */
export function MemorySpanNotes({ span }: { span: Span }) {
  const language = useLanguage();
  const t = useMemo(() => createMemorySpanTranslate(language), [language]);
  const candidates = useMemo(() => candidatesOf(span), [span]);
  const [notes, setNotes] = useState<Map<string, Note>>();
  const [failure, setFailure] = useState<string>();

  const reload = useCallback(async () => {
    try {
      setNotes(new Map((await listNotes()).map((note) => [note.id, note])));
    } catch (error) {
      setFailure(t('failed', { error: error instanceof Error ? error.message : String(error) }));
    }
  }, [t]);

  useEffect(() => {
    const timer = setTimeout(() => void reload(), 0);
    return () => clearTimeout(timer);
  }, [reload]);

  if (candidates.length === 0) return null;
  return (
    <section className="border-t border-zinc-200 pt-2 dark:border-zinc-800">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">{t('heading')}</h4>
      {failure ? (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
      {notes === undefined ? <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('loading')}</p> : null}
      <ol aria-label={t('listLabel')} className="mt-1.5 flex flex-col gap-1.5">
        {candidates.map((candidate) => (
          <CandidateItem
            key={candidate.id}
            candidate={candidate}
            note={notes?.get(candidate.id)}
            loaded={notes !== undefined}
            t={t}
            onChanged={reload}
          />
        ))}
      </ol>
    </section>
  );
}

function formatScore(value: number | null, t: Translate<MemorySpanStringKey>): string {
  return value === null ? t('noScore') : String(value);
}

function CandidateItem({
  candidate,
  note,
  loaded,
  t,
  onChanged,
}: {
  candidate: SpanCandidate;
  note: Note | undefined;
  loaded: boolean;
  t: Translate<MemorySpanStringKey>;
  onChanged: () => Promise<void>;
}) {
  const language = useLanguage();
  const memoryT = useMemo(() => createMemoryTranslate(language), [language]);
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-forget'>('view');
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<Status>) => {
    setBusy(true);
    try {
      setStatus(await work());
      await onChanged();
    } catch (error) {
      setStatus({ key: 'failed', values: { error: error instanceof Error ? error.message : String(error) } });
    } finally {
      setBusy(false);
    }
  };

  const gone = loaded && note === undefined;
  return (
    <li
      aria-label={candidate.snippet}
      data-note-state={gone ? 'forgotten' : note?.pinned ? 'pinned' : 'kept'}
      className={`rounded-md border p-2 text-xs ${candidate.kept ? 'border-indigo-300 dark:border-indigo-700' : 'border-zinc-200 dark:border-zinc-800'}`}
    >
      <p className={`break-words whitespace-pre-wrap ${gone ? 'text-zinc-500 dark:text-zinc-400' : ''}`}>
        {candidate.snippet}
      </p>
      <p className="mt-0.5 text-zinc-600 tabular-nums dark:text-zinc-400">
        {t('scores', {
          fullText: formatScore(candidate.fullTextScore, t),
          cosine: formatScore(candidate.similarity, t),
          rank: candidate.fusedRank,
        })}
      </p>
      <p className={candidate.kept ? 'text-emerald-800 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400'}>
        {t(reasonKey(candidate.reason))}
        {note?.pinned ? (
          <span className="ml-1.5 rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {t('pinnedBadge')}
          </span>
        ) : null}
      </p>
      {gone ? <p className="mt-1 text-zinc-600 dark:text-zinc-400">{t('forgotten')}</p> : null}
      {note && mode === 'view' ? (
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          <Button
            size="sm"
            aria-label={note.pinned ? t('unpinNote') : t('pinNote')}
            disabled={busy}
            onClick={() =>
              void act(async () => (await pinNote(note.id, !note.pinned), { key: note.pinned ? 'unpinned' : 'pinned' }))
            }
          >
            {note.pinned ? t('unpin') : t('pin')}
          </Button>
          <Button size="sm" aria-label={t('editNote')} disabled={busy} onClick={() => setMode('edit')}>
            {t('edit')}
          </Button>
          <Button size="sm" aria-label={t('forgetNote')} disabled={busy} onClick={() => setMode('confirm-forget')}>
            {t('forget')}
          </Button>
        </div>
      ) : null}
      {note && mode === 'edit' ? (
        <div className="mt-1.5">
          <NoteEditForm
            note={note}
            t={memoryT}
            onSave={async (patch) => {
              const embeddingFailure = await changeNote(note.id, patch);
              setStatus(
                embeddingFailure === undefined
                  ? { key: 'saved' }
                  : { key: 'savedNotEmbedded', values: { reason: embeddingFailure } },
              );
              await onChanged();
            }}
            onDone={() => setMode('view')}
            onCancel={() => setMode('view')}
            onError={(error) =>
              setStatus({ key: 'failed', values: { error: error instanceof Error ? error.message : String(error) } })
            }
          />
        </div>
      ) : null}
      {note && mode === 'confirm-forget' ? (
        <div
          role="group"
          aria-label={t('confirmForgetGroup')}
          className="mt-1.5 flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2 text-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <span className="flex-1">{t('confirmForget')}</span>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('keepNote')}
            disabled={busy}
            autoFocus
            onClick={() => setMode('view')}
          >
            {t('cancel')}
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={t('forgetYes')}
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await forgetNote(note.id);
                setMode('view');
                return undefined;
              })
            }
          >
            {t('forgetYes')}
          </Button>
        </div>
      ) : null}
      <p role="status" className={status ? 'mt-1 text-zinc-700 dark:text-zinc-300' : 'sr-only'}>
        {status ? t(status.key, status.values) : ''}
      </p>
    </li>
  );
}
