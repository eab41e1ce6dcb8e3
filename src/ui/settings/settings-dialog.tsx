import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { findPreset, knownContextWindows, providerPresets } from '../../config/providers.ts';
import { DEMO_PROVIDER, type Settings } from '../../config/settings.ts';
import { builtinTools } from '../../tools/registry.ts';
import { saveSettings } from '../../store/actions/settings-actions.ts';
import { checkConnection, fetchModelList } from '../../store/actions/connection-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useLanguage, useT, useNames } from '../use-t.ts';
import { ApiKeyField } from './api-key-field.tsx';
import { ConnectionStatus, type ConnectionStatusValue } from './connection-status.tsx';
import { CustomToolsSection } from './custom-tools-section.tsx';
import { McpServersSection } from './mcp-servers-section.tsx';
import { StorageUsage } from './storage-usage.tsx';
import { Dialog } from '../components/dialog.tsx';
import { toolSummary } from '../../i18n/tools.ts';

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';

function Field(props: { label: string; children: ReactNode; hint?: string | undefined }) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      {props.children}
      {props.hint ? <span className="font-normal text-slate-500 dark:text-slate-400">{props.hint}</span> : null}
    </label>
  );
}

function numberOr(value: string, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && value.trim() !== '' ? parsed : fallback;
}


