import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { startMockLlmServer } from './mock-llm/server.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test } from './fixtures.ts';

function settingsDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Settings' });
}

async function openSettings(page: Page, tab?: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(settingsDialog(page)).toBeVisible();
  if (tab) await settingsTab(page, tab);
  return settingsDialog(page);
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The settings record as stored in IndexedDB. */
async function storedSettings(page: Page): Promise<Record<string, unknown> | undefined> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('settings', 'readonly').objectStore('settings').get('settings');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { value?: Record<string, unknown> } | undefined)?.value);
          };
        };
      }),
  );
}

test.describe('Settings: endpoint', () => {
  test('provider presets fill the base URL', async ({ page }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const provider = dialog.getByRole('combobox', { name: 'Provider' });
    const baseUrl = dialog.getByRole('textbox', { name: 'Base URL' });
    await expect(provider).toHaveValue('demo');
    await expect(baseUrl).toBeDisabled();

    const presets: Array<[string, string]> = [
      ['Ollama', 'http://localhost:11434/v1'],
      ['LM Studio', 'http://localhost:1234/v1'],
      ['vLLM', 'http://localhost:8000/v1'],
      ['llama.cpp server', 'http://localhost:8080/v1'],
      ['OpenAI', 'https://api.openai.com/v1'],
      ['DeepSeek', 'https://api.deepseek.com/v1'],
      ['OpenRouter', 'https://openrouter.ai/api/v1'],
      ['Groq', 'https://api.groq.com/openai/v1'],
    ];
    for (const [label, url] of presets) {
      await provider.selectOption({ label });
      await expect(baseUrl).toBeEnabled();
      await expect(baseUrl).toHaveValue(url);
    }
    // Ollama's preset tells how to allow the browser.
    await provider.selectOption({ label: 'Ollama' });
    await expect(dialog).toContainText('OLLAMA_ORIGINS');

    await provider.selectOption({ label: 'Custom (OpenAI-compatible)' });
    await baseUrl.fill('http://my-server:9000/v1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const reopened = await openSettings(page);
    await expect(reopened.getByRole('textbox', { name: 'Base URL' })).toHaveValue('http://my-server:9000/v1');
  });

  test('the model list comes from GET /models, and a model it does not list can still be typed', async ({ page }) => {
    const server = await startMockLlmServer({ port: 0, models: ['alpha-7b', 'beta-13b', 'glassbox-demo'] });
    try {
      await openApp(page);
      const dialog = await openSettings(page);
      await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
      await dialog.getByRole('textbox', { name: 'Base URL' }).fill(server.url);
      await dialog.getByLabel('API key').fill('sk-list');
      await dialog.getByRole('button', { name: 'Load models' }).click();
      await expect(dialog.getByRole('status')).toContainText('3 models');
      expect(
        server.requests.some(
          (request) =>
            request.method === 'GET' &&
            request.path === '/v1/models' &&
            request.headers.authorization === 'Bearer sk-list',
        ),
      ).toBe(true);

      const model = dialog.getByRole('combobox', { name: 'Model' });
      const listId = await model.getAttribute('list');
      await expect(dialog.locator(`datalist[id="${listId}"] option`)).toHaveCount(3);
      expect(
        await dialog
          .locator(`datalist[id="${listId}"] option`)
          .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
      ).toEqual(['alpha-7b', 'beta-13b', 'glassbox-demo']);

      await model.fill('my-own-finetune');
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect(dialog.getByRole('alert')).toContainText('does not list the model "my-own-finetune"');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();

      server.enqueue({ kind: 'reply', content: 'Hello from the fine-tune.' });
      await send(page, 'Hi');
      await expectRunStatus(page, 'done');
      await expect(lastAnswer(page)).toHaveText('Hello from the fine-tune.');
      const chat = server.requests.find((request) => request.path === '/v1/chat/completions');
      expect((chat?.body as { model?: string } | undefined)?.model).toBe('my-own-finetune');
    } finally {
      await server.close();
    }
  });

  test('Test connection says exactly what is wrong: a rejected key, a closed port, or all good', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
    const baseUrl = dialog.getByRole('textbox', { name: 'Base URL' });
    await dialog.getByRole('combobox', { name: 'Model' }).fill('glassbox-demo');
    await dialog.getByLabel('API key').fill('sk-bad');
    const testButton = dialog.getByRole('button', { name: 'Test connection' });

    // A wrong key: the endpoint answers 401.
    await baseUrl.fill(mockLlm.url);
    mockLlm.enqueue({ kind: 'error', status: 401 });
    await testButton.click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('The API key was rejected');
    await expect(alert).toContainText('Incorrect API key');

    // Nothing listening: network/CORS advice.
    await baseUrl.fill(`http://127.0.0.1:${await closedPort()}/v1`);
    await testButton.click();
    await expect(alert).toContainText('Cannot reach the endpoint');
    await expect(alert).toContainText('server is running');
    await expect(alert).toContainText('CORS');
    await expect(alert).toContainText('OLLAMA_ORIGINS');

    // All good: the model answers a test message.
    await baseUrl.fill(mockLlm.url);
    await dialog.getByLabel('API key').fill('sk-good');
    await testButton.click();
    await expect(dialog.getByRole('status')).toContainText('“glassbox-demo” answered');
    await expect(alert).toHaveCount(0);
    const probe = mockLlm.requests.filter((request) => request.path === '/v1/chat/completions').at(-1);
    expect(probe?.headers.authorization).toBe('Bearer sk-good');
  });
});

