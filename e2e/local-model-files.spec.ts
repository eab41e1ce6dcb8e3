import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { writeTinyGguf } from '../src/testing/gguf-writer.ts';
import { chooseChinese, expect, openApp, test } from './fixtures.ts';
import { startModelFileServer, type ModelFileServer } from './model-file-server/server.ts';

// The in-browser model's files (issue 39): picked from disk or downloaded (HTTP Range, resumable), stored in OPFS,
// listed from their headers, chosen as the Model, deleted; bad files refused with nothing stored.

const tiny = writeTinyGguf();
/** About 1.6 MB, so a paced download is seen in progress and can be cut mid-way. */
const larger = writeTinyGguf({ embedding: 128, layers: 2, feedForward: 256, name: 'glassbox-larger' });

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function localModelSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'In this browser (GGUF)' });
  return dialog;
}

/** The names of the files in OPFS `models/`, and their sizes. */
function storedFiles(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const root = await navigator.storage.getDirectory();
    const models = await root.getDirectoryHandle('models', { create: true });
    const sizes: Record<string, number> = {};
    for await (const [name, handle] of (
      models as unknown as { entries(): AsyncIterable<[string, FileSystemFileHandle]> }
    ).entries()) {
      sizes[name] = (await handle.getFile()).size;
    }
    return sizes;
  });
}

/** The stored file's bytes equal `expected` (compared by SHA-256, computed in the page). */
async function storedEquals(page: Page, name: string, expected: Uint8Array): Promise<boolean> {
  const digest = await page.evaluate(async (fileName) => {
    const root = await navigator.storage.getDirectory();
    const file = await (await (await root.getDirectoryHandle('models')).getFileHandle(fileName)).getFile();
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
    return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }, name);
  return digest === sha256(expected);
}

