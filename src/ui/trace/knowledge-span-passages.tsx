import { useMemo } from 'react';
import { createKnowledgeCiteTranslate, type KnowledgeCiteKey } from '../../i18n/knowledge-cite.ts';
import type { PassageReason } from '../../knowledge/passage-ranking.ts';
import { KNOWLEDGE_CANDIDATES_ATTRIBUTE } from '../../tools/builtin/search-knowledge-attributes.ts';
import type { Span } from '../../trace/span.ts';
import { useLanguage } from '../use-t.ts';

/** One candidate passage as a search_knowledge span recorded it. */
interface SpanPassage {
  id: string;
  document: string;
  page?: number;
  heading?: string;
  snippet: string;
  fullTextScore: number | null;
  similarity: number | null;
  rank: number;
  kept: boolean;
  reason: PassageReason;
  label?: string;
}

function candidatesOf(span: Span): SpanPassage[] {
  const list = span.attributes[KNOWLEDGE_CANDIDATES_ATTRIBUTE];
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is SpanPassage =>
      typeof entry === 'object' && entry !== null && typeof (entry as SpanPassage).id === 'string',
  );
}

/**
 * Every candidate passage of a search_knowledge span: its document and page, its full-text score and cosine
 * similarity, its rank, and why it was kept (with the label the model cites it by) or cut.
 */
export function KnowledgeSpanPassages({ span }: { span: Span }) {
  const language = useLanguage();
  const t = useMemo(() => createKnowledgeCiteTranslate(language), [language]);
  const candidates = useMemo(() => candidatesOf(span), [span]);
  if (candidates.length === 0) return null;
  const score = (value: number | null) => (value === null ? t('noScore') : String(value));
  return (
    <section className="border-t border-zinc-200 pt-2 dark:border-zinc-800">
      <h4 className="text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">
        {t('candidatesHeading')}
      </h4>
      <ol aria-label={t('candidatesHeading')} className="mt-1.5 flex flex-col gap-1.5">
        {candidates.map((candidate) => (
          <li
            key={candidate.id}
            data-kept={candidate.kept ? 'true' : 'false'}
            className={`rounded-md border p-2 text-xs ${candidate.kept ? 'border-indigo-300 dark:border-indigo-700' : 'border-zinc-200 dark:border-zinc-800'}`}
          >
            <p className="font-medium break-all">
              {candidate.label ? `${candidate.label} ` : ''}
              {candidate.document}
              {candidate.page !== undefined ? ` · ${t('page', { page: candidate.page })}` : ''}
              {candidate.heading ? ` · ${candidate.heading}` : ''}
            </p>
            <p className="break-words whitespace-pre-wrap">{candidate.snippet}</p>
            <p className="mt-0.5 text-zinc-600 tabular-nums dark:text-zinc-400">
              {t('candidateScores', {
                fullText: score(candidate.fullTextScore),
                cosine: score(candidate.similarity),
                rank: candidate.rank,
              })}
            </p>
            <p
              className={candidate.kept ? 'text-emerald-800 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400'}
            >
              {t(`reason.${candidate.reason}` as KnowledgeCiteKey)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