test.describe('Settings: API key', () => {
  test('the key is masked, can be shown, and is kept out of IndexedDB when not remembered — yet used this session', async ({
    page,
    mockLlm,
  }) => {
    const apiKey = 'sk-session-only-42';
    await openApp(page);
    const dialog = await openSettings(page);
    await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
    await dialog.getByRole('textbox', { name: 'Base URL' }).fill(mockLlm.url);
    await dialog.getByRole('combobox', { name: 'Model' }).fill('glassbox-demo');
    const key = dialog.getByLabel('API key');
    await key.fill(apiKey);
    await expect(key).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show' }).click();
    await expect(key).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide' }).click();
    await expect(key).toHaveAttribute('type', 'password');

    const remember = dialog.getByRole('checkbox', { name: 'Remember the key in this browser' });
    await expect(remember).toBeChecked();
    await remember.uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await send(page, 'What is 2+3?');
    await expectRunStatus(page, 'done');
    expect(
      mockLlm.requests
        .filter((request) => request.path === '/v1/chat/completions')
        .every((request) => request.headers.authorization === `Bearer ${apiKey}`),
    ).toBe(true);
    const saved = await storedSettings(page);
    expect(saved?.storeApiKey).toBe(false);
    expect(saved?.baseUrl).toBe(mockLlm.url);
    expect(JSON.stringify(saved)).not.toContain(apiKey);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(JSON.stringify(await storedSettings(page))).not.toContain(apiKey);
    const reopened = await openSettings(page);
    await expect(reopened.getByLabel('API key')).toHaveValue('');
    await expect(reopened.getByRole('checkbox', { name: 'Remember the key in this browser' })).not.toBeChecked();

    // Remembering it stores it (so the check above is meaningful).
    await reopened.getByLabel('API key').fill(apiKey);
    await reopened.getByRole('checkbox', { name: 'Remember the key in this browser' }).check();
    await reopened.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await storedSettings(page))?.apiKey).toBe(apiKey);
  });
});

