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

/** Types a message and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the active session's run status has this value. */
export async function expectRunStatus(page: Page, status: string): Promise<void> {
  await expect(page.getByRole('main', { name: 'Chat' }).getByTestId('run-status')).toHaveAttribute('data-status', status, { timeout: 20_000 });
}

/** The text of the latest assistant answer. */
export function lastAnswer(page: Page) {
  return page.getByRole('article', { name: 'assistant message' }).last().getByTestId('message-text');
}

/** Points Settings at an OpenAI-compatible endpoint (Custom provider). */
export async function useEndpoint(page: Page, baseUrl: string, options: { model?: string; apiKey?: string; maxSteps?: number } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await dialog.getByLabel('API key').fill(options.apiKey ?? 'sk-test');
  await dialog.getByRole('combobox', { name: 'Model' }).fill(options.model ?? 'glassbox-demo');
  if (options.maxSteps !== undefined) await dialog.getByRole('spinbutton', { name: 'Max steps' }).fill(String(options.maxSteps));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}
