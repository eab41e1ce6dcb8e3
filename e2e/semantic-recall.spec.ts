import { readFile } from 'node:fs/promises';
import { chooseChinese, expect, expectRunStatus, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';
import type { Page } from '@playwright/test';
import type { MockLlmServer } from './mock-llm/server.ts';

type Body = {
  tools?: unknown[];
  messages: Array<{ role: string; content: string | null }>;
  model?: string;
  input?: unknown;
};

const systemText = (body: Body) =>
  body.messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content ?? '')
    .join('\n');
const chatBodies = (mockLlm: MockLlmServer) =>
  mockLlm.requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) => request.body as Body);
const embeddingBodies = (mockLlm: MockLlmServer) =>
  mockLlm.requests.filter((request) => request.path.endsWith('/embeddings')).map((request) => request.body as Body);

/** Turns Semantic recall on in Settings → Memory, with an embedding model unless the demo provider embeds locally. */
async function turnOnSemanticRecall(page: Page, embeddingModel?: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Memory');
  const checkbox = dialog.getByRole('checkbox', { name: 'Semantic recall' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  if (embeddingModel !== undefined) await dialog.getByRole('textbox', { name: 'Embedding model' }).fill(embeddingModel);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function addNote(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Memory' }).click();
  const memory = page.getByRole('region', { name: 'Memory' });
  await memory.getByRole('textbox', { name: 'New note' }).fill(text);
  await memory.getByRole('button', { name: 'Add note' }).click();
  await expect(memory.getByRole('list', { name: 'Notes' }).getByText(text)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(memory).toBeHidden();
}

// Runs stream whole answers and embed notes first; on a loaded machine that takes longer than the default allows.
test.beforeEach(() => test.slow());

const memorySpan = (page: Page) =>
  page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^memory: / });

/**
 * Selects the newest run's memory span (a session's earlier runs keep theirs). Right after a run ends the trace is
 * reloaded from storage, which may take back a selection made in that instant: select again until it shows selected.
 */
async function openMemorySpan(page: Page): Promise<void> {
  await expect(async () => {
    await memorySpan(page).last().click();
    await expect(memorySpan(page).last()).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
}

/** Semantic recall on with the mock's embeddings, two notes (one about a kitten), and the question about a pet asked. */
async function askAboutThePet(page: Page, mockLlm: MockLlmServer): Promise<void> {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await turnOnSemanticRecall(page, 'mock-embed');
  await addNote(page, 'Miso is a kitten who hates the vacuum cleaner.');
  await addNote(page, 'The quarterly report is due on Friday.');
  mockLlm.enqueue({ kind: 'reply', content: 'You have a kitten called Miso.' });
  await send(page, 'What pet do I have?');
  await expectRunStatus(page, 'done');
}

test('a note that shares no word with the question is recalled by meaning through the endpoint’s embeddings', async ({
  page,
  mockLlm,
}) => {
  await askAboutThePet(page, mockLlm);

  // The notes and the question went to /v1/embeddings with the configured model.
  const embedded = embeddingBodies(mockLlm);
  expect(embedded.length).toBeGreaterThanOrEqual(2);
  expect(embedded.every((body) => body.model === 'mock-embed')).toBe(true);
  expect(embedded.flatMap((body) => body.input as string[])).toEqual(
    expect.arrayContaining(['What pet do I have?', 'Miso is a kitten who hates the vacuum cleaner.']),
  );
  // The recalled note reached the model's request; the unrelated one did not.
  const withTools = chatBodies(mockLlm).filter((body) => body.tools);
  expect(systemText(withTools.at(-1) as Body)).toContain('Miso is a kitten who hates the vacuum cleaner.');
  expect(systemText(withTools.at(-1) as Body)).not.toContain('quarterly report');

  // The memory span says why: every candidate with its full-text score, cosine similarity, fused rank, kept or cut.
  await openMemorySpan(page);
  const details = page.getByRole('region', { name: 'Span details' });
  await expect(details).toContainText('memory.ranked');
  await expect(details).toContainText('kept: similar in meaning');
  await expect(details).toContainText('cut: cosine similarity below the threshold');
  await expect(details).toContainText('mock-embed');
});

const candidate = (page: Page, text: RegExp) =>
  page
    .getByRole('region', { name: 'Span details' })
    .getByRole('list', { name: 'Candidate notes' })
    .getByRole('listitem', { name: text });

test('from a memory span’s details a recalled note is pinned (then always recalled), edited (embedded again) and forgotten', async ({
  page,
  mockLlm,
}) => {
  // Two runs and every action on the note: more steps than the slow budget of one run allows on a loaded machine.
  test.setTimeout(240_000);
  await askAboutThePet(page, mockLlm);

  await openMemorySpan(page);
  const miso = candidate(page, /Miso is a kitten/);
  await expect(miso).toContainText('kept: similar in meaning');
  await expect(miso).toContainText(/cosine 0\.\d+/);
  await miso.getByRole('button', { name: 'Pin note', exact: true }).click();
  await expect(miso.getByRole('status')).toContainText('Pinned');
  await expect(miso).toHaveAttribute('data-note-state', 'pinned');
  await expect(miso.getByRole('button', { name: 'Unpin note', exact: true })).toBeVisible();

  // Edit: the inline editor saves the new text, which is embedded again at once (not at the next recall).
  const before = embeddingBodies(mockLlm).length;
  await miso.getByRole('button', { name: 'Edit note' }).click();
  await miso.getByRole('textbox', { name: 'Note text' }).fill('Miso is a kitten who is afraid of the hoover.');
  await miso.getByRole('button', { name: 'Save note' }).click();
  await expect(miso.getByRole('status')).toHaveText('Saved.');
  await expect
    .poll(() =>
      embeddingBodies(mockLlm)
        .slice(before)
        .flatMap((body) => body.input as string[]),
    )
    .toEqual(['Miso is a kitten who is afraid of the hoover.']);
  // The span is history: it still shows what was recalled then.
  await expect(miso).toContainText('Miso is a kitten who hates the vacuum cleaner.');

  // Pinned, the edited note is recalled for a question it has nothing to do with, and the new span says why.
  mockLlm.enqueue({ kind: 'reply', content: 'Paris.' });
  await send(page, 'What is the capital of France?');
  await expectRunStatus(page, 'done');
  expect(
    systemText(
      chatBodies(mockLlm)
        .filter((body) => body.tools)
        .at(-1) as Body,
    ),
  ).toContain('afraid of the hoover');
  await openMemorySpan(page);
  const pinned = candidate(page, /afraid of the hoover/);
  await expect(pinned).toContainText('kept: pinned notes are always recalled');

  // Forget asks first; then the note and its vector are gone, and the span shows it as forgotten.
  await pinned.getByRole('button', { name: 'Forget note' }).click();
  const confirm = pinned.getByRole('group', { name: 'Confirm forgetting' });
  await confirm.getByRole('button', { name: 'Keep note' }).click();
  await expect(pinned).toHaveAttribute('data-note-state', 'pinned');
  await pinned.getByRole('button', { name: 'Forget note' }).click();
  await confirm.getByRole('button', { name: 'Forget', exact: true }).click();
  await expect(pinned).toHaveAttribute('data-note-state', 'forgotten');
  await expect(pinned).toContainText('Forgotten');
  await expect(pinned.getByRole('button')).toHaveCount(0);
  const stored = await page.evaluate(
    () =>
      new Promise<{ notes: string[]; vectors: number }>((resolve, reject) => {
        const request = indexedDB.open('glassbox');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const tx = request.result.transaction(['notes', 'noteVectors'], 'readonly');
          const notes = tx.objectStore('notes').getAll();
          const vectors = tx.objectStore('noteVectors').count();
          tx.oncomplete = () => {
            resolve({
              notes: (notes.result as Array<{ content: string }>).map((note) => note.content),
              vectors: vectors.result,
            });
            request.result.close();
          };
        };
      }),
  );
  expect(stored).toEqual({ notes: ['The quarterly report is due on Friday.'], vectors: 1 });
  await page.getByRole('button', { name: 'Memory' }).click();
  await expect(
    page.getByRole('region', { name: 'Memory' }).getByRole('list', { name: 'Notes' }).getByRole('listitem'),
  ).toHaveCount(1);
});

test('Export all carries the notes’ vectors (never the key); imported in a fresh profile they are used without embedding the notes again', async ({
  page,
  mockLlm,
  browser,
  baseURL,
}) => {
  // Two profiles, each set up through Settings, and a run in each.
  test.setTimeout(240_000);
  const apiKey = 'sk-e2e-vector-secret-5531';
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { apiKey });
  await turnOnSemanticRecall(page, 'mock-embed');
  await addNote(page, 'Miso is a kitten who hates the vacuum cleaner.');
  mockLlm.enqueue({ kind: 'reply', content: 'You have a kitten called Miso.' });
  await send(page, 'What pet do I have?');
  await expectRunStatus(page, 'done');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export all' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).not.toContain(apiKey);
  const file = JSON.parse(text) as {
    notes: Array<{ content: string; vector?: { model: string; dimensions: number; data: string } }>;
  };
  expect(file.notes).toHaveLength(1);
  expect(file.notes[0]?.vector).toMatchObject({
    model: 'mock-embed',
    dimensions: expect.any(Number),
    data: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
  });

  const other = await browser.newContext({ baseURL });
  const fresh = await other.newPage();
  await openApp(fresh);
  await useEndpoint(fresh, mockLlm.url);
  await turnOnSemanticRecall(fresh, 'mock-embed');
  await fresh
    .getByLabel('Import sessions')
    .setInputFiles({ name: download.suggestedFilename(), mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(fresh.getByRole('status').filter({ hasText: 'Imported 1 session.' })).toBeVisible();
  await fresh.getByRole('button', { name: 'Memory' }).click();
  await expect(
    fresh.getByRole('region', { name: 'Memory' }).getByText('Miso is a kitten who hates the vacuum cleaner.'),
  ).toBeVisible();
  await fresh.keyboard.press('Escape');

  const before = embeddingBodies(mockLlm).length;
  mockLlm.enqueue({ kind: 'reply', content: 'A kitten.' });
  await send(fresh, 'What pet do I have?');
  await expectRunStatus(fresh, 'done');
  // One embeddings request: the question's. The note's imported vector was used as it is.
  expect(
    embeddingBodies(mockLlm)
      .slice(before)
      .map((body) => body.input),
  ).toEqual([['What pet do I have?']]);
  expect(
    systemText(
      chatBodies(mockLlm)
        .filter((body) => body.tools)
        .at(-1) as Body,
    ),
  ).toContain('Miso is a kitten');
  await other.close();
});

test('an endpoint without embeddings is explained, and recall falls back to words only with a notice', async ({
  page,
  mockLlm,
}) => {
  // llama.cpp's server started without --embeddings answers 501.
  mockLlm.failEmbeddings({
    status: 501,
    body: {
      error: {
        code: 501,
        message: 'This server does not support embeddings. Start it with `--embeddings`',
        type: 'not_supported_error',
      },
    },
  });
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Memory');
  await dialog.getByRole('checkbox', { name: 'Semantic recall' }).check();
  await dialog.getByRole('textbox', { name: 'Embedding model' }).fill('mock-embed');
  await dialog.getByRole('button', { name: 'Test embeddings' }).click();
  await expect(dialog.getByTestId('embedding-probe')).toHaveAttribute('data-probe', 'failed');
  await expect(dialog.getByTestId('embedding-probe')).toContainText('llama-server --embeddings');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await addNote(page, 'My favourite colour is teal.');

  // The probe's 501 is remembered for this endpoint and model: the run is told without asking again.
  const before = embeddingBodies(mockLlm).length;
  mockLlm.enqueue({ kind: 'reply', content: 'Teal.' });
  await send(page, 'What is my favourite colour?');
  await expectRunStatus(page, 'done');
  expect(embeddingBodies(mockLlm).length).toBe(before);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(/Semantic recall is unavailable, so notes were recalled by words only/)).toBeVisible();
  await expect(log.getByText(/llama-server --embeddings/)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // Words still found the note.
  expect(
    systemText(
      chatBodies(mockLlm)
        .filter((body) => body.tools)
        .at(-1) as Body,
    ),
  ).toContain('teal');
  await openMemorySpan(page);
  await expect(page.getByRole('region', { name: 'Span details' })).toContainText('fell back to words only');
});

test('a DeepSeek-like endpoint with no /embeddings route is told in plain words', async ({ page, mockLlm }) => {
  mockLlm.failEmbeddings({
    status: 404,
    body: { error: { message: 'Not Found', type: 'invalid_request_error', code: 'not_found' } },
  });
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await turnOnSemanticRecall(page, 'mock-embed');
  await addNote(page, 'Miso is a kitten.');
  mockLlm.enqueue({ kind: 'reply', content: 'I do not know.' });
  await send(page, 'What pet do I have?');
  await expectRunStatus(page, 'done');
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(/has no embeddings API/)).toBeVisible();
});

async function demoWithSemanticRecall(page: Page, note: string): Promise<void> {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Memory');
  await expect(dialog).toContainText('local demo embedder');
  await expect(dialog.getByRole('textbox', { name: 'Embedding model' })).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Semantic recall' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await addNote(page, note);
}

for (const [language, note, question] of [
  ['English', 'Miso is a kitten who hates the vacuum cleaner.', 'What pet do I have?'],
  ['Chinese', '米索是一只怕吸尘器的小猫。', '我养了什么宠物？'],
] as const) {
  test(`the demo recalls a note by meaning offline with its labelled local embedder (${language})`, async ({
    page,
  }) => {
    await demoWithSemanticRecall(page, note);
    await send(page, question);
    await expectRunStatus(page, 'done');
    await openMemorySpan(page);
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details).toContainText('local demo embedder');
    await expect(details).toContainText(note.slice(0, 10));
    await expect(details).toContainText('kept: similar in meaning');
  });
}

test('the demo in Chinese: a recalled note is pinned from the memory span in Chinese words', async ({ page }) => {
  await demoWithSemanticRecall(page, '米索是一只怕吸尘器的小猫。');
  await chooseChinese(page);
  await send(page, '我养了什么宠物？');
  await expectRunStatus(page, 'done');
  await openMemorySpan(page);
  const note = page
    .getByRole('region', { name: 'Span details' })
    .getByRole('list', { name: '候选笔记' })
    .getByRole('listitem', { name: /米索/ });
  await expect(note).toContainText('保留：含义相近');
  await note.getByRole('button', { name: '置顶笔记', exact: true }).click();
  await expect(note.getByRole('status')).toContainText('已置顶');
  await expect(note.getByRole('button', { name: '取消置顶笔记' })).toBeVisible();
});
