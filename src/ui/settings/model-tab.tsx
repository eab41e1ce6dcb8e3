import { lazy, Suspense } from 'react';
import { DEMO_PROVIDER } from '../../config/settings.ts';
import { LOCAL_PROVIDER } from '../../model/local/local-provider.ts';
import { useNames, useT } from '../use-t.ts';
import { EndpointFieldset } from './endpoint-fieldset.tsx';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, numberOr, type SettingsTabProps } from './settings-fields.tsx';
import { InsightsSection } from './insights-section.tsx';

/** The in-browser model's files (OPFS, downloads): loaded when that provider is chosen. */
const LocalModelSection = lazy(() => import('./local-model/local-model-section.tsx'));

/** The Model tab: provider, endpoint, key, model (with Test connection and the model list), context, sampling. */
export function ModelTab({ draft, update, setDraft }: SettingsTabProps) {
  const isDemo = draft.provider === DEMO_PROVIDER;
  return (
    <div className="flex flex-col gap-4">
      <EndpointFieldset draft={draft} update={update} setDraft={setDraft} />
      {draft.provider === LOCAL_PROVIDER ? (
        <Suspense fallback={null}>
          <LocalModelSection draft={draft} setDraft={setDraft} />
        </Suspense>
      ) : null}

      <SamplingRow draft={draft} update={update} />
      <SettingItem id="prices">
        <InsightsSection
          model={isDemo ? 'glassbox-demo' : draft.model}
          prices={draft.modelPrices}
          stuckSteps={draft.stuckSteps}
          onPricesChange={(modelPrices) => update('modelPrices', modelPrices)}
          onStuckStepsChange={(stuckSteps) => update('stuckSteps', stuckSteps)}
        />
      </SettingItem>
    </div>
  );
}

/** The context window, the temperature and streaming. */
function SamplingRow({ draft, update }: Pick<SettingsTabProps, 'draft' | 'update'>) {
  const names = useNames();
  const t = useT();
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <SettingItem id="contextWindow">
        <Field label={t('settings.contextWindow')}>
          <input
            aria-label="Context window"
            type="number"
            min={512}
            step={512}
            className={inputClass}
            value={draft.contextWindow}
            onChange={(event) => update('contextWindow', Math.round(numberOr(event.target.value, draft.contextWindow)))}
          />
        </Field>
      </SettingItem>
      <SettingItem id="temperature">
        <Field label={t('settings.temperature')}>
          <input
            aria-label={names('Temperature')}
            type="number"
            min={0}
            max={2}
            step={0.1}
            placeholder={t('settings.temperatureDefault')}
            className={inputClass}
            value={draft.temperature ?? ''}
            onChange={(event) =>
              update('temperature', event.target.value === '' ? null : numberOr(event.target.value, 1))
            }
          />
        </Field>
      </SettingItem>
      <SettingItem id="stream">
        <label className="flex items-center gap-2 text-xs">
          <input type="checkbox" checked={draft.stream} onChange={(event) => update('stream', event.target.checked)} />
          {t('settings.stream')}
        </label>
      </SettingItem>
    </div>
  );
}
