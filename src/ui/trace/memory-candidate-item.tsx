import { useMemo, useState } from 'react';
import type { RecallReason } from '../../context/fused-recall.ts';
import { createMemoryTranslate } from '../../i18n/memory.ts';
import { reasonKey, type MemorySpanStringKey } from '../../i18n/memory-span.ts';
import type { TextValues, Translate } from '../../i18n/translate.ts';
import { changeNote, forgetNote, pinNote } from '../../store/actions/note-actions.ts';
import type { Note } from '../../tools/tool-context.ts';
import { Button } from '../components/button.tsx';
import { NoteEditForm } from '../memory/note-edit-form.tsx';
import { useLanguage } from '../use-t.ts';

/** One candidate as the memory span recorded it (see src/context/recall-span.ts). */
export interface SpanCandidate {
  id: string;
  snippet: string;
  fullTextScore: number | null;
  similarity: number | null;
  fusedRank: number;
  kept: boolean;
  reason: RecallReason;
}

type Status = { key: MemorySpanStringKey; values?: TextValues } | undefined;
type MemorySpanTranslate = Translate<MemorySpanStringKey>;

function formatScore(value: number | null, t: MemorySpanTranslate): string {
  return value === null ? t('noScore') : String(value);
}

function failedStatus(error: unknown): Status {
  return { key: 'failed', values: { error: error instanceof Error ? error.message : String(error) } };
}

/** What the span recorded about the candidate (snippet, scores, why kept or cut) and the note's state now. */
function CandidateFacts({
  candidate,
  note,
  gone,
  t,
}: {
  candidate: SpanCandidate;
  note: Note | undefined;
  gone: boolean;
  t: MemorySpanTranslate;
}) {
  return (
    <>
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
    </>
  );
}

/** Pin or unpin, edit, forget: the actions on a note that still exists. */
function NoteActions({
  note,
  busy,
  onPin,
  onEdit,
  onForget,
  t,
}: {
  note: Note;
  busy: boolean;
  onPin(): void;
  onEdit(): void;
  onForget(): void;
  t: MemorySpanTranslate;
}) {
  return (
    <div className="mt-1.5 flex flex-wrap gap-1.5">
      <Button size="sm" aria-label={note.pinned ? t('unpinNote') : t('pinNote')} disabled={busy} onClick={onPin}>
        {note.pinned ? t('unpin') : t('pin')}
      </Button>
      <Button size="sm" aria-label={t('editNote')} disabled={busy} onClick={onEdit}>
        {t('edit')}
      </Button>
      <Button size="sm" aria-label={t('forgetNote')} disabled={busy} onClick={onForget}>
        {t('forget')}
      </Button>
    </div>
  );
}

/** The confirmation before a note is forgotten; Cancel has the focus. */
function ConfirmForget({
  busy,
  onCancel,
  onConfirm,
  t,
}: {
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
  t: MemorySpanTranslate;
}) {
  return (
    <div
      role="group"
      aria-label={t('confirmForgetGroup')}
      className="mt-1.5 flex flex-wrap items-center gap-2 rounded-md bg-red-50 p-2 text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <span className="flex-1">{t('confirmForget')}</span>
      <Button size="sm" variant="ghost" aria-label={t('keepNote')} disabled={busy} autoFocus onClick={onCancel}>
        {t('cancel')}
      </Button>
      <Button size="sm" variant="danger" aria-label={t('forgetYes')} disabled={busy} onClick={onConfirm}>
        {t('forgetYes')}
      </Button>
    </div>
  );
}

/** The note's inline editor; saving reports whether the new text could be embedded. */
function CandidateNoteEditor({
  note,
  setStatus,
  onChanged,
  onClose,
}: {
  note: Note;
  setStatus(status: Status): void;
  onChanged: () => Promise<void>;
  onClose(): void;
}) {
  const language = useLanguage();
  const memoryT = useMemo(() => createMemoryTranslate(language), [language]);
  return (
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
        onDone={onClose}
        onCancel={onClose}
        onError={(error) => setStatus(failedStatus(error))}
      />
    </div>
  );
}

/** One candidate of a memory span, with the actions on its note while the note exists. */
export function CandidateItem({
  candidate,
  note,
  loaded,
  t,
  onChanged,
}: {
  candidate: SpanCandidate;
  note: Note | undefined;
  loaded: boolean;
  t: MemorySpanTranslate;
  onChanged: () => Promise<void>;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-forget'>('view');
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<Status>) => {
    setBusy(true);
    try {
      setStatus(await work());
      await onChanged();
    } catch (error) {
      setStatus(failedStatus(error));
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
      <CandidateFacts candidate={candidate} note={note} gone={gone} t={t} />
      {note && mode === 'view' ? (
        <NoteActions
          note={note}
          busy={busy}
          onPin={() =>
            void act(async () => (await pinNote(note.id, !note.pinned), { key: note.pinned ? 'unpinned' : 'pinned' }))
          }
          onEdit={() => setMode('edit')}
          onForget={() => setMode('confirm-forget')}
          t={t}
        />
      ) : null}
      {note && mode === 'edit' ? (
        <CandidateNoteEditor note={note} setStatus={setStatus} onChanged={onChanged} onClose={() => setMode('view')} />
      ) : null}
      {note && mode === 'confirm-forget' ? (
        <ConfirmForget
          busy={busy}
          onCancel={() => setMode('view')}
          onConfirm={() =>
            void act(async () => {
              await forgetNote(note.id);
              setMode('view');
              return undefined;
            })
          }
          t={t}
        />
      ) : null}
      <p role="status" className={status ? 'mt-1 text-zinc-700 dark:text-zinc-300' : 'sr-only'}>
        {status ? t(status.key, status.values) : ''}
      </p>
    </li>
  );
}