test.describe('Settings: tabs', () => {
  test('the sections are ARIA tabs: arrows, Home and End move between them, one panel shows at a time', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const tabs = dialog.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(['Model', 'Agent', 'Tools', 'Memory', 'Tracing', 'Data', 'Appearance']);
    const model = dialog.getByRole('tab', { name: 'Model' });
    await expect(model).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).toHaveCount(1);
    await expect(dialog.getByRole('tabpanel')).toHaveAccessibleName('Model');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toHaveCount(0);

    await model.focus();
    await page.keyboard.press('ArrowRight');
    const agent = dialog.getByRole('tab', { name: 'Agent' });
    await expect(agent).toBeFocused();
    await expect(agent).toHaveAttribute('aria-selected', 'true');
    await expect(model).toHaveAttribute('aria-selected', 'false');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(dialog.getByRole('tab', { name: 'Appearance' })).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'Theme' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(model).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('tab', { name: 'Appearance' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(model).toHaveAttribute('aria-selected', 'true');
    // One tab stop: Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeFocused();
  });

  test('every named control is reachable through its tab, and edits in several tabs are saved together', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const reach: Array<[string, string, string]> = [
      ['Model', 'combobox', 'Provider'],
      ['Model', 'textbox', 'Base URL'],
      ['Model', 'combobox', 'Model'],
      ['Model', 'spinbutton', 'Context window'],
      ['Agent', 'spinbutton', 'Max steps'],
      ['Agent', 'combobox', 'Protocol'],
      ['Agent', 'textbox', 'System prompt'],
      ['Tools', 'checkbox', 'calculator'],
      ['Tools', 'button', 'New tool'],
      ['Tools', 'button', 'Add MCP server'],
      ['Tracing', 'textbox', 'OTLP endpoint'],
      ['Data', 'region', 'Storage'],
      ['Appearance', 'combobox', 'Language'],
    ];
    for (const [tab, role, name] of reach) {
      await settingsTab(page, tab);
      await expect(dialog.getByRole(role as 'button', { name, exact: true }), `${name} in ${tab}`).toBeVisible();
    }
    await expect(dialog.getByLabel('API key')).toBeHidden();
    await settingsTab(page, 'Model');
    await expect(dialog.getByLabel('API key')).toBeVisible();

    await settingsTab(page, 'Agent');
    await dialog.getByRole('spinbutton', { name: 'Max steps' }).fill('7');
    await settingsTab(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await settingsTab(page, 'Agent');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toHaveValue('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => [(await storedSettings(page))?.maxSteps, (await storedSettings(page))?.theme])
      .toEqual([7, 'dark']);
  });
});

test.describe('Settings: search', () => {
  test('filters settings by name across the tabs: the open tab follows the matches, others are marked', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const search = dialog.getByRole('searchbox', { name: 'Search settings' });
    await search.fill('max steps');
    // Nothing on the Model tab matches, so the Agent tab opens.
    await expect(dialog.getByRole('tab', { name: 'Agent' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'Agent' })).toHaveAttribute('data-matches', '1');
    await expect(dialog.getByRole('tab', { name: 'Model' })).toHaveAttribute('data-matches', '0');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Max tool calls' })).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'System prompt' })).toBeHidden();
    await expect(dialog).toContainText('Settings found: 1');

    // A tab without matches says so.
    await settingsTab(page, 'Model');
    await expect(dialog.getByRole('tabpanel')).toContainText('Nothing in this tab matches “max steps”');
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeHidden();

    // A term found in two tabs counts in both.
    await search.fill('model');
    await expect(dialog.getByRole('tab', { name: 'Model' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Context window' })).toBeHidden();

    await search.fill('no such setting');
    await expect(dialog.getByRole('tabpanel')).toContainText('No setting matches “no such setting”.');

    // Esc clears the search first, then closes the dialog; every control is back.
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Model' })).not.toHaveAttribute('data-matches');
    await search.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('English and Chinese names both find a setting, whichever language the UI shows; an edit made while searching is kept', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const search = dialog.getByRole('searchbox', { name: 'Search settings' });
    await search.fill('主题');
    await expect(dialog.getByRole('tab', { name: 'Appearance' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('combobox', { name: 'Theme' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Language' })).toBeHidden();
    await search.fill('language');
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await search.fill('');
    await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('zh-CN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    const chinese = await openSettings(page);
    await expect(search).toHaveAttribute('placeholder', '搜索设置');
    await search.fill('system prompt');
    await expect(chinese.getByRole('tab', { name: 'Agent' })).toHaveAttribute('aria-selected', 'true');
    await expect(chinese.getByRole('textbox', { name: 'System prompt' })).toBeVisible();
    await search.fill('上下文');
    await expect(chinese.getByRole('spinbutton', { name: 'Context window' })).toBeVisible();
    // The context window, recall into the context and compaction.
    await expect(chinese).toContainText('找到 3 项设置');
    await expect(chinese.getByRole('tab', { name: 'Memory' })).toHaveAttribute('data-matches', '2');
  });
});

test.describe('Settings: dialog focus', () => {
  test('focus moves into the dialog, stays there, and returns to Settings on Esc and Cancel', async ({ page }) => {
    await openApp(page);
    const settingsButton = page.getByRole('button', { name: 'Settings' });
    await settingsButton.focus();
    await page.keyboard.press('Enter');
    const dialog = settingsDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Search settings' })).toBeFocused();
    // The page behind is inert while the dialog is open.
    for (let index = 0; index < 40; index += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active === null || active.closest('dialog') !== null;
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settingsButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(settingsButton).toBeFocused();
  });

  test('the delete-session confirmation is a focused dialog; Cancel keeps the session', async ({ page }) => {
    await openApp(page);
    await send(page, 'What is 2+3?');
    await expectRunStatus(page, 'done');
    await page.getByRole('button', { name: 'Delete session' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await expect(confirm.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete session' })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Session list' }).getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('Settings: language and theme', () => {
  test.describe('in a Simplified Chinese browser', () => {
    test.use({ locale: 'zh-CN' });

    test('shows Chinese text by default while the English accessible names keep working', async ({ page }) => {
      await openApp(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.getByRole('heading', { name: '欢迎使用 Glassbox' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Settings' })).toContainText('设置');
      await expect(page.getByRole('button', { name: 'New session' })).toHaveText('新建会话');
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', /发送/);

      await send(page, '帮我算一下 (128+374)*2 等于多少');
      await expectRunStatus(page, 'done');
      await expect(lastAnswer(page)).toContainText('1004');
      await expect(page.getByRole('main', { name: 'Chat' }).getByTestId('run-status')).toHaveText(/完成/);
      await expect(
        page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: calculator/ }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Expand all' })).toHaveText('全部展开');

      const dialog = await openSettings(page, 'Appearance');
      await expect(dialog.getByRole('button', { name: 'Save' })).toHaveText('保存');
      await dialog.getByRole('combobox', { name: 'Language' }).selectOption('en');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'New session' })).toHaveText('New session');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('English by default in an English browser, switchable to Simplified Chinese', async ({ page }) => {
    await openApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Welcome to Glassbox' })).toBeVisible();
    const dialog = await openSettings(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: '欢迎使用 Glassbox' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '欢迎使用 Glassbox' })).toBeVisible();
  });

  test('light and dark: follows the system, or the choice in Settings', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page);
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBackground = await background();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await background()).not.toBe(darkBackground);

    const dialog = await openSettings(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await background()).toBe(darkBackground);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);

    const again = await openSettings(page, 'Appearance');
    await again.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    await again.getByRole('button', { name: 'Save' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});
