import { useEffect } from 'react';
import { useAppStore } from '../store/app-store.ts';
import type { MobilePane } from '../store/ui-slice.ts';
import { AppDialogs } from './app-dialogs.tsx';
import { AppHeader } from './app-header.tsx';
import { ChatPane } from './chat/chat-pane.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { createCrashTranslate } from '../i18n/crash.ts';
import { useGlobalShortcuts } from './use-global-shortcuts.ts';
import { SessionSidebar } from './sessions/session-sidebar.tsx';
import { ChatCrashActions, rememberChatCrash, SessionRecoveryBanner, SessionShownSignal } from './session-recovery.tsx';
import { ChatOrSharedSession } from './sync/shared-session-slot.tsx';
import { LazyTracePane } from './trace/lazy-trace-pane.tsx';
import { UpdatePrompt } from './update-prompt.tsx';
import { useLocalModelQuiet } from './use-local-model-quiet.ts';
import { useTheme } from './use-theme.ts';
import { useLanguage, useT, useNames } from './use-t.ts';

const paneTabs: Array<{ pane: MobilePane; key: 'app.pane.sessions' | 'app.pane.chat' | 'app.pane.trace' }> = [
  { pane: 'sessions', key: 'app.pane.sessions' },
  { pane: 'chat', key: 'app.pane.chat' },
  { pane: 'trace', key: 'app.pane.trace' },
];

/** The storage notices: a one-time upgrade in progress, and storage that is unavailable or failing. */
function StorageNotices() {
  const t = useT();
  const storage = useAppStore((state) => state.storage);
  const storageAlert = useAppStore((state) => state.storageAlert);
  const setStorage = useAppStore((state) => state.setStorage);
  return (
    <>
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
    </>
  );
}

/** The pane switcher of narrow screens. */
function PaneTabs() {
  const names = useNames();
  const t = useT();
  const mobilePane = useAppStore((state) => state.mobilePane);
  const setUi = useAppStore((state) => state.setUi);
  return (
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
  );
}

/**
 * Sessions, chat and trace, each behind its own error boundary so one failing leaves the others working. The chat's
 * boundary starts again for each session; a session it caught is not opened at the next start.
 */
function Panes() {
  const sidebarOpen = useAppStore((state) => state.sidebarOpen);
  const traceOpen = useAppStore((state) => state.traceOpen);
  const mobilePane = useAppStore((state) => state.mobilePane);
  const activeSessionId = useAppStore((state) => state.activeSessionId);
  const paneClass = (pane: MobilePane, open: boolean) =>
    `${mobilePane === pane ? 'flex' : 'hidden'} ${open ? 'md:flex' : 'md:hidden'}`;
  return (
    <div className="flex min-h-0 flex-1">
      <div className={`${paneClass('sessions', sidebarOpen)} w-full min-h-0 flex-col md:w-64 md:shrink-0`}>
        <ErrorBoundary part="sessions">
          <SessionSidebar />
        </ErrorBoundary>
      </div>
      <div className={`${paneClass('chat', true)} min-h-0 min-w-0 flex-1 flex-col`}>
        <ErrorBoundary
          part="chat"
          resetKey={activeSessionId}
          onError={rememberChatCrash}
          frame={<main aria-label="Chat" className="flex min-h-0 flex-1 flex-col overflow-y-auto" />}
          actions={<ChatCrashActions />}
        >
          <ChatOrSharedSession>
            <ChatPane />
          </ChatOrSharedSession>
          <SessionShownSignal />
        </ErrorBoundary>
      </div>
      <div className={`${paneClass('trace', traceOpen)} w-full min-h-0 flex-col md:w-[26rem] md:shrink-0 xl:w-[32rem]`}>
        <ErrorBoundary
          part="trace"
          resetKey={activeSessionId}
          frame={
            <aside
              aria-label="Trace"
              className="h-full min-h-0 w-full border-l border-slate-200 dark:border-slate-800"
            />
          }
        >
          <LazyTracePane />
        </ErrorBoundary>
      </div>
    </div>
  );
}

function AppShell() {
  const language = useLanguage();
  useTheme();
  useLocalModelQuiet();
  useGlobalShortcuts();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return (
    <div className="flex h-full flex-col">
      <AppHeader />
      <UpdatePrompt />
      <StorageNotices />
      <SessionRecoveryBanner />
      <PaneTabs />
      <Panes />
      <AppDialogs />
    </div>
  );
}

function ReloadButton() {
  const t = createCrashTranslate(useLanguage());
  return (
    <button
      type="button"
      className="rounded border border-current/40 px-2 py-0.5 text-xs"
      onClick={() => location.reload()}
    >
      {t('reload')}
    </button>
  );
}

/** The three-pane app: sessions, chat, trace; one pane at a time on narrow screens. */
export function App() {
  return (
    <ErrorBoundary part="app" frame={<div className="flex h-full flex-col p-4" />} actions={<ReloadButton />}>
      <AppShell />
    </ErrorBoundary>
  );
}
