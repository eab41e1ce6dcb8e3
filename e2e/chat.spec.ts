import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

function userMessages(page: Page) {
  return page.getByRole('article', { name: 'user message' });
}

function assistantTexts(page: Page) {
  return page.getByRole('article', { name: 'assistant message' }).getByTestId('message-text');
}

function runSpans(page: Page) {
  return page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="run"]');
}

test.describe('chat: safe Markdown and copying', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('renders untrusted Markdown safely and fetches a remote image only when asked', async ({ page, mockLlm }) => {
    const imageHost = `localhost:${mockLlm.port}`;
    const imageUrl = `http://${imageHost}/pixel.png`;
    const requestsToImageHost: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).host === imageHost) requestsToImageHost.push(request.url());
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({
      kind: 'reply',
      content: [
        'Here is **bold** text.',
        '',
        '<script>window.__pwned = "script"</script>',
        '',
        '<img src="x" onerror="window.__pwned = \'img\'">',
        '',
        '[x](javascript:alert(1)) and [docs](https://example.com/docs)',
        '',
        `![a tracking pixel](${imageUrl})`,
        '',
        'End of answer.',
      ].join('\n'),
    });
    await send(page, 'Show me some tricky Markdown');
    await expectRunStatus(page, 'done');

    const answer = lastAnswer(page);
    await expect(answer).toContainText('End of answer.');
    await expect(answer.locator('strong')).toHaveText('bold');
    // Raw HTML is never turned into elements.
    await expect(answer.locator('script')).toHaveCount(0);
    await expect(answer.locator('img')).toHaveCount(0);
    await expect(answer.locator('[onerror]')).toHaveCount(0);
    // No javascript: link survives; the safe link does.
    await expect(answer.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(answer.getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://example.com/docs');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();

    // The remote image is a placeholder: nothing reached its host yet.
    const loadImage = answer.getByRole('button', { name: `Load image from ${imageHost}` });
    await expect(loadImage).toBeVisible();
    expect(requestsToImageHost).toEqual([]);

    await loadImage.click();
    await expect.poll(() => requestsToImageHost.length).toBeGreaterThan(0);
    expect(requestsToImageHost[0]).toBe(imageUrl);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  });

  test('a code block has a Copy button, and Copy message copies the whole answer', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    const code = 'function square(n) {\n  return n * n;\n}';
    mockLlm.enqueue({ kind: 'reply', content: `Use this:\n\n\`\`\`js\n${code}\n\`\`\`\n\nThat is all.` });
    await send(page, 'Write a square function');
    await expectRunStatus(page, 'done');

    const answer = page.getByRole('article', { name: 'assistant message' }).last();
    const block = answer.getByTestId('code-block');
    await expect(block).toHaveAttribute('data-language', 'js');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await answer.getByRole('button', { name: 'Copy message' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('That is all.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('return n * n;');
  });
});

test.describe('chat: message actions', () => {
  test('Regenerate replaces the last answer; the first run stays in the trace', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'reply', content: 'First draft of the answer.' });
    await send(page, 'Tell me a fact');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toHaveText('First draft of the answer.');

    mockLlm.enqueue({ kind: 'reply', content: 'Second, better answer.' });
    await page
      .getByRole('article', { name: 'assistant message' })
      .last()
      .getByRole('button', { name: 'Regenerate' })
      .click();
    // The new answer first: right after the click the status may still be the first run's Done.
    await expect(lastAnswer(page)).toHaveText('Second, better answer.');
    await expectRunStatus(page, 'done');
    await expect(assistantTexts(page)).toHaveCount(1);
    await expect(userMessages(page)).toHaveCount(1);
    await expect(runSpans(page)).toHaveCount(2);

    // The model was asked the same question again, without the dropped answer.
    const chats = mockLlm.requests.filter((request) => request.path.endsWith('/chat/completions'));
    const last = chats.at(-1)?.body as { messages: Array<{ role: string; content: string | null }> };
    expect(last.messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([
      'Tell me a fact',
    ]);
    expect(last.messages.some((message) => message.content === 'First draft of the answer.')).toBe(false);

    await page.reload();
    await expect(lastAnswer(page)).toHaveText('Second, better answer.');
    await expect(assistantTexts(page)).toHaveCount(1);
  });

  test('Edit and resend replaces the later messages in the chat while their runs stay in the trace', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'reply', content: 'Answer one.' }, { kind: 'reply', content: 'Answer two.' });
    await send(page, 'Question one');
    await expectRunStatus(page, 'done');
    await send(page, 'Question two');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toHaveText('Answer two.');

    const first = userMessages(page).filter({ hasText: 'Question one' });
    await first.getByRole('button', { name: 'Edit message' }).click();
    const editor = first.getByRole('textbox', { name: 'Edited message' });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue('Question one');
    await editor.fill('Question one, edited');
    mockLlm.enqueue({ kind: 'reply', content: 'Answer to the edit.' });
    await first.getByRole('button', { name: 'Save and resend' }).click();
    // The new answer first: right after the click the status may still be the last run's Done.
    await expect(lastAnswer(page)).toHaveText('Answer to the edit.');
    await expectRunStatus(page, 'done');

    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page)).toHaveText('Question one, edited');
    await expect(assistantTexts(page)).toHaveCount(1);
    await expect(page.getByRole('log', { name: 'Messages' })).not.toContainText('Question two');
    // All three runs are still in the trace.
    await expect(runSpans(page)).toHaveCount(3);
    await expect(
      page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: 'run: Question two' }),
    ).toBeVisible();

    await page.reload();
    await expect(userMessages(page)).toHaveText('Question one, edited');
    await expect(page.getByRole('log', { name: 'Messages' })).not.toContainText('Answer two.');
  });

  test('Delete turn removes a question and its answer, also after a reload', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'reply', content: 'Answer one.' }, { kind: 'reply', content: 'Answer two.' });
    await send(page, 'Question one');
    await expectRunStatus(page, 'done');
    await send(page, 'Question two');
    await expectRunStatus(page, 'done');

    await userMessages(page).filter({ hasText: 'Question one' }).getByRole('button', { name: 'Delete turn' }).click();
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page)).toHaveText('Question two');
    await expect(assistantTexts(page)).toHaveText(['Answer two.']);

    await page.reload();
    await expect(userMessages(page)).toHaveText(['Question two']);
    await expect(assistantTexts(page)).toHaveText(['Answer two.']);
  });

  test('an error shows as an alert that says what to do, and Retry runs again', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'glassbox-demo' });
    mockLlm.enqueue({ kind: 'error', status: 404 });
    await send(page, 'What is 2+3?');
    await expectRunStatus(page, 'error');
    const chat = page.getByRole('main', { name: 'Chat' });
    const alert = chat.getByRole('alert').filter({ hasText: 'not found' });
    await expect(alert).toContainText('glassbox-demo');
    await expect(alert).toContainText('Check both in Settings');
    // The message is kept.
    await expect(userMessages(page)).toHaveText('What is 2+3?');

    await alert.getByRole('button', { name: 'Retry' }).click();
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('5');
    await expect(chat.getByRole('alert')).toHaveCount(0);
    await expect(userMessages(page)).toHaveCount(1);
  });

  test('a rejected API key says to check the key in Settings', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { apiKey: 'sk-wrong' });
    mockLlm.enqueue({ kind: 'error', status: 401 });
    await send(page, 'Hello');
    await expectRunStatus(page, 'error');
    const alert = page.getByRole('main', { name: 'Chat' }).getByRole('alert');
    await expect(alert).toContainText('The API key was rejected');
    await expect(alert).toContainText('Check the API key in Settings');
  });
});
