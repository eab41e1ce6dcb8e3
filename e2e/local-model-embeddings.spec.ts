import { chat } from './agent-helpers.ts';
import { expect, expectRunStatus, openApp, send, settingsTab, test } from './fixtures.ts';
import { chooseLocalModel, NO_TOOLS, storeModelFile } from './local-model-helpers.ts';
import type { Page } from '@playwright/test';

// Tiny GGUF files with random weights (the test writer): one chats, one serves as the embedding model. Its vectors
// mean nothing, but the path is the real one: wllama embeds in the page, the vectors are stored with the file name
// as their model and its width (64) as their dimension, and recall by meaning scans them.
const CHAT = 'brief.gguf';
const EMBED = 'embed.gguf';

/** The stored note vectors (IndexedDB `noteVectors`): model and dimensions. */
async function storedNoteVectors(page: Page): Promise<Array<{ model: string; dimensions: number }>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('glassbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await new Promise<Array<{ model: string; dimensions: number }>>((resolve, reject) => {
      const request = db.transaction('noteVectors').objectStore('noteVectors').getAll();
      request.onsuccess = () => resolve(request.result as never);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return records.map(({ model, dimensions }) => ({ model, dimensions }));
  });
}

test.describe('A model in the browser: embeddings', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test('an embedding GGUF chosen in Settings serves semantic recall', async ({ page }) => {
    await openApp(page);
    await storeModelFile(page, CHAT, { stopsSoon: true });
    await storeModelFile(page, EMBED, { seed: 7 });
    await chooseLocalModel(page, { model: CHAT, semanticRecall: true, enabledTools: NO_TOOLS });

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = await settingsTab(page, 'Memory');
    const picker = dialog.getByRole('combobox', { name: 'Embedding model' });
    await picker.selectOption(EMBED);
    await dialog.getByRole('button', { name: 'Test embeddings' }).click();
    const probe = dialog.getByTestId('embedding-probe');
    await expect(probe).toHaveAttribute('data-probe', 'ok', { timeout: 60_000 });
    await expect(probe).toContainText(`“${EMBED}” returns vectors of 64 numbers`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Memory' }).click();
    const memory = page.getByRole('region', { name: 'Memory' });
    await memory.getByRole('textbox', { name: 'New note' }).fill('The lighthouse keeper is called Ada.');
    await memory.getByRole('button', { name: 'Add note' }).click();
    await page.keyboard.press('Escape');

    await send(page, 'Who keeps the lighthouse?');
    await expect(chat(page).getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
    expect(await storedNoteVectors(page)).toEqual([{ model: EMBED, dimensions: 64 }]);
    await expect(chat(page)).not.toContainText('Semantic recall is unavailable');
  });

  test('with no embedding file chosen, recall falls back to words and says why', async ({ page }) => {
    await openApp(page);
    await storeModelFile(page, CHAT, { stopsSoon: true });
    await chooseLocalModel(page, { model: CHAT, semanticRecall: true, embeddingModel: '', enabledTools: NO_TOOLS });
    await page.getByRole('button', { name: 'Memory' }).click();
    const memory = page.getByRole('region', { name: 'Memory' });
    await memory.getByRole('textbox', { name: 'New note' }).fill('The lighthouse keeper is called Ada.');
    await memory.getByRole('button', { name: 'Add note' }).click();
    await page.keyboard.press('Escape');
    await send(page, 'Who keeps the lighthouse?');
    await expect(chat(page).getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
    await expect(chat(page)).toContainText('No embedding model file is chosen for the model in this browser');
  });
});

test.describe('A model in the browser: a worker that dies', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the run fails at once with a clear error, and the next run loads the model again', async ({ page }) => {
    await openApp(page);
    await storeModelFile(page, 'talker.gguf');
    await chooseLocalModel(page, { model: 'talker.gguf' });
    await send(page, 'Talk.');
    const streaming = chat(page).locator('article[data-message-role="assistant"][data-streaming="true"]');
    await expect(streaming.getByTestId('message-text')).toHaveText(/\S{3}/, { timeout: 150_000 });
    // The model's worker throws (as a WebAssembly out-of-memory outside llama.cpp would): nothing answers any more.
    const worker = page.workers().find((candidate) => candidate.url().startsWith('blob:'));
    expect(worker).toBeDefined();
    await worker?.evaluate(() => setTimeout(() => { throw new Error('simulated crash'); }, 0)); // prettier-ignore
    await expectRunStatus(page, 'error');
    await expect(chat(page)).toContainText('The model stopped working');

    await send(page, 'Talk again.');
    await expect(streaming.getByTestId('message-text')).toHaveText(/\S{3}/, { timeout: 150_000 });
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
  });
});
