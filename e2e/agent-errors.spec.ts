import { startMockLlmServer } from './mock-llm/server.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { chat, chatBodies, closedPort, spanTree, sseChunk } from './agent-helpers.ts';

test.describe('endpoint failures become clear alerts', () => {
  test('a named error event in the middle of a stream becomes a clear alert, and Retry asks again', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({
      kind: 'sse',
      body:
        ': PROCESSING\n\n' +
        sseChunk({ role: 'assistant', content: '' }) +
        sseChunk({ content: 'Starting to answer' }) +
        `event: error\ndata: ${JSON.stringify({ error: { message: 'Upstream provider overloaded mid-answer', type: 'server_error', code: 'upstream_error' } })}\n\n`,
    });
    await send(page, 'Break in the middle');
    await expectRunStatus(page, 'error');
    const alert = chat(page).getByRole('alert');
    await expect(alert).toContainText('Upstream provider overloaded mid-answer');
    await expect(alert).toContainText(/error/i);
    const partial = page.getByRole('article', { name: 'assistant message' }).last();
    await expect(partial.getByTestId('message-text')).toHaveText('Starting to answer');
    // It broke off with an error; nobody pressed Stop.
    await expect(partial.getByRole('note')).toContainText('because of an error');
    await expect(partial).not.toContainText('Stopped');
    await expect(spanTree(page).locator('[data-span-kind="llm"]')).toHaveAttribute('data-span-status', 'error');
    expect(chatBodies(mockLlm)).toHaveLength(1);

    // Retry asks again; the broken-off text is replaced, not sent back as the last message.
    mockLlm.enqueue({ kind: 'reply', content: 'A complete answer this time.' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toHaveText('A complete answer this time.');
    await expect(chat(page).getByText('Starting to answer')).toHaveCount(0);
    const retried = chatBodies(mockLlm)[1]?.messages ?? [];
    expect(retried.at(-1)).toMatchObject({ role: 'user', content: 'Break in the middle' });
    expect(JSON.stringify(retried)).not.toContain('Starting to answer');

    await page.reload();
    await expect(lastAnswer(page)).toHaveText('A complete answer this time.');
    await expect(chat(page).getByText('Starting to answer')).toHaveCount(0);
  });

  test('an error object inside an ordinary chunk (OpenRouter style) also becomes an alert', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({
      kind: 'sse',
      body:
        sseChunk({ role: 'assistant', content: '' }) +
        sseChunk({ role: 'assistant', content: 'The beginning' }) +
        sseChunk(
          { role: 'assistant', content: '' },
          { error: { code: 400, message: 'Token limit reached' } },
          'length',
        ) +
        'data: [DONE]\n\n',
    });
    await send(page, 'A long request');
    await expectRunStatus(page, 'error');
    await expect(chat(page).getByRole('alert')).toContainText('Token limit reached');
    await expect(lastAnswer(page)).toHaveText('The beginning');
  });

  test('a wait longer than 20 s stops the run with an alert saying how long, and Retry runs it again', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({
      kind: 'error',
      status: 429,
      headers: { 'retry-after': '45' },
      body: {
        error: {
          message: 'Rate limit reached for requests per minute.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
    });
    await send(page, 'Rate limited for a while');
    await expectRunStatus(page, 'error');
    const alert = chat(page).getByRole('alert');
    await expect(alert).toContainText('45 seconds');
    expect(chatBodies(mockLlm)).toHaveLength(1);

    mockLlm.enqueue({ kind: 'reply', content: 'Finally answered.' });
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('Finally answered.');
    await expect(chat(page).getByRole('alert')).toHaveCount(0);
    const bodies = chatBodies(mockLlm);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([
      'Rate limited for a while',
    ]);
    await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(1);
  });

  test('a 404 offers the models the endpoint lists', async ({ page }) => {
    const server = await startMockLlmServer({ models: ['llama3.2:3b', 'qwen2.5:7b'] });
    try {
      await openApp(page);
      await useEndpoint(page, server.url, { model: 'no-such-model' });
      server.enqueue({
        kind: 'error',
        status: 404,
        body: {
          error: {
            message: 'model "no-such-model" not found, try pulling it first',
            type: 'api_error',
            param: null,
            code: null,
          },
        },
      });
      await send(page, 'Hello?');
      await expectRunStatus(page, 'error');
      const alert = chat(page).getByRole('alert');
      await expect(alert).toContainText('no-such-model');
      await expect(alert).toContainText('llama3.2:3b, qwen2.5:7b');
      // The list is offered once, not repeated by the view.
      expect((await alert.textContent())?.match(/llama3\.2:3b/g)).toHaveLength(1);
      expect(server.requests.some((request) => request.method === 'GET' && request.path.endsWith('/models'))).toBe(
        true,
      );
    } finally {
      await server.close();
    }
  });

  test('a refused connection explains the CORS fixes for Ollama and LM Studio', async ({ page }) => {
    test.slow();
    const port = await closedPort();
    await openApp(page);
    await useEndpoint(page, `http://127.0.0.1:${port}/v1`, { apiKey: '' });
    await send(page, 'Is anyone there?');
    await expectRunStatus(page, 'error');
    const alert = chat(page).getByRole('alert');
    await expect(alert).toContainText('OLLAMA_ORIGINS');
    await expect(alert).toContainText('LM Studio');
    await expect(alert).toContainText(/CORS/);
    await expect(page.getByRole('article', { name: 'user message' })).toContainText('Is anyone there?');
    await page.getByRole('button', { name: 'Expand all' }).click();
    // Network errors are retried; each attempt after a wait failed the same way.
    const retries = spanTree(page).getByRole('treeitem', { name: /^retry: .*network/ });
    await expect(retries).toHaveCount(3);
    for (const retry of await retries.all()) await expect(retry).toHaveAttribute('data-span-status', 'error');
  });
});
