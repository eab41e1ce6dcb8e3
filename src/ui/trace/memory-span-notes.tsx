import { useCallback, useEffect, useMemo, useState } from 'react';
import { CONTEXT_ATTRIBUTE } from '../../context/context-attributes.ts';
import { createMemorySpanTranslate } from '../../i18n/memory-span.ts';
import { listNotes } from '../../store/actions/note-actions.ts';
import type { Note } from '../../tools/tool-context.ts';
import type { Span } from '../../trace/span.ts';
import { useLanguage } from '../use-t.ts';
import { CandidateItem, type SpanCandidate } from './memory-candidate-item.tsx';

function candidatesOf(span: Span): SpanCandidate[] {
  const ranked = span.attributes[CONTEXT_ATTRIBUTE.memoryRanked];
  if (!Array.isArray(ranked)) return [];
  return ranked.filter(
    (entry): entry is SpanCandidate =>
      typeof entry === 'object' && entry !== null && typeof (entry as SpanCandidate).id === 'string',
  );
}

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