/** One checkbox per built-in tool; a tool switched off is not offered to the model at all. */
function ToolToggles(props: { enabled: Settings['enabledTools']; onChange: (enabled: Settings['enabledTools']) => void; title: string }) {
  const language = useLanguage();
  const idPrefix = useId();
  const t = useT();
  const offCount = builtinTools.filter((tool) => props.enabled[tool.name] === false).length;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{props.title}</legend>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        {t('settings.toolsNote')}{' '}
        {offCount > 0 ? t('settings.toolsOff', { count: offCount }) : null}
      </p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {builtinTools.map((tool) => {
          const summary = toolSummary(language, tool.name);
          const descriptionId = `${idPrefix}-${tool.name}`;
          return (
            <label key={tool.name} className="flex items-start gap-2 text-xs">
              <input
                type="checkbox"
                aria-label={tool.name}
                aria-describedby={summary ? descriptionId : undefined}
                className="mt-0.5"
                checked={props.enabled[tool.name] !== false}
                onChange={(event) => props.onChange({ ...props.enabled, [tool.name]: event.target.checked })}
              />
              <span className="flex flex-col">
                <span>
                  <code>{tool.name}</code>
                  {tool.restricted ? <span className="ml-1 text-amber-600">{t('settings.toolNeedsApproval')}</span> : null}
                </span>
                {summary ? <span id={descriptionId} className="text-slate-500 dark:text-slate-400">{summary}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The Settings dialog: provider, endpoint, model, limits, protocol, tools, appearance. */
export function SettingsDialog() {
  const names = useNames();
  const t = useT();
  const saved = useAppStore((state) => state.settings);
  const setUi = useAppStore((state) => state.setUi);
  const [draft, setDraft] = useState<Settings>(saved);
  const [models, setModels] = useState<string[]>([]);
  const [status, setStatus] = useState<ConnectionStatusValue | null>(null);
  // Only the latest check may report: an earlier, slower one must not overwrite it.
  const checkSerial = useRef(0);
  const titleId = useId();
  const modelListId = useId();
  const isDemo = draft.provider === DEMO_PROVIDER;
  const preset = findPreset(draft.provider);

  const close = () => setUi({ settingsOpen: false });
  const update = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    // A check's result no longer applies once the endpoint or key changes.
    if (key === 'baseUrl' || key === 'apiKey') setStatus(null);
    setDraft((current) => ({ ...current, [key]: value }));
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
      setStatus({ kind: 'error', text: result.advice ?? result.message, ...(result.title ? { title: result.title } : {}) });
      return;
    }
    setModels(result.models);
    const text = result.answeredModel
      ? t('settings.connectionOkModel', { count: result.models.length, model: result.answeredModel })
      : t('settings.connectionOk', { count: result.models.length });
    setStatus({ kind: 'ok', text });
  };
  const loadModels = () => runCheck(fetchModelList);
  const testConnection = () => runCheck(checkConnection);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saveSettings(draft);
    close();
  };

  return (
    // Focus goes back to where it was (the Settings button) when the dialog closes.
    <Dialog open label="Settings" onClose={close} closeOnBackdrop={false} widthClassName="w-[min(44rem,95vw)]" bodyClassName="p-0">
      <form onSubmit={submit} className="flex flex-col gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">{t('settings.title')}</h2>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">{t('settings.section.endpoint')}</legend>
          <Field label={t('settings.provider')}>
            <select aria-label="Provider" className={inputClass} value={draft.provider} onChange={(event) => chooseProvider(event.target.value)}>
              {providerPresets.map((option) => (
                <option key={option.id} value={option.id}>{option.label}</option>
              ))}
            </select>
          </Field>
          <Field label={t('settings.baseUrl')} hint={preset.hint ? t(preset.hint) : undefined}>
            <input
              aria-label="Base URL"
              className={inputClass}
              type="url"
              placeholder={isDemo ? 'built-in' : 'https://host/v1'}
              value={isDemo ? '' : draft.baseUrl}
              disabled={isDemo}
              onChange={(event) => update('baseUrl', event.target.value)}
            />
          </Field>
          <ApiKeyField
            label={t('settings.apiKey')}
            hint={t('settings.apiKeyNote')}
            showText={t('settings.showKey')}
            hideText={t('settings.hideKey')}
            inputClassName={inputClass}
            value={draft.apiKey}
            disabled={isDemo}
            onChange={(value) => update('apiKey', value)}
          />
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
          <label className="flex items-center gap-2 text-xs sm:col-span-2">
            <input type="checkbox" checked={draft.storeApiKey} disabled={isDemo} onChange={(event) => update('storeApiKey', event.target.checked)} />
            {t('settings.storeApiKey')}
          </label>
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
            <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800" onClick={() => void testConnection()}>
              {t('settings.testConnection')}
            </button>
            <button type="button" className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-600 dark:hover:bg-slate-800" onClick={() => void loadModels()} disabled={isDemo}>
              {t('settings.loadModels')}
            </button>
            {status ? <ConnectionStatus status={status} /> : null}
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400 sm:col-span-2">{isDemo ? t('settings.demoNote') : t('settings.corsNote')}</p>
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-3">
          <legend className="mb-2 text-sm font-semibold">{t('settings.section.agent')}</legend>
          <Field label={t('settings.maxSteps')}>
            <input aria-label="Max steps" type="number" min={1} max={100} className={inputClass} value={draft.maxSteps} onChange={(event) => update('maxSteps', Math.round(numberOr(event.target.value, draft.maxSteps)))} />
          </Field>
          <Field label={t('settings.maxToolCalls')}>
            <input aria-label={names('Max tool calls')} type="number" min={1} max={500} className={inputClass} value={draft.maxToolCalls} onChange={(event) => update('maxToolCalls', Math.round(numberOr(event.target.value, draft.maxToolCalls)))} />
          </Field>
          <Field label={t('settings.deadline')}>
            <input aria-label={names('Time limit')} type="number" min={5} max={3600} className={inputClass} value={draft.deadlineSeconds} onChange={(event) => update('deadlineSeconds', numberOr(event.target.value, draft.deadlineSeconds))} />
          </Field>
          <Field label={t('settings.contextWindow')}>
            <input aria-label="Context window" type="number" min={512} step={512} className={inputClass} value={draft.contextWindow} onChange={(event) => update('contextWindow', Math.round(numberOr(event.target.value, draft.contextWindow)))} />
          </Field>
          <Field label={t('settings.compactionShare')}>
            <input aria-label={names('Compaction share')} type="number" min={0.2} max={0.95} step={0.05} className={inputClass} value={draft.compactionShare} onChange={(event) => update('compactionShare', numberOr(event.target.value, draft.compactionShare))} />
          </Field>
          <Field label={t('settings.temperature')}>
            <input aria-label={names('Temperature')} type="number" min={0} max={2} step={0.1} placeholder={t('settings.temperatureDefault')} className={inputClass} value={draft.temperature ?? ''} onChange={(event) => update('temperature', event.target.value === '' ? null : numberOr(event.target.value, 1))} />
          </Field>
          <Field label={t('settings.protocol')}>
            <select aria-label="Protocol" className={inputClass} value={draft.protocol} onChange={(event) => update('protocol', event.target.value as Settings['protocol'])}>
              <option value="auto">{t('settings.protocol.auto')}</option>
              <option value="tools">{t('settings.protocol.tools')}</option>
              <option value="react">{t('settings.protocol.react')}</option>
            </select>
          </Field>
          <label className="flex items-center gap-2 text-xs">
            <input type="checkbox" checked={draft.stream} onChange={(event) => update('stream', event.target.checked)} />
            {t('settings.stream')}
          </label>
          <label className="flex items-center gap-2 text-xs">
            <input type="checkbox" checked={draft.memoryRecall} onChange={(event) => update('memoryRecall', event.target.checked)} />
            {t('settings.memoryRecall')}
          </label>
          <div className="sm:col-span-3">
            <Field label={t('settings.systemPrompt')}>
              <textarea aria-label="System prompt" rows={3} className={inputClass} placeholder={t('settings.systemPromptPlaceholder')} value={draft.systemPrompt} onChange={(event) => update('systemPrompt', event.target.value)} />
            </Field>
          </div>
        </fieldset>

        <ToolToggles enabled={draft.enabledTools} onChange={(enabledTools) => update('enabledTools', enabledTools)} title={t('settings.tools')} />
        <CustomToolsSection
          tools={draft.customTools}
          enabled={draft.enabledTools}
          onEnabledChange={(enabledTools) => update('enabledTools', enabledTools)}
          onToolsChange={(customTools) => {
            update('customTools', customTools);
            void saveSettings({ ...useAppStore.getState().settings, customTools });
          }}
        />
        <McpServersSection
          servers={draft.mcpServers}
          customNames={draft.customTools.map((tool) => tool.name)}
          enabled={draft.enabledTools}
          onEnabledChange={(enabledTools) => update('enabledTools', enabledTools)}
          onServersChange={(mcpServers) => {
            update('mcpServers', mcpServers);
            void saveSettings({ ...useAppStore.getState().settings, mcpServers });
          }}
        />

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold">{t('settings.section.appearance')}</legend>
          <Field label={t('app.language')}>
            <select aria-label="Language" className={inputClass} value={draft.language} onChange={(event) => update('language', event.target.value as Settings['language'])}>
              <option value="system">{t('app.language.system')}</option>
              <option value="en">English</option>
              <option value="zh-CN">简体中文</option>
            </select>
          </Field>
          <Field label={t('app.theme')}>
            <select aria-label={names('Theme')} className={inputClass} value={draft.theme} onChange={(event) => update('theme', event.target.value as Settings['theme'])}>
              <option value="system">{t('app.theme.system')}</option>
              <option value="light">{t('app.theme.light')}</option>
              <option value="dark">{t('app.theme.dark')}</option>
            </select>
          </Field>
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">{t('settings.section.export')}</legend>
          <Field label={t('settings.otlpEndpoint')}>
            <input aria-label={names('OTLP endpoint')} type="url" className={inputClass} placeholder="http://localhost:4318/v1/traces" value={draft.otlpEndpoint} onChange={(event) => update('otlpEndpoint', event.target.value)} />
          </Field>
          <Field label={t('settings.otlpHeaders')}>
            <textarea aria-label={names('OTLP headers')} rows={2} className={inputClass} value={draft.otlpHeaders} onChange={(event) => update('otlpHeaders', event.target.value)} />
          </Field>
        </fieldset>

        <StorageUsage />

        <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-white pt-3 dark:border-slate-700 dark:bg-slate-900">
          <button type="button" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600" onClick={close}>
            {t('settings.cancel')}
          </button>
          <button type="submit" className="rounded-md bg-sky-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-sky-800" aria-label="Save">
            {t('settings.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
