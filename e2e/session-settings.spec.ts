import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';
import { startMockLlmServer } from './mock-llm/server.ts';
import type { RecordedRequest } from './mock-llm/server.ts';

// Issue 19 item 5: a session's own model and system prompt, set from the chat header (button `Session model and
// prompt`, dialog `Session model and prompt` with `Model for this session` and `System prompt for this session`), shown there as a
// chip, used on the wire and in the trace by that session's runs only, kept across reloads, exported and imported.

/** The body of the latest chat completion request the server received. */
function lastChatBody(requests: RecordedRequest[]): {
  model: string;
  messages: Array<{ role: string; content: string | null }>;
} {
  const last = requests
    .filter((request) => request.method === 'POST' && request.path.endsWith('/chat/completions'))
    .at(-1);
  expect(last, 'a chat request was sent').toBeDefined();
  return last?.body as { model: string; messages: Array<{ role: string; content: string | null }> };
}

function chip(page: Page) {
  return page.getByRole('main', { name: 'Chat' }).getByTestId('session-overrides');
}

async function setOverrides(page: Page, values: { model?: string; systemPrompt?: string }): Promise<void> {
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Session model and prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session model and prompt' });
  if (values.model !== undefined)
    await dialog.getByRole('combobox', { name: 'Model for this session' }).fill(values.model);
  if (values.systemPrompt !== undefined)
    await dialog.getByRole('textbox', { name: 'System prompt for this session' }).fill(values.systemPrompt);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** The trace names an llm span by the model it called (`llm: <model>`); the latest run is expanded. */
function llmSpan(page: Page, model: string) {
  return page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: `llm: ${model}`, exact: true });
}

// Several runs and a reload per test, on a machine shared with other builds.
test.describe.configure({ timeout: 90_000 });

