import { useMemo } from 'react';
import { createLocalModelTranslate } from '../../i18n/local-model.ts';
import { ATTR, numberAttribute, stringAttribute } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';
import { useLanguage } from '../use-t.ts';
import { Field } from './span-details-summary.tsx';

/** The rows a run of the in-browser model adds to Span details: speed in tok/s, file, quantisation, threads, context. */
export function LocalRunFields({ span }: { span: Span }) {
  const language = useLanguage();
  const t = useMemo(() => createLocalModelTranslate(language), [language]);
  const a = span.attributes;
  const file = stringAttribute(a, ATTR.llmLocalFile);
  if (file === undefined) return null;
  const generation = numberAttribute(a, ATTR.llmLocalGenerationTokensPerSecond);
  const prompt = numberAttribute(a, ATTR.llmLocalPromptTokensPerSecond);
  const threads = numberAttribute(a, ATTR.llmLocalThreads);
  const context = numberAttribute(a, ATTR.llmLocalContextSize);
  const rows: Array<[string, string | undefined]> = [
    [
      t('speed'),
      generation === undefined && prompt === undefined
        ? undefined
        : t('speedValue', { generation: generation ?? '–', prompt: prompt ?? '–' }),
    ],
    [t('file'), file],
    [t('quantisation'), stringAttribute(a, ATTR.llmLocalQuantisation)],
    [t('threads'), threads === undefined ? undefined : String(threads)],
    [t('contextSize'), context === undefined ? undefined : t('contextValue', { tokens: context })],
  ];
  return (
    <>
      {rows.map(([label, value]) =>
        value === undefined ? null : (
          <Field key={label} label={label}>
            <span data-testid={label === t('speed') ? 'span-local-speed' : undefined}>{value}</span>
          </Field>
        ),
      )}
    </>
  );
}
