import { chat, spanTree } from './agent-helpers.ts';
import { expect, expectRunStatus, openApp, send, test } from './fixtures.ts';
import { chooseLocalModel, storedLlmAttributes, storedLlmOutputs, storeModelFile } from './local-model-helpers.ts';

// The models are tiny GGUF files with random weights written by the test writer: they say gibberish, in the page.
// `stopsSoon` makes replies end after some tens of tokens; without it a reply runs on until Stop.
const BRIEF = 'brief.gguf';
const TALKER = 'talker.gguf';

test.describe('A model in the browser (GGUF)', () => {
  // The model reads Glassbox's system prompt (about 3.5K tokens) on the CPU before its first token: tens of seconds on
  // a busy 2-core machine. One test at a time, so two models do not share the cores.
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test('a run streams to the end, Span details shows tok/s, and after a reload the stored file runs again', async ({
    page,
  }) => {
    await openApp(page);
    await storeModelFile(page, BRIEF, { stopsSoon: true, toolTemplate: true });
    await chooseLocalModel(page, { model: BRIEF });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();

    await send(page, 'Say something.');
    await expect(chat(page).getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 100_000 });
    await spanTree(page).locator('[data-span-kind="llm"]').last().click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details.getByTestId('span-local-speed')).toContainText(/generation \d+(\.\d)? tok\/s/);
    await expect(details).toContainText(BRIEF);
    await expect(details).toContainText('F32');
    // The page is cross-origin isolated: llama.cpp, in workers nested in the model worker, runs on every core.
    const cores = await page.evaluate(() => (crossOriginIsolated ? navigator.hardwareConcurrency : 0));
    expect(cores).toBeGreaterThan(0);
    expect((await storedLlmAttributes(page)).map((a) => a['llm.local.threads'])).toContain(cores);

    // The file is in OPFS: a new page load runs it again (the model loads again in the new page).
    await page.reload();
    await send(page, 'Again.');
    await expect(chat(page).getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 100_000 });
  });

  test('Stop ends a reply that would run on', async ({ page }) => {
    await openApp(page);
    await storeModelFile(page, TALKER);
    await chooseLocalModel(page, { model: TALKER });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await send(page, 'Talk.');
    const streaming = chat(page).locator('article[data-message-role="assistant"][data-streaming="true"]');
    await expect(streaming.getByTestId('message-text')).toHaveText(/\S{3}/, { timeout: 150_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
  });

  // `stopsSoon` also makes `"` likely where a grammar forbids the end of the turn, so the random model closes its
  // strings after some tens of characters instead of writing them up to the grammar's bounds.
  test('JSON plan decisions are sampled under a grammar: every reply parses', async ({ page }) => {
    await openApp(page);
    // One decision, in a context that holds the longest one the grammar allows (its strings and lists are bounded):
    // a reply cut off by a full context is a context problem, not the grammar's.
    await storeModelFile(page, BRIEF, { stopsSoon: true, contextLength: 8192 });
    await chooseLocalModel(page, { model: BRIEF, protocol: 'json', maxSteps: 1, contextWindow: 8192 });
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await send(page, 'What is 2 + 2?');
    await expect(chat(page).getByTestId('run-status')).not.toHaveAttribute('data-status', 'running', {
      timeout: 130_000,
    });
    await expect(chat(page)).not.toContainText('not a valid JSON decision');
    // Every reply the model sampled is one JSON decision (with gibberish inside its strings).
    const outputs = await storedLlmOutputs(page);
    expect(outputs).toHaveLength(1);
    for (const raw of outputs) expect(JSON.parse(raw)).toHaveProperty('type');
  });
});