test('a session’s own model and system prompt go on the wire and into the trace; other sessions keep Settings', async ({
  page,
}) => {
  const server = await startMockLlmServer({
    port: 0,
    chunkDelayMs: 2,
    models: ['global-model', 'qwen-max', 'glm-4-plus'],
  });
  try {
    await openApp(page);
    await useEndpoint(page, server.url, { model: 'global-model' });
    await expect(chip(page)).toHaveCount(0);

    // The dialog offers the endpoint's models and accepts any typed id.
    await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Session model and prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Session model and prompt' });
    const model = dialog.getByRole('combobox', { name: 'Model for this session' });
    await expect(dialog).toContainText('3 models listed by the endpoint');
    await expect(model).toHaveAttribute('placeholder', /global-model/u);
    expect(
      await dialog
        .locator('datalist option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).toSorted()),
    ).toEqual(['glm-4-plus', 'global-model', 'qwen-max']);
    await model.fill('qwen-max');
    await dialog
      .getByRole('textbox', { name: 'System prompt for this session' })
      .fill('You are a terse assistant for this session.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(chip(page)).toHaveText(/Model: qwen-max · custom system prompt/u);

    // The app header names the model this session's runs use.
    await expect(page.getByRole('banner').getByTitle('qwen-max', { exact: true })).toBeVisible();
    await send(page, 'Hello there');
    await expectRunStatus(page, 'done');
    const first = lastChatBody(server.requests);
    expect(first.model).toBe('qwen-max');
    expect(first.messages[0]).toEqual({ role: 'system', content: 'You are a terse assistant for this session.' });
    await expect(llmSpan(page, 'qwen-max')).toHaveCount(1);
    await llmSpan(page, 'qwen-max').click();
    await expect(page.getByRole('region', { name: 'Span details' })).toContainText('qwen-max');

    // Kept across a reload.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(chip(page)).toHaveText(/Model: qwen-max · custom system prompt/u);

    // A new session uses the global settings.
    await page.getByRole('button', { name: 'New session' }).click();
    await expect(chip(page)).toHaveCount(0);
    await expect(page.getByRole('banner').getByTitle('global-model', { exact: true })).toBeVisible();
    await send(page, 'And in a new session?');
    await expectRunStatus(page, 'done');
    const second = lastChatBody(server.requests);
    expect(second.model).toBe('global-model');
    expect(second.messages[0]?.role).toBe('system');
    expect(second.messages[0]?.content).not.toContain('terse assistant for this session');
    await expect(llmSpan(page, 'global-model')).toHaveCount(1);
    await expect(llmSpan(page, 'qwen-max')).toHaveCount(0);
  } finally {
    await server.close();
  }
});

test('the chip clears the override, and Use the global model and prompt does too; a bad model id is refused without losing the text', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { model: 'global-model' });
  await send(page, 'First question');
  await expectRunStatus(page, 'done');

  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Session model and prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session model and prompt' });
  const model = dialog.getByRole('combobox', { name: 'Model for this session' });
  const prompt = dialog.getByRole('textbox', { name: 'System prompt for this session' });
  await prompt.fill('Answer like a pirate.');
  // An id longer than any model's is refused with the reason; the dialog stays open with everything typed.
  await model.fill('m'.repeat(501));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A model id can be at most 500 characters.');
  await expect(prompt).toHaveValue('Answer like a pirate.');
  await model.fill('model-a');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(chip(page)).toHaveText(/Model: model-a · custom system prompt/u);

  // Editing shows what is stored; only the prompt now.
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Session model and prompt' }).click();
  await expect(model).toHaveValue('model-a');
  await expect(prompt).toHaveValue('Answer like a pirate.');
  await model.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(chip(page)).toContainText('Custom system prompt');
  await expect(chip(page)).not.toContainText('Model:');
  await send(page, 'Second question');
  await expectRunStatus(page, 'done');
  const body = lastChatBody(mockLlm.requests);
  expect(body.model).toBe('global-model');
  expect(body.messages[0]).toEqual({ role: 'system', content: 'Answer like a pirate.' });

  await chip(page).getByRole('button', { name: 'Clear session overrides' }).click();
  await expect(chip(page)).toHaveCount(0);

  await setOverrides(page, { model: 'model-b' });
  await expect(chip(page)).toHaveText(/Model: model-b/u);
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Session model and prompt' }).click();
  await dialog.getByRole('button', { name: 'Use the global model and prompt' }).click();
  await expect(dialog).toBeHidden();
  await expect(chip(page)).toHaveCount(0);
  await send(page, 'Third question');
  await expectRunStatus(page, 'done');
  const third = lastChatBody(mockLlm.requests);
  expect(third.model).toBe('global-model');
});

test('overrides travel with Export session and come back on Import', async ({ page }) => {
  await openApp(page);
  await send(page, 'What is 2+3?');
  await expectRunStatus(page, 'done');
  await setOverrides(page, { model: 'exported-model', systemPrompt: 'Exported prompt.' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export session' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  const file = JSON.parse(text) as { sessions: Array<{ overrides?: unknown }> };
  expect(file.sessions[0]?.overrides).toEqual({ model: 'exported-model', systemPrompt: 'Exported prompt.' });

  await page.getByRole('button', { name: 'New session' }).click();
  await expect(chip(page)).toHaveCount(0);
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: 'session.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  // The first imported session (a copy: the original is still here) opens, with its overrides.
  await expect(page.getByRole('list', { name: 'Session list' }).getByRole('listitem')).toHaveCount(3);
  await expect(chip(page)).toHaveText(/Model: exported-model · custom system prompt/u);
});

test('the offline demo answers in a session with overrides, in English and in Chinese', async ({ page }) => {
  await openApp(page);
  await setOverrides(page, { model: 'any-model-name', systemPrompt: 'Be brief.' });
  await expect(page.getByRole('dialog', { name: 'Session model and prompt' })).toBeHidden();
  await send(page, 'What is (128+374)*2?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('1004');

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = await settingsTab(page, 'Appearance');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(chip(page)).toContainText('模型：any-model-name · 自定义系统提示词');
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Session model and prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session model and prompt' });
  await expect(dialog).toContainText('本会话的模型和提示词');
  await expect(dialog).toContainText('离线演示模型会以任何模型名称回答');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await send(page, '帮我算一下 6*7 等于多少');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('42');
});
