import { useId, useRef, useState } from 'react';
import { findPreset, knownContextWindows, providerPresets } from '../../config/providers.ts';
import { DEMO_PROVIDER, type Settings } from '../../config/settings.ts';
import { LOCAL_PROVIDER } from '../../model/local/local-provider.ts';
import { checkConnection, fetchModelList } from '../../store/actions/connection-actions.ts';
import { useT } from '../use-t.ts';
import { ApiKeyField } from './api-key-field.tsx';
import { ConnectionStatus, type ConnectionStatusValue } from './connection-status.tsx';
import { SettingItem } from './setting-item.tsx';
import { Field, inputClass, type SettingsTabProps, type UpdateSetting } from './settings-fields.tsx';

const buttonClass =
  'rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800';

/** The draft with another provider: its preset's URL, default model and context window (custom keeps the typed ones). */
function withProvider(current: Settings, id: string): Settings {
  const next = findPreset(id);
  return {
    ...current,
    provider: id,
    baseUrl: next.baseUrl || (id === 'custom' ? current.baseUrl : ''),
    model: next.defaultModel || (id === 'custom' ? current.model : ''),
    contextWindow: next.contextWindow,
  };
}

/** The draft with another model, and that model's context window when it is a known one. */
function withModel(current: Settings, model: string): Settings {
  const known = knownContextWindows.find(([pattern]) => pattern.test(model));
  return { ...current, model, ...(known ? { contextWindow: known[1] } : {}) };
}

/** Test connection and Load models: the latest check's status and the models it listed. */
function useConnectionCheck(draft: Settings) {
  const t = useT();
  const [models, setModels] = useState<string[]>([]);
  const [status, setStatus] = useState<ConnectionStatusValue | null>(null);
  // Only the latest check may report: an earlier, slower one must not overwrite it.
  const checkSerial = useRef(0);

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

  return { models, setModels, status, setStatus, runCheck };
}

/** The Model tab's endpoint: provider, base URL, key, model, Test connection and Load models. */
export function EndpointFieldset({ draft, update, setDraft }: SettingsTabProps) {
  const t = useT();
  const { models, setModels, status, setStatus, runCheck } = useConnectionCheck(draft);
  const isDemo = draft.provider === DEMO_PROVIDER;
  const isLocal = draft.provider === LOCAL_PROVIDER;
  // Neither the demo nor the in-browser model has an endpoint or a key.
  const noEndpoint = isDemo || isLocal;
  const preset = findPreset(draft.provider);

  const change: UpdateSetting = (key, value) => {
    // A check's result no longer applies once the endpoint or key changes.
    if (key === 'baseUrl' || key === 'apiKey') setStatus(null);
    update(key, value);
  };

  const chooseProvider = (id: string) => {
    setModels([]);
    setStatus(null);
    setDraft((current) => withProvider(current, id));
  };

  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">{t('settings.section.endpoint')}</legend>
      <ProviderField value={draft.provider} onChoose={chooseProvider} />
      <SettingItem id="baseUrl">
        <Field label={t('settings.baseUrl')} hint={preset.hint ? t(preset.hint) : undefined}>
          <input
            aria-label="Base URL"
            className={inputClass}
            type="url"
            placeholder={noEndpoint ? 'built-in' : 'https://host/v1'}
            value={noEndpoint ? '' : draft.baseUrl}
            disabled={noEndpoint}
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
          disabled={noEndpoint}
          onChange={(value) => change('apiKey', value)}
        />
      </SettingItem>
      <ModelField
        value={isDemo ? 'glassbox-demo' : draft.model}
        disabled={isDemo}
        models={models}
        onChoose={(model) => setDraft((current) => withModel(current, model))}
      />
      <SettingItem id="apiKey">
        <label className="flex items-center gap-2 text-xs sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.storeApiKey}
            disabled={noEndpoint}
            onChange={(event) => change('storeApiKey', event.target.checked)}
          />
          {t('settings.storeApiKey')}
        </label>
      </SettingItem>
      {isLocal ? null : <ConnectionRow isDemo={isDemo} status={status} onCheck={(check) => void runCheck(check)} />}
      {isLocal ? null : (
        <p className="text-xs text-slate-500 dark:text-slate-400 sm:col-span-2">
          {isDemo ? t('settings.demoNote') : t('settings.corsNote')}
        </p>
      )}
    </fieldset>
  );
}

/** The provider presets. */
function ProviderField({ value, onChoose }: { value: string; onChoose: (id: string) => void }) {
  const t = useT();
  return (
    <SettingItem id="provider">
      <Field label={t('settings.provider')}>
        <select
          aria-label="Provider"
          className={inputClass}
          value={value}
          onChange={(event) => onChoose(event.target.value)}
        >
          {providerPresets.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    </SettingItem>
  );
}

/** The model, typed or chosen from the models the last check listed. */
function ModelField(props: {
  value: string;
  disabled: boolean;
  models: readonly string[];
  onChoose: (model: string) => void;
}) {
  const t = useT();
  const modelListId = useId();
  return (
    <SettingItem id="model">
      <Field label={t('settings.model')}>
        <input
          aria-label="Model"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          list={modelListId}
          className={inputClass}
          value={props.value}
          disabled={props.disabled}
          onChange={(event) => props.onChoose(event.target.value)}
        />
        <datalist id={modelListId}>
          {props.models.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      </Field>
    </SettingItem>
  );
}

/** Test connection, Load models (not for the demo) and the latest check's status. */
function ConnectionRow(props: {
  isDemo: boolean;
  status: ConnectionStatusValue | null;
  onCheck: (check: typeof checkConnection) => void;
}) {
  const t = useT();
  return (
    <SettingItem id="connection">
      <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
        <button type="button" className={buttonClass} onClick={() => props.onCheck(checkConnection)}>
          {t('settings.testConnection')}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => props.onCheck(fetchModelList)}
          disabled={props.isDemo}
        >
          {t('settings.loadModels')}
        </button>
        {props.status ? <ConnectionStatus status={props.status} /> : null}
      </div>
    </SettingItem>
  );
}
