import { useEffect, useId, useMemo, useState } from 'react';
import { normaliseSessionOverrides, OVERRIDE_LIMITS } from '../../config/session-overrides.ts';
import { DEMO_PROVIDER } from '../../config/settings.ts';
import type { SessionOverrides } from '../../db/schema.ts';
import { createSessionSettingsTranslate, type SessionSettingsKey } from '../../i18n/session-settings.ts';
import type { Translate } from '../../i18n/translate.ts';
import { setSessionOverrides } from '../../store/actions/session-overrides-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { Button } from '../components/button.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage } from '../use-t.ts';

type T = Translate<SessionSettingsKey>;

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';
const hintClass = 'text-xs font-normal text-slate-500 dark:text-slate-400';

/** What the header chip says about a session's overrides ("Model: x · custom system prompt"). */
export function overridesSummary(overrides: SessionOverrides, t: T): string {
  if (overrides.model && overrides.systemPrompt)
    return `${t('chipModel', { model: overrides.model })} · ${t('chipPrompt')}`;
  if (overrides.model) return t('chipModel', { model: overrides.model });
  return t('chipPromptOnly');
}

/** Why the draft cannot be saved, in the user's words; undefined when it can. */
export function overridesProblem(draft: { model: string; systemPrompt: string }, t: T): string | undefined {
  const model = draft.model.trim();
  if (/[\r\n]/u.test(model)) return t('problemModelLines');
  if (model.length > OVERRIDE_LIMITS.model) return t('problemModelLong', { max: OVERRIDE_LIMITS.model });
  if (draft.systemPrompt.trim().length > OVERRIDE_LIMITS.systemPrompt)
    return t('problemPromptLong', { max: OVERRIDE_LIMITS.systemPrompt });
  return undefined;
}

type ModelList =
  { state: 'demo' } | { state: 'loading' } | { state: 'listed'; models: string[] } | { state: 'failed'; error: string };

/** The endpoint's models for the datalist, listed once when the dialog opens (never for the offline demo). */
function useModelList(): ModelList {
  const isDemo = useAppStore((state) => state.settings.provider === DEMO_PROVIDER);
  const [list, setList] = useState<ModelList>(isDemo ? { state: 'demo' } : { state: 'loading' });
  useEffect(() => {
    if (isDemo) return undefined;
    let live = true;
    // The model clients come with the connection checks, loaded only when the list is asked for.
    void import('../../store/actions/connection-actions.ts').then(async ({ fetchModelList }) => {
      const result = await fetchModelList(useAppStore.getState().settings);
      if (live)
        setList(result.ok ? { state: 'listed', models: result.models } : { state: 'failed', error: result.message });
    });
    return () => {
      live = false;
    };
  }, [isDemo]);
  return list;
}

/** The session's model: a text field suggesting the endpoint's models, with a hint saying whether they were listed. */
function SessionModelField({ value, onChange, t }: { value: string; onChange: (model: string) => void; t: T }) {
  const globalModel = useAppStore((state) => state.settings.model);
  const models = useModelList();
  const listId = useId();
  const modelHint =
    models.state === 'demo'
      ? t('demoModel')
      : models.state === 'loading'
        ? t('modelsLoading')
        : models.state === 'listed'
          ? t('modelsListed', { count: models.models.length })
          : t('modelsFailed', { error: models.error });

  return (
    <label className={labelClass}>
      {t('model')}
      <input
        aria-label="Model for this session"
        className={inputClass}
        list={listId}
        value={value}
        placeholder={t('modelPlaceholder', { model: globalModel })}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {models.state === 'listed' ? models.models.map((model) => <option key={model} value={model} />) : null}
      </datalist>
      <span className={hintClass}>{modelHint}</span>
    </label>
  );
}

/** The `Session model and prompt` dialog: this session's model and system prompt, saved on the session. */
function SessionSettingsDialog({
  sessionId,
  overrides,
  onClose,
  t,
}: {
  sessionId: string;
  overrides: SessionOverrides | undefined;
  onClose: () => void;
  t: T;
}) {
  const [draft, setDraft] = useState({ model: overrides?.model ?? '', systemPrompt: overrides?.systemPrompt ?? '' });
  const [problem, setProblem] = useState<string | undefined>();

  const save = async (next: { model: string; systemPrompt: string }) => {
    const found = overridesProblem(next, t);
    setProblem(found);
    if (found) return;
    if (await setSessionOverrides(sessionId, next)) onClose();
    else setProblem(t('saveFailed'));
  };

  return (
    <Dialog
      open
      title={t('title')}
      label="Session model and prompt"
      onClose={onClose}
      closeOnBackdrop={false}
      footer={
        <>
          <Button
            variant="ghost"
            aria-label="Use the global model and prompt"
            onClick={() => void save({ model: '', systemPrompt: '' })}
          >
            {t('useGlobal')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="primary" aria-label="Save" onClick={() => void save(draft)}>
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p className={hintClass}>{t('intro')}</p>
        <SessionModelField value={draft.model} onChange={(model) => setDraft({ ...draft, model })} t={t} />
        <label className={labelClass}>
          {t('systemPrompt')}
          <textarea
            aria-label="System prompt for this session"
            className={`${inputClass} min-h-32 font-mono`}
            value={draft.systemPrompt}
            placeholder={t('systemPromptPlaceholder')}
            onChange={(event) => setDraft({ ...draft, systemPrompt: event.target.value })}
          />
        </label>
        <p className={hintClass}>{t('appliesNext')}</p>
        {problem ? (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          >
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

/** Three sliders: this session's own settings. */
function SlidersIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      className="size-4"
    >
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  );
}

/**
 * The chat header's part of the per-session overrides: a chip saying what the session overrides (with Clear), the
 * `Session model and prompt` button and its dialog.
 */
export default function SessionSettings({ sessionId }: { sessionId: string }) {
  const [open, setOpen] = useState(false);
  const onClose = () => setOpen(false);
  const language = useLanguage();
  const t = useMemo(() => createSessionSettingsTranslate(language), [language]);
  const overrides = useAppStore((state) => state.sessions.find((session) => session.id === sessionId)?.overrides);
  const normalised = overrides ? normaliseSessionOverrides(overrides) : undefined;
  return (
    <>
      {normalised ? (
        <span
          data-testid="session-overrides"
          title={t('chipTitle')}
          className="inline-flex min-w-0 items-center gap-1 truncate rounded-full border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-xs text-indigo-900 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100"
        >
          <span className="truncate">{overridesSummary(normalised, t)}</span>
          <button
            type="button"
            aria-label="Clear session overrides"
            className="rounded px-1 underline hover:bg-indigo-100 dark:hover:bg-indigo-900"
            onClick={() => void setSessionOverrides(sessionId, { model: '', systemPrompt: '' })}
          >
            {t('clear')}
          </button>
        </span>
      ) : null}
      <IconButton
        label="Session model and prompt"
        title={t('open')}
        icon={<SlidersIcon />}
        onClick={() => setOpen(true)}
      />
      {/* Keyed by session: a dialog opened for one session never saves into another. */}
      {open ? (
        <SessionSettingsDialog key={sessionId} sessionId={sessionId} overrides={normalised} onClose={onClose} t={t} />
      ) : null}
    </>
  );
}
