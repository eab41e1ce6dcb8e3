import { chat, spanTree } from './agent-helpers.ts';
import { expect, expectRunStatus, openApp, send, test } from './fixtures.ts';
import { chooseLocalModel, storedLlmOutputs, storeModelFile, TINY_MODEL } from './local-model-helpers.ts';

// The model is a tiny GGUF with random weights written by the test writer: it says gibberish, fast, in the page.
test.describe('A model in the browser (GGUF)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a run streams, Stop stops it, the file survives a reload, and Span details shows tok/s', async ({ page }) => {
    await openApp(page);
    await storeModelFile(page);
    await chooseLocalModel(page);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();

    await send(page, 'Say something.');
    const streaming = chat(page).locator('article[data-message-role="assistant"][data-streaming="true"]');
    await expect(streaming).toBeVisible({ timeout: 60_000 });
    await expect(streaming.getByTestId('message-text')).not.toBeEmpty({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');

    // After a reload the stored file still runs (the model loads again in the new tab).
    await page.reload();
    await send(page, 'Again.');
    await expectRunStatus(page, 'done');

    await page
      .getByRole('button', { name: 'Trace', exact: true })
      .click()
      .catch(() => undefined);
    const llm = spanTree(page)
      .getByRole('treeitem')
      .filter({ hasText: /llm|glassbox-tiny/ })
      .last();
    await llm.click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details.getByTestId('span-local-speed')).toContainText('tok/s');
    await expect(details).toContainText(TINY_MODEL);
    await expect(details).toContainText('F32');
  });

  test('JSON plan decisions are sampled under a grammar: every reply parses', async ({ page }) => {
    await openApp(page);
    await storeModelFile(page);
    await chooseLocalModel(page, { protocol: 'json', maxSteps: 4 });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await send(page, 'What is 2 + 2?');
    await expect(chat(page).getByTestId('run-status')).not.toHaveAttribute('data-status', 'running', {
      timeout: 100_000,
    });
    await expect(chat(page)).not.toContainText('not a valid JSON decision');
    // Every reply the model sampled is one JSON decision (gibberish inside its strings).
    await expect.poll(async () => (await storedLlmOutputs(page)).length).toBeGreaterThan(0);
    const outputs = await storedLlmOutputs(page);
    for (const raw of outputs) expect(JSON.parse(raw)).toHaveProperty('type');
  });
});
