import { useMemo, useState } from 'react';
import { createKnowledgeSampleTranslate } from '../../i18n/knowledge-sample.ts';
import { useLanguage } from '../use-t.ts';

/**
 * The first-run offer of the demo's sample document: adds it to the Knowledge library (written by us, in the UI's
 * language) and asks the sample question, which the demo model answers with search_knowledge, citing [1]. Loaded
 * lazily with the words it needs.
 */
export function KnowledgeSampleSection({ onTry }: { onTry(text: string): void }) {
  const language = useLanguage();
  const t = useMemo(() => createKnowledgeSampleTranslate(language), [language]);
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const sampleLanguage = language === 'zh-CN' ? 'zh-CN' : 'en';
  const trySample = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const { addSampleDocument } = await import('../../store/actions/knowledge-sample-actions.ts');
      onTry(await addSampleDocument(sampleLanguage));
    } catch (error) {
      setFailure(t('sampleFailed', { error: error instanceof Error ? error.message : String(error) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-zinc-900 dark:text-zinc-50">{t('sampleTitle')}</h3>
      <p>{t('sampleBody')}</p>
      <button
        type="button"
        disabled={busy}
        className="flex w-full flex-col items-start gap-0.5 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-left text-zinc-900 hover:border-indigo-400 hover:bg-indigo-50 disabled:opacity-60 sm:w-1/2 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-indigo-400 dark:hover:bg-indigo-950/50"
        onClick={() => void trySample()}
      >
        <span>{t('sampleButton')}</span>
        <code aria-hidden="true" className="text-xs text-zinc-500 dark:text-zinc-400">
          search_knowledge
        </code>
      </button>
      {failure ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
