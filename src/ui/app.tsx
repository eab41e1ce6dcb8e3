import { lazy, Suspense, useEffect } from 'react';
import { DEMO_PROVIDER } from '../config/settings.ts';
import { useAppStore } from '../store/app-store.ts';
import { createAgentsTranslate } from '../i18n/agents.ts';
import { loadChinese } from '../i18n/chinese.ts';
import { createInsightsMarksTranslate } from '../i18n/insights-marks.ts';
import type { MobilePane } from '../store/ui-slice.ts';
import { ChatPane } from './chat/chat-pane.tsx';
import { MenuIcon, PanelRightIcon, SettingsIcon } from './components/icons.tsx';
import { useGlobalShortcuts } from './use-global-shortcuts.ts';
import { SessionSidebar } from './sessions/session-sidebar.tsx';
import { LazyTracePane } from './trace/lazy-trace-pane.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { useTheme } from './use-theme.ts';
import { useLanguage, useT, useNames } from './use-t.ts';

const MemoryDialog = lazy(() =>
  import('./memory/memory-dialog.tsx').then((module) => ({ default: module.MemoryDialog })),
);
const AgentsDialog = lazy(() =>
  import('./agents/agents-dialog.tsx').then((module) => ({ default: module.AgentsDialog })),
);
const InsightsDialog = lazy(() =>
  import('./insights/insights-dialog.tsx').then((module) => ({ default: module.InsightsDialog })),
);
// Search settings finds a setting by its name in every language, so the dialog comes with the Chinese strings.
const SettingsDialog = lazy(() =>
  Promise.all([import('./settings/settings-dialog.tsx'), loadChinese().catch(() => undefined)]).then(([module]) => ({
    default: module.SettingsDialog,
  })),
);

/** Opens Insights, starting its worker at once: it reads the kept facts while the view itself loads. */
function openInsights(): void {
  useAppStore.getState().setUi({ insightsOpen: true });
  void import('../store/actions/insights-actions.ts').then(
    (insights) => insights.openInsightsSource(),
    () => undefined,
  );
}

const paneTabs: Array<{ pane: MobilePane; key: 'app.pane.sessions' | 'app.pane.chat' | 'app.pane.trace' }> = [
  { pane: 'sessions', key: 'app.pane.sessions' },
  { pane: 'chat', key: 'app.pane.chat' },
  { pane: 'trace', key: 'app.pane.trace' },
];

/** The three-pane app: sessions, chat, trace; one pane at a time on narrow screens. */
export function App() {
  const names = useNames();
  const t = useT();
  const language = useLanguage();
  const agentsT = createAgentsTranslate(language);
  const insightsT = createInsightsMarksTranslate(language);
  const settingsOpen = useAppStore((state) => state.settingsOpen);
  const agentsOpen = useAppStore((state) => state.agentsOpen);
  const memoryOpen = useAppStore((state) => state.memoryOpen);
  const insightsOpen = useAppStore((state) => state.insightsOpen);
  const sidebarOpen = useAppStore((state) => state.sidebarOpen);
  const traceOpen = useAppStore((state) => state.traceOpen);
  const mobilePane = useAppStore((state) => state.mobilePane);
  const isDemo = useAppStore((state) => state.settings.provider === DEMO_PROVIDER);
  // The model the active session's runs use: its own (Session model and prompt in the chat header), else Settings'.
  const model = useAppStore(
    (state) =>
      state.sessions.find((session) => session.id === state.activeSessionId)?.overrides?.model ?? state.settings.model,
  );
  const storage = useAppStore((state) => state.storage);
  const storageAlert = useAppStore((state) => state.storageAlert);
  const setUi = useAppStore((state) => state.setUi);
  const setStorage = useAppStore((state) => state.setStorage);
  useTheme();
  useGlobalShortcuts();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const paneClass = (pane: MobilePane, open: boolean) =>
    `${mobilePane === pane ? 'flex' : 'hidden'} ${open ? 'md:flex' : 'md:hidden'}`;

  return (
    <div className="flex h-full flex-col">
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
        {isDemo ? (
          <span
            className="max-w-40 truncate rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 sm:max-w-none dark:bg-amber-900/40 dark:text-amber-200"
            data-testid="demo-badge"
            title={t('app.demoBadge')}
          >
            {t('app.demoBadge')}
          </span>
        ) : (
          <span
            className="max-w-48 truncate rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800"
            title={model}
          >
            {model}
          </span>
        )}
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
          aria-label="Settings"
          className="rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
          onClick={() => setUi({ settingsOpen: true })}
        >
          <SettingsIcon className="inline size-4 align-[-3px]" />{' '}
          <span className="hidden sm:inline">{t('settings.open')}</span>
        </button>
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
      <UpdatePrompt />
      {storage.mode === 'upgrading' ? (
        <p
          role="status"
          className="border-b border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
        >
          {t('app.upgrading')}
        </p>
      ) : null}
      {storage.mode === 'memory' || storageAlert ? (
        <div
          role="alert"
          className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="flex-1">
            {storageAlert ?? t('app.memoryOnly')}
            {storage.mode === 'memory' && storageAlert ? ` ${t('app.memoryOnly')}` : ''}
          </p>
          {storageAlert && storage.mode !== 'memory' ? (
            <button type="button" className="text-xs underline" onClick={() => setStorage(storage, undefined)}>
              {t('app.dismiss')}
            </button>
          ) : null}
        </div>
      ) : null}
      <nav aria-label={names('Panes')} className="flex border-b border-slate-200 md:hidden dark:border-slate-800">
        {paneTabs.map(({ pane, key }) => (
          <button
            key={pane}
            type="button"
            aria-pressed={mobilePane === pane}
            className={`flex-1 py-2 text-sm ${mobilePane === pane ? 'border-b-2 border-sky-600 font-semibold' : 'text-slate-500 dark:text-slate-400'}`}
            onClick={() => setUi({ mobilePane: pane })}
          >
            {t(key)}
          </button>
        ))}
      </nav>
      <div className="flex min-h-0 flex-1">
        <div className={`${paneClass('sessions', sidebarOpen)} w-full min-h-0 flex-col md:w-64 md:shrink-0`}>
          <SessionSidebar />
        </div>
        <div className={`${paneClass('chat', true)} min-h-0 min-w-0 flex-1 flex-col`}>
          <ChatPane />
        </div>
        <div
          className={`${paneClass('trace', traceOpen)} w-full min-h-0 flex-col md:w-[26rem] md:shrink-0 xl:w-[32rem]`}
        >
          <LazyTracePane />
        </div>
      </div>
      {memoryOpen ? (
        <Suspense fallback={null}>
          <MemoryDialog />
        </Suspense>
      ) : null}
      {agentsOpen ? (
        <Suspense fallback={null}>
          <AgentsDialog />
        </Suspense>
      ) : null}
      {insightsOpen ? (
        <Suspense fallback={null}>
          <InsightsDialog />
        </Suspense>
      ) : null}
      {settingsOpen ? (
        <Suspense fallback={null}>
          <SettingsDialog />
        </Suspense>
      ) : null}
    </div>
  );
}
