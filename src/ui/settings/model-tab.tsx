import { useId, useRef, useState } from 'react';
import { findPreset, knownContextWindows, providerPresets } from '../../config/providers.ts';
import { DEMO_PROVIDER } from '../../config/settings.ts';
import { checkConnection, fetchModelList } from '../../store/actions/connection-actions.ts';
import { useNames, useT } from '../use-t.ts';
import { ApiKeyField } from './api-key-field.tsx';
import { ConnectionStatus, type ConnectionStatusValue } from './connection-status.tsx';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, numberOr, type SettingsTabProps, type UpdateSetting } from './settings-fields.tsx';
import { InsightsSection } from './insights-section.tsx';

const buttonClass =
  'rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';

/** The Model tab: provider, endpoint, key, model (with Test connection and the model list), context, sampling. */
export function ModelTab({ draft, update, setDraft }: SettingsTabProps) {
  const names = useNames();
  const t = useT();
  const [models, setModels] = useState<string[]>([]);
  const [status, setStatus] = useState<ConnectionStatusValue | null>(null);
  // Only the latest check may report: an earlier, slower one must not overwrite it.
  const checkSerial = useRef(0);
  const modelListId = useId();
  const isDemo = draft.provider === DEMO_PROVIDER;
  const preset = findPreset(draft.provider);

  const change: UpdateSetting = (key, value) => {
    // A check's result no longer applies once the endpoint or key changes.
    if (key === 'baseUrl' || key === 'apiKey') setStatus(null);
    update(key, value);
  };

  const chooseProvider = (id: string) => {
    const next = findPreset(id);
    setModels([]);
    setStatus(null);
    setDraft((current) => ({
      ...current,
      provider: id,
      baseUrl: next.baseUrl || (id === 'custom' ? current.baseUrl : ''),
      model: next.defaultModel || (id === 'custom' ? current.model : ''),
      contextWindow: next.contextWindow,
    }));
  };

  const chooseModel = (model: string) => {
    const known = knownContextWindows.find(([pattern]) => pattern.test(model));
    setDraft((current) => ({ ...current, model, ...(known ? { contextWindow: known[1] } : {}) }));
  };

  const runCheck = async (check: typeof checkConnection) => {
    const serial = (checkSerial.current += 1);
    setStatus({ kind: 'busy', text: t('settings.testing') });
    const result = await check(draft);
    if (serial !== checkSerial.current) return;
    if (!result.ok) {
      setStatus({
        kind: 'error',
        text: result.advice ?? result.message,
        ...(result.title ? { title: result.title } : {}),
      });
      return;
    }
    setModels(result.models);
    const text = result.answeredModel
      ? t('settings.connectionOkModel', { count: result.models.length, model: result.answeredModel })
      : t('settings.connectionOk', { count: result.models.length });
    setStatus({ kind: 'ok', text });
  };

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">{t('settings.section.endpoint')}</legend>
        <SettingItem id="provider">
          <Field label={t('settings.provider')}>
            <select
              aria-label="Provider"
              className={inputClass}
              value={draft.provider}
              onChange={(event) => chooseProvider(event.target.value)}
            >
              {providerPresets.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.label}
                </option>
              ))}
            </select>
          </Field>
        </SettingItem>
        <SettingItem id="baseUrl">
          <Field label={t('settings.baseUrl')} hint={preset.hint ? t(preset.hint) : undefined}>
            <input
              aria-label="Base URL"
              className={inputClass}
              type="url"
              placeholder={isDemo ? 'built-in' : 'https://host/v1'}
              value={isDemo ? '' : draft.baseUrl}
              disabled={isDemo}
              onChange={(event) => change('baseUrl', event.target.value)}
            />
          </Field>
        </SettingItem>
        <SettingItem id="apiKey">
          <ApiKeyField
            label={t('settings.apiKey')}
            hint={t('settings.apiKeyNote')}
            showText={t('settings.showKey')}
            hideText={t('settings.hideKey')}
            inputClassName={inputClass}
            value={draft.apiKey}
            disabled={isDemo}
            onChange={(value) => change('apiKey', value)}
          />
        </SettingItem>
        <SettingItem id="model">
          <Field label={t('settings.model')}>
            <input
              aria-label="Model"
              role="combobox"
              aria-expanded="false"
              aria-autocomplete="list"
              list={modelListId}
              className={inputClass}
              value={isDemo ? 'glassbox-demo' : draft.model}
              disabled={isDemo}
              onChange={(event) => chooseModel(event.target.value)}
            />
            <datalist id={modelListId}>
              {models.map((model) => (
                <option key={model} value={model} />
              ))}
            </datalist>
          </Field>
        </SettingItem>
        <SettingItem id="apiKey">
          <label className="flex items-center gap-2 text-xs sm:col-span-2">
            <input
              type="checkbox"
              checked={draft.storeApiKey}
              disabled={isDemo}
              onChange={(event) => change('storeApiKey', event.target.checked)}
            />
            {t('settings.storeApiKey')}
          </label>
        </SettingItem>
        <SettingItem id="connection">
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <button type="button" className={buttonClass} onClick={() => void runCheck(checkConnection)}>
              {t('settings.testConnection')}
            </button>
            <button
              type="button"
              className={buttonClass}
              onClick={() => void runCheck(fetchModelList)}
              disabled={isDemo}
            >
              {t('settings.loadModels')}
            </button>
            {status ? <ConnectionStatus status={status} /> : null}
          </div>
        </SettingItem>
        <p className="text-xs text-slate-500 dark:text-slate-400 sm:col-span-2">
          {isDemo ? t('settings.demoNote') : t('settings.corsNote')}
        </p>
      </fieldset>

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
              onChange={(event) =>
                change('contextWindow', Math.round(numberOr(event.target.value, draft.contextWindow)))
              }
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
                change('temperature', event.target.value === '' ? null : numberOr(event.target.value, 1))
              }
            />
          </Field>
        </SettingItem>
        <SettingItem id="stream">
          <label className="flex items-center gap-2 text-xs">
            <input
              type="checkbox"
              checked={draft.stream}
              onChange={(event) => change('stream', event.target.checked)}
            />
            {t('settings.stream')}
          </label>
        </SettingItem>
      </div>
      <SettingItem id="prices">
        <InsightsSection
          model={isDemo ? 'glassbox-demo' : draft.model}
          prices={draft.modelPrices}
          stuckSteps={draft.stuckSteps}
          onPricesChange={(modelPrices) => change('modelPrices', modelPrices)}
          onStuckStepsChange={(stuckSteps) => change('stuckSteps', stuckSteps)}
        />
      </SettingItem>
    </div>
  );
}
