import { test as base, expect, type Page } from '@playwright/test';
import { startMockLlmServer, type MockLlmServer } from './mock-llm/server.ts';

/** Playwright test with a fresh scripted OpenAI-compatible server per test. */
export const test = base.extend<{ mockLlm: MockLlmServer }>({
  mockLlm: async ({}, use) => {
    const server = await startMockLlmServer({ port: 0, chunkDelayMs: 2 });
    await use(server);
    await server.close();
  },
});

export { expect };

/** Opens the app and waits until it accepts input. */
export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
}

/** The messages the user typed, in the Chat pane. */
export function userMessages(page: Page) {
  return page.getByRole('main', { name: 'Chat' }).getByRole('article', { name: 'user message' });
}

/** Types a message and presses Enter; resolves once the box has taken it (sent now, or queued). */
export async function submit(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/**
 * Sends a message and waits until its run has started: it is the newest user message in the chat. From then on
 * the run status is this run's (the app shows a new question with `running`, never beside the last run's Done),
 * so `expectRunStatus` after `send` waits for the new run rather than reading the previous one.
 */
export async function send(page: Page, text: string): Promise<void> {
  const before = await userMessageCount(page);
  await submit(page, text);
  // The session may change under the message (New session was clicked just before): a count then belongs to
  // another session, and any message in the new one is this one.
  await expect
    .poll(
      async () => {
        const now = await userMessageCount(page);
        return now.sessionId === before.sessionId ? now.count > before.count : now.count > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(userMessages(page).last().getByTestId('user-text')).toHaveText(text.trim(), { timeout: 20_000 });
}

/** How many messages the user typed in the active session (the chat renders only those near the viewport). */
async function userMessageCount(page: Page): Promise<{ sessionId: string | null; count: number }> {
  const chat = page.getByRole('main', { name: 'Chat' });
  const [sessionId, count] = await Promise.all([
    chat.getAttribute('data-session-id'),
    chat.getAttribute('data-user-messages'),
  ]);
  return { sessionId, count: Number(count) };
}

/** Sends a message and waits for its run to end with this status. */
export async function sendAndWait(page: Page, text: string, status = 'done'): Promise<void> {
  await send(page, text);
  await expectRunStatus(page, status);
}

/**
 * Waits until the active session's run status has this value. It reads the status shown now: call it after
 * something only the awaited run produces (`send`, its answer text), never right after an action whose run may not
 * have started yet while the previous run's status still shows.
 */
export async function expectRunStatus(page: Page, status: string): Promise<void> {
  await expect(page.getByRole('main', { name: 'Chat' }).getByTestId('run-status')).toHaveAttribute(
    'data-status',
    status,
    { timeout: 20_000 },
  );
}

/** The text of the latest assistant answer. */
export function lastAnswer(page: Page) {
  return page.getByRole('article', { name: 'assistant message' }).last().getByTestId('message-text');
}

/**
 * Selects a tab of the open Settings dialog (UI-CONTRACT.md "Settings sections": Model, Agent, Tools, Memory,
 * Tracing, Data, Appearance) and returns the dialog; a control is reachable only once its tab is selected.
 */
export async function settingsTab(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const tab = dialog.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

/** Switches the app to Simplified Chinese through Settings → Appearance and waits until the page says so. */
export async function chooseChinese(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = await settingsTab(page, 'Appearance');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
}

/** Points Settings at an OpenAI-compatible endpoint (Custom provider). */
export async function useEndpoint(
  page: Page,
  baseUrl: string,
  options: { model?: string; apiKey?: string; maxSteps?: number } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await dialog.getByLabel('API key').fill(options.apiKey ?? 'sk-test');
  await dialog.getByRole('combobox', { name: 'Model' }).fill(options.model ?? 'glassbox-demo');
  if (options.maxSteps !== undefined) {
    await settingsTab(page, 'Agent');
    await dialog.getByRole('spinbutton', { name: 'Max steps' }).fill(String(options.maxSteps));
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Waits until the page is controlled by an activated service worker (so everything it needs is precached) and
 * cross-origin isolated. On a host that does not send the isolation headers, the worker's first takeover reloads the
 * page once to get them (src/store/actions/app-update.ts): a check that meets that navigation reads as not yet.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration();
            const controlled = navigator.serviceWorker.controller && registration?.active?.state === 'activated';
            return Boolean(controlled && globalThis.crossOriginIsolated);
          })
          .catch(() => false),
      { timeout: 30_000 },
    )
    .toBe(true);
}
