import { lazy, Suspense } from 'react';
import { DEMO_PROVIDER } from '../config/settings.ts';
import { createAgentsTranslate } from '../i18n/agents.ts';
import { createInsightsMarksTranslate } from '../i18n/insights-marks.ts';
import { knowledgeButtonDictionary } from '../i18n/knowledge-button.ts';
import { useAppStore } from '../store/app-store.ts';
import { useSyncStore } from '../store/sync-store.ts';
import { MenuIcon, PanelRightIcon, SettingsIcon } from './components/icons.tsx';
import { useLanguage, useNames, useT } from './use-t.ts';
import { loadEvalsDialog } from './evals/evals-dialog-entry.tsx';

/** Opens Insights, starting its worker at once: it reads the kept facts while the view itself loads. */
function openInsights(): void {
  useAppStore.getState().setUi({ insightsOpen: true });
  void import('../store/actions/insights-actions.ts').then(
    (insights) => insights.openInsightsSource(),
    () => undefined,
  );
}

const SyncHeaderStatus = lazy(() =>
  import('./sync/sync-status.tsx').then((module) => ({ default: module.SyncHeaderStatus })),
);

/** While sync is on (or a conflict is to be shown): its status, loaded with the sync UI. */
function SyncBadge() {
  const on = useSyncStore((state) => state.status.state !== 'off' || state.conflicts.length > 0);
  return on ? (
    <Suspense fallback={null}>
      <SyncHeaderStatus />
    </Suspense>
  ) : null;
}

/** Opens Evals once its code is here (see evals-dialog-entry.tsx), reading the experiments meanwhile. */
function openEvals(): void {
  const open = () => useAppStore.getState().setUi({ evalsOpen: true });
  void loadEvalsDialog().then(open, open);
  void import('../store/actions/experiment-list-actions.ts').then(
    (experiments) => experiments.loadExperiments(),
    () => undefined,
  );
}

/** The scripted demo's badge, or the model the active session's runs use. */
function ModelBadge() {
  const t = useT();
  const isDemo = useAppStore((state) => state.settings.provider === DEMO_PROVIDER);
  // The model the active session's runs use: its own (Session model and prompt in the chat header), else Settings'.
  const model = useAppStore(
    (state) =>
      state.sessions.find((session) => session.id === state.activeSessionId)?.overrides?.model ?? state.settings.model,
  );
  return isDemo ? (
    <span
      className="max-w-40 truncate rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 sm:max-w-none dark:bg-amber-900/40 dark:text-amber-200"
      data-testid="demo-badge"
      title={t('app.demoBadge')}
    >
      {t('app.demoBadge')}
    </span>
  ) : (
    <span className="max-w-48 truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800" title={model}>
      {model}
    </span>
  );
}

/** The buttons that open Memory, Agents, Insights and Settings. */
function DialogButtons() {
  const t = useT();
  const language = useLanguage();
  const agentsT = createAgentsTranslate(language);
  const insightsT = createInsightsMarksTranslate(language);
  const setUi = useAppStore((state) => state.setUi);
  return (
    <>
      <button
        type="button"
        aria-label="Memory"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={() => setUi({ memoryOpen: true })}
      >
        {t('app.memory')}
      </button>
      <button
        type="button"
        aria-label="Agents"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={() => setUi({ agentsOpen: true })}
      >
        {agentsT('open')}
      </button>
      <button
        type="button"
        aria-label="Insights"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={openInsights}
      >
        {insightsT('open')}
      </button>
      <button
        type="button"
        aria-label="Knowledge"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={() => setUi({ knowledgeOpen: true })}
      >
        {knowledgeButtonDictionary.strings[language].open}
      </button>
      <button
        type="button"
        aria-label="Evals"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={openEvals}
      >
        {t('app.evals')}
      </button>
      <button
        type="button"
        aria-label="Settings"
        className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        onClick={() => setUi({ settingsOpen: true })}
      >
        <SettingsIcon className="inline size-4 align-[-3px]" />{' '}
        <span className="hidden sm:inline">{t('settings.open')}</span>
      </button>
    </>
  );
}

/** The app's header: pane toggles, the model in use, and the buttons that open Memory, Agents, Insights and Settings. */
export function AppHeader() {
  const names = useNames();
  const t = useT();
  const sidebarOpen = useAppStore((state) => state.sidebarOpen);
  const traceOpen = useAppStore((state) => state.traceOpen);
  const setUi = useAppStore((state) => state.setUi);
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
      <button
        type="button"
        aria-label={names('Toggle sessions')}
        aria-expanded={sidebarOpen}
        title={t('app.toggleSessions')}
        className="hidden rounded p-1 hover:bg-slate-100 md:block dark:hover:bg-slate-800"
        onClick={() => setUi({ sidebarOpen: !sidebarOpen })}
      >
        <MenuIcon className="size-5" />
      </button>
      <img src="/favicon.svg" alt="" width={20} height={20} />
      <h1 className="text-base font-semibold">{t('app.title')}</h1>
      <span className="hidden text-xs text-slate-500 dark:text-slate-400 lg:inline">{t('app.tagline')}</span>
      <span className="ml-auto" />
      <SyncBadge />
      <ModelBadge />
      <DialogButtons />
      <button
        type="button"
        aria-label={names('Toggle trace')}
        aria-expanded={traceOpen}
        title={t('app.toggleTrace')}
        className="hidden rounded p-1 hover:bg-slate-100 md:block dark:hover:bg-slate-800"
        onClick={() => setUi({ traceOpen: !traceOpen })}
      >
        <PanelRightIcon className="size-5" />
      </button>
    </header>
  );
}