test.describe('local model files', () => {
  test.describe.configure({ timeout: 60_000 });
  let files: ModelFileServer;
  test.beforeEach(async () => {
    files = await startModelFileServer();
  });
  test.afterEach(async () => {
    await files.close();
  });

  test('the provider needs no endpoint or key, and says how many threads and why', async ({ page }) => {
    await openApp(page);
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
    const dialog = await localModelSettings(page);
    await expect(dialog.getByRole('textbox', { name: 'Base URL' })).toBeDisabled();
    await expect(dialog.getByLabel('API key')).toBeDisabled();
    const cores = await page.evaluate(() => navigator.hardwareConcurrency);
    await expect(dialog.getByText(/thread/u)).toContainText(`Runs on ${cores} threads`);
    await expect(dialog.getByText(/thread/u)).toContainText('cross-origin isolated');
  });

  test('a picked file is stored, listed from its header, chosen as the Model, kept over a reload, and deleted', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await localModelSettings(page);
    await dialog.getByLabel('Choose a GGUF model file').setInputFiles({
      name: 'tiny-f32.gguf',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(tiny),
    });
    const list = dialog.getByRole('list', { name: 'Local models' });
    const item = list.getByRole('listitem').filter({ hasText: 'tiny-f32.gguf' });
    await expect(item).toContainText(`${Math.round(tiny.length / 1000)} KB`);
    await expect(item).toContainText('F32');
    await expect(item).toContainText('context 4096');
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('tiny-f32.gguf');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(await storedEquals(page, 'tiny-f32.gguf', tiny)).toBe(true);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('tiny-f32.gguf');
    await expect(item).toContainText('In use');
    await dialog.getByRole('button', { name: 'Delete model tiny-f32.gguf' }).click();
    await expect(item).toHaveCount(0);
    expect(await storedFiles(page)).toEqual({});
  });

  test('a file that is not GGUF, a truncated one and one the quota has no room for are refused, nothing stored', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await localModelSettings(page);
    const input = dialog.getByLabel('Choose a GGUF model file');
    await input.setInputFiles({ name: 'notes.gguf', mimeType: 'text/plain', buffer: Buffer.from('just some text\n') });
    await expect(dialog.getByRole('alert')).toContainText('not a GGUF model file');
    await input.setInputFiles({
      name: 'cut.gguf',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(tiny.subarray(0, Math.floor(tiny.length / 2))),
    });
    await expect(dialog.getByRole('alert')).toContainText('truncated');
    expect(await storedFiles(page)).toEqual({});

    await page.evaluate(() => {
      navigator.storage.estimate = async () => ({ quota: 100_000, usage: 90_000 });
    });
    await input.setInputFiles({ name: 'tiny.gguf', mimeType: 'application/octet-stream', buffer: Buffer.from(tiny) });
    await expect(dialog.getByRole('alert')).toContainText('Not enough storage');
    await expect(dialog.getByRole('alert')).toContainText('10 KB');
    expect(await storedFiles(page)).toEqual({});
  });

  test('a download shows progress, is cut mid-way, resumes after a reload from what was received, and verifies', async ({
    page,
  }) => {
    files.files.set('/repo/resolve/main/larger-q.gguf', larger);
    files.pace(64 * 1024, 30);
    const half = Math.floor(larger.length / 2);
    files.cutNextAfter(half);
    await openApp(page);
    const dialog = await localModelSettings(page);
    await dialog.getByRole('textbox', { name: 'Model URL' }).fill(`${files.url}/repo/resolve/main/larger-q.gguf`);
    await dialog.getByRole('button', { name: 'Download model' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Model download' })).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText('The download stopped at');
    const item = dialog.getByRole('listitem').filter({ hasText: 'larger-q.gguf' });
    await expect(item).toContainText('Download paused at');
    expect((await storedFiles(page))['larger-q.gguf.part']).toBe(half);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await localModelSettings(page);
    files.pace(0, 0);
    await item.getByRole('button', { name: 'Resume download' }).click();
    await expect(item).toContainText('F32', { timeout: 20_000 });
    expect(files.requests.at(-1)?.range).toBe(`bytes=${half}-`);
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('larger-q.gguf');
    expect(await storedEquals(page, 'larger-q.gguf', larger)).toBe(true);
    expect(Object.keys(await storedFiles(page))).toEqual(['larger-q.gguf']);
  });

  test('Cancel pauses a download; a file over the single-file limit and an HTTP error are explained', async ({
    page,
  }) => {
    files.files.set('/m/paced.gguf', larger);
    files.pace(16 * 1024, 100);
    await openApp(page);
    const dialog = await localModelSettings(page);
    const url = dialog.getByRole('textbox', { name: 'Model URL' });
    await url.fill(`${files.url}/m/paced.gguf`);
    await dialog.getByRole('button', { name: 'Download model' }).click();
    const progress = dialog.getByRole('progressbar', { name: 'Model download' });
    await expect(progress).toHaveAttribute('aria-valuetext', /Downloading paced\.gguf: \d/u);
    await dialog.getByRole('button', { name: 'Cancel download' }).click();
    await expect(dialog.getByRole('status')).toContainText('Download paused at');
    await expect(dialog.getByRole('listitem').filter({ hasText: 'paced.gguf' })).toContainText('Download paused at');

    await url.fill(`${files.url}/huge.gguf`);
    await dialog.getByRole('button', { name: 'Download model' }).click();
    await expect(dialog.getByRole('alert')).toContainText('at most 2 GiB per file');
    await expect(dialog.getByRole('alert')).toContainText('llama-gguf-split');
    await url.fill(`${files.url}/missing.gguf`);
    await dialog.getByRole('button', { name: 'Download model' }).click();
    await expect(dialog.getByRole('alert')).toContainText('HTTP 404');
    expect(Object.keys(await storedFiles(page)).sort()).toEqual(['paced.gguf.part', 'paced.gguf.part.json']);
  });

  test('in Chinese the files section and the thread text are translated', async ({ page }) => {
    await openApp(page);
    await chooseChinese(page);
    const dialog = await localModelSettings(page);
    await expect(dialog.getByText(/thread/u)).toContainText('个线程');
    await expect(dialog.getByText('浏览器中的模型文件', { exact: true })).toBeVisible();
  });
});
