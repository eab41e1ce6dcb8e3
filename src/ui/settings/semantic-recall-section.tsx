import { lazy, Suspense, useState } from 'react';
import { DEMO_PROVIDER } from '../../config/settings.ts';
import { LOCAL_PROVIDER } from '../../model/local/local-provider.ts';
import { createSemanticRecallTranslate } from '../../i18n/semantic-recall.ts';
import { testEmbeddings } from '../../store/actions/embedding-actions.ts';
import { useLanguage } from '../use-t.ts';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, type SettingsTabProps } from './settings-fields.tsx';

const LocalEmbeddingPicker = lazy(() => import('./local-model/local-embedding-picker.tsx'));

type Probe =
  { state: 'idle' } | { state: 'testing' } | { state: 'ok'; text: string } | { state: 'failed'; text: string };

/** Semantic recall: the switch, the embedding model (or the demo's labelled local embedder) and a probe. */
export function SemanticRecallSection({ draft, update }: Pick<SettingsTabProps, 'draft' | 'update'>) {
  const t = createSemanticRecallTranslate(useLanguage());
  const [probe, setProbe] = useState<Probe>({ state: 'idle' });
  const isDemo = draft.provider === DEMO_PROVIDER;
  const isLocal = draft.provider === LOCAL_PROVIDER;
  const runProbe = async () => {
    setProbe({ state: 'testing' });
    const result = await testEmbeddings(draft);
    setProbe(
      result.ok
        ? { state: 'ok', text: t('testOk', { model: result.model, dimensions: result.dimensions }) }
        : { state: 'failed', text: result.message },
    );
  };
  return (
    <>
      <SettingItem id="semanticRecall">
        <div className="flex flex-col gap-1 text-xs sm:col-span-2">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={draft.semanticRecall}
              onChange={(event) => update('semanticRecall', event.target.checked)}
            />
            {t('semanticRecall')}
          </label>
          <span className="text-slate-500 dark:text-slate-400">{t('semanticRecallHint')}</span>
        </div>
      </SettingItem>
      <SettingItem id="embeddingModel">
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Field
            label={t('embeddingModel')}
            hint={isDemo ? t('demoEmbedder') : isLocal ? t('localEmbedder') : undefined}
          >
            {isLocal ? (
              <Suspense fallback={null}>
                <LocalEmbeddingPicker
                  value={draft.embeddingModel}
                  onChange={(file) => update('embeddingModel', file)}
                />
              </Suspense>
            ) : (
              <input
                aria-label="Embedding model"
                className={inputClass}
                value={isDemo ? '' : draft.embeddingModel}
                placeholder={isDemo ? '' : t('embeddingModelPlaceholder')}
                disabled={isDemo}
                onChange={(event) => update('embeddingModel', event.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-wrap items-center gap-2 text-xs">
            <button
              type="button"
              className="rounded-md border border-slate-300 px-2 py-1 disabled:opacity-60 dark:border-slate-700"
              disabled={probe.state === 'testing'}
              onClick={() => void runProbe()}
            >
              {probe.state === 'testing' ? t('testing') : t('testEmbeddings')}
            </button>
            {probe.state === 'ok' || probe.state === 'failed' ? (
              <span
                role="status"
                data-testid="embedding-probe"
                data-probe={probe.state}
                className={
                  probe.state === 'ok' ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'
                }
              >
                {probe.text}
              </span>
            ) : null}
          </div>
        </div>
      </SettingItem>
    </>
  );
}
