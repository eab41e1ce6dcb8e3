// First, before any module parses with zod.
import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './ui/app.tsx';
import { startApp } from './start-app.ts';
import { defaultSettings } from './config/settings.ts';
import { prepareLanguageOf } from './store/actions/current-language.ts';
import { registerServiceWorkerWhenIdle } from './store/actions/app-update.ts';
import { loadAgentRuntime } from './store/actions/load-agent-runtime.ts';
import { prepareSearch } from './store/actions/session-actions.ts';
import { loadMarkdownRenderer } from './ui/chat/markdown.tsx';
import { requestTracePane } from './ui/trace/lazy-trace-pane.tsx';

function render(): void {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Chinese is a chunk of its own (src/i18n/chinese.ts): a Chinese browser gets it before the first paint.
const language = prepareLanguageOf(defaultSettings.language);
if (language) void language.then(render);
else render();

/**
 * The heavy parts (Markdown parser, agent runtime with the model clients and tools, the trace pane) are chunks of
 * their own so the first load stays small: the message box is usable before they arrive. Once the app is up and
 * idle they are fetched in the background (and the parser run once, so its code is compiled before the first real
 * message), so the first answer neither waits for them nor shows plain text first. The `glassbox:idle` mark is that
 * moment: `npm run bench` counts the bytes fetched before it (bench/README-figures.md).
 */
function preloadWhenIdle(): void {
  const idle = (work: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 200);
  idle(() => {
    performance.mark('glassbox:idle');
    requestTracePane();
    void loadMarkdownRenderer().then(
      (renderer) => idle(() => renderer.warmUpMarkdown()),
      () => undefined,
    );
    void loadAgentRuntime().catch(() => undefined);
    // A search index stored by an older build is rebuilt now, before the first search would scan instead.
    prepareSearch();
  });
}

void startApp().finally(() => {
  preloadWhenIdle();
  registerServiceWorkerWhenIdle();
});
