import { englishMemory, type MemoryTranslate } from '../../i18n/memory.ts';

/** Props of {@link CompactionDivider}. */
export interface CompactionDividerProps {
  /** How many earlier messages the compaction covered. */
  count: number;
  /** The summary the model sees instead of them ('' when there is none, e.g. after the fallback). */
  summary: string;
  /** `dropped` when summarising failed and the messages were left out instead. */
  variant?: 'summarised' | 'dropped';
  t?: MemoryTranslate;
}

/**
 * A divider in the chat where the model's context was compacted: "N earlier messages summarised", with the summary
 * expandable as plain text. The messages above it stay on screen; only the model's context is shorter.
 */
export function CompactionDivider({
  count,
  summary,
  variant = 'summarised',
  t = englishMemory,
}: CompactionDividerProps) {
  const label =
    variant === 'dropped'
      ? count === 1
        ? t('dividerDroppedOne')
        : t('dividerDropped', { count })
      : count === 1
        ? t('dividerSummarisedOne')
        : t('dividerSummarised', { count });
  const englishLabel =
    variant === 'dropped'
      ? `${count} earlier ${count === 1 ? 'message' : 'messages'} left out of the context`
      : `${count} earlier ${count === 1 ? 'message' : 'messages'} summarised`;
  const text = summary.trim();

  return (
    <div
      role="group"
      aria-label={englishLabel}
      data-testid="compaction-divider"
      data-variant={variant}
      className="my-3 flex flex-col gap-1 text-xs text-zinc-500 dark:text-zinc-400"
    >
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-300 dark:bg-zinc-700" />
        <span className="font-medium">{label}</span>
        <span aria-hidden="true" className="h-px flex-1 bg-zinc-300 dark:bg-zinc-700" />
      </div>
      {text !== '' ? (
        <details className="mx-auto w-full max-w-prose rounded-md border border-zinc-200 px-2 py-1 dark:border-zinc-800">
          <summary className="cursor-pointer select-none">{t('dividerShowSummary')}</summary>
          <p className="mt-1 text-zinc-700 whitespace-pre-wrap dark:text-zinc-300">{text}</p>
          <p className="mt-1 italic">{t('dividerExplanation')}</p>
        </details>
      ) : variant === 'dropped' ? (
        <p className="text-center italic">{t('dividerNoSummary')}</p>
      ) : null}
    </div>
  );
}
