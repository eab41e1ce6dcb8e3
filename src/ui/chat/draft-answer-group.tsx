import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import { createPlanTranslate } from '../../i18n/plan.ts';
import { useLanguage } from '../use-t.ts';
import { Markdown } from './markdown.tsx';

/**
 * An answer the answer check superseded: a `group` named `Draft answer`, collapsed, above the revised answer. It
 * holds the claims the check found unsupported (plain text) and the draft itself (safe Markdown, like any answer).
 */
export function DraftAnswerGroup({ entry, t }: { entry: TranscriptEntry; t: ChatTranslate }) {
  const plan = createPlanTranslate(useLanguage());
  const text = entry.message.role === 'assistant' ? (entry.message.content ?? '') : '';
  const claims = entry.meta?.checkClaims ?? [];
  return (
    <details
      role="group"
      aria-label="Draft answer"
      data-entry-id={entry.id}
      data-testid="draft-answer"
      className="group/reasoning mx-4 my-2 rounded-lg border border-zinc-200 text-sm dark:border-zinc-700"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-1.5 text-zinc-600 select-none dark:text-zinc-300 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-xs transition-transform group-open/reasoning:rotate-90">
          ▶
        </span>
        <span className="font-medium">{plan('draftAnswer')}</span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{plan('draftAnswerHint')}</span>
      </summary>
      <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-700">
        {claims.length > 0 ? (
          <ul className="mb-2 list-disc pl-5 text-xs text-amber-900 dark:text-amber-100">
            {claims.map((claim) => (
              <li key={claim}>{claim}</li>
            ))}
          </ul>
        ) : null}
        <div className="text-zinc-500 dark:text-zinc-300">
          <Markdown text={text} t={t} />
        </div>
      </div>
    </details>
  );
}
