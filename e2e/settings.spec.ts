import { startMockLlmServer } from './mock-llm/server.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';
import { openSettings, closedPort, storedSettings } from './settings-helpers.ts';

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
