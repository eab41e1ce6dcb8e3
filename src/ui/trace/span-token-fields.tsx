import { useMemo } from 'react';
import { createTokenFiguresTranslate, type TokenFiguresTranslate } from '../../i18n/token-figures.ts';
import { useAppStore } from '../../store/app-store.ts';
import { ATTR, numberAttribute } from '../../trace/attributes.ts';
import { formatCost, formatTokens } from '../../trace/format.ts';
import { costOf, priceFor } from '../../trace/insights/prices.ts';
import { llmTokens, modelOf, type TokenSource } from '../../trace/insights/run-facts.ts';
import { tokenizerEncoding } from '../../trace/insights/tokenizer-family.ts';
import type { Span } from '../../trace/span.ts';
import { useLanguage } from '../use-t.ts';
import { useCountedTokens } from './use-counted-tokens.ts';

function sourceTitle(source: TokenSource, model: string, t: TokenFiguresTranslate): string {
  if (source === 'counted') return t('countedTitle', { encoding: tokenizerEncoding(model) ?? '' });
  return t(source === 'reported' ? 'reportedTitle' : 'estimatedTitle');
}

/**
 * The token and cost rows of a model call in Span details (inside their `dl`): input and output tokens, each saying
 * whether the endpoint reported them, a real tokenizer counted them or they are estimated, and the call's cost at the
 * prices in Settings (or that it has none). A chunk of its own: the tokenizer and prices load only here.
 */
export function SpanTokenFields({ span }: { span: Span }) {
  const language = useLanguage();
  const t = useMemo(() => createTokenFiguresTranslate(language), [language]);
  const prices = useAppStore((state) => state.settings.modelPrices);
  const spans = useMemo(() => [span], [span]);
  const count = useCountedTokens(spans);
  const tokens = useMemo(() => llmTokens(span, count), [span, count]);
  // A call still streaming has no figures yet: its usage (or its text to count) comes when it ends.
  if (span.status === 'running' && tokens.tokenSource !== 'reported') return null;
  const model = modelOf(span);
  const { price } = priceFor(model, prices);
  const source = t(tokens.tokenSource);
  const title = sourceTitle(tokens.tokenSource, model, t);
  const rows: Array<[string, string, string | undefined, string]> = [
    [t('inputTokens'), t('figure', { tokens: formatTokens(tokens.inputTokens), source }), title, 'span-input-tokens'],
    [
      t('outputTokens'),
      t('figure', { tokens: formatTokens(tokens.outputTokens), source }),
      title,
      'span-output-tokens',
    ],
    [t('cost'), price ? formatCost(costOf(tokens, price)) : t('noPrice'), undefined, 'span-cost'],
  ];
  // Only the endpoint reports these: a tokenizer cannot tell reasoning tokens it never saw, nor what was cached.
  const reasoning = numberAttribute(span.attributes, ATTR.llmUsageReasoningTokens);
  const cached = numberAttribute(span.attributes, ATTR.llmUsageCachedTokens);
  if (reasoning !== undefined)
    rows.splice(2, 0, [
      t('reasoningTokens'),
      t('figure', { tokens: formatTokens(reasoning), source }),
      title,
      'span-reasoning-tokens',
    ]);
  if (cached !== undefined)
    rows.splice(rows.length - 1, 0, [
      t('cachedTokens'),
      t('figure', { tokens: formatTokens(cached), source }),
      title,
      'span-cached-tokens',
    ]);
  return (
    <>
      {rows.map(([label, value, hint, testId]) => (
        <div
          key={testId}
          className="contents"
          data-token-source={testId === 'span-cost' ? undefined : tokens.tokenSource}
        >
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd className="min-w-0 break-words tabular-nums" title={hint} data-testid={testId}>
            {value}
          </dd>
        </div>
      ))}
    </>
  );
}
