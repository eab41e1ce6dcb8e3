import { expect, expectRunStatus, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';
import type { Page } from '@playwright/test';
import type { MockLlmServer } from './mock-llm/server.ts';

type Body = { tools?: unknown[]; messages: Array<{ role: string; content: string | null }>; model?: string; input?: unknown };

const systemText = (body: Body) => body.messages.filter((message) => message.role === 'system').map((message) => message.content ?? '').join('\n');
const chatBodies = (mockLlm: MockLlmServer) => mockLlm.requests.filter((request) => request.path.endsWith('/chat/completions')).map((request) => request.body as Body);
const embeddingBodies = (mockLlm: MockLlmServer) => mockLlm.requests.filter((request) => request.path.endsWith('/embeddings')).map((request) => request.body as Body);

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

const memorySpan = (page: Page) => page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^memory: / });

/**
 * Selects the run's memory span. Right after a run ends the trace is reloaded from storage, which may take back a
 * selection made in that instant: select again until the span shows as selected.
 */
async function openMemorySpan(page: Page): Promise<void> {
  await expect(async () => {
    await memorySpan(page).click();
    await expect(memorySpan(page)).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass();
}

test('a note that shares no word with the question is recalled by meaning through the endpoint’s embeddings', async ({ page, mockLlm }) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await turnOnSemanticRecall(page, 'mock-embed');
  await addNote(page, 'Miso is a kitten who hates the vacuum cleaner.');
  await addNote(page, 'The quarterly report is due on Friday.');

  mockLlm.enqueue({ kind: 'reply', content: 'You have a kitten called Miso.' });
  await send(page, 'What pet do I have?');
  await expectRunStatus(page, 'done');

  // The notes and the question went to /v1/embeddings with the configured model.
  const embedded = embeddingBodies(mockLlm);
  expect(embedded.length).toBeGreaterThanOrEqual(2);
  expect(embedded.every((body) => body.model === 'mock-embed')).toBe(true);
  expect(embedded.flatMap((body) => body.input as string[])).toEqual(expect.arrayContaining(['What pet do I have?', 'Miso is a kitten who hates the vacuum cleaner.']));
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

test('an endpoint without embeddings is explained, and recall falls back to words only with a notice', async ({ page, mockLlm }) => {
  // llama.cpp's server started without --embeddings answers 501.
  mockLlm.failEmbeddings({ status: 501, body: { error: { code: 501, message: 'This server does not support embeddings. Start it with `--embeddings`', type: 'not_supported_error' } } });
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
  expect(systemText(chatBodies(mockLlm).filter((body) => body.tools).at(-1) as Body)).toContain('teal');
  await openMemorySpan(page);
  await expect(page.getByRole('region', { name: 'Span details' })).toContainText('fell back to words only');
});

test('a DeepSeek-like endpoint with no /embeddings route is told in plain words', async ({ page, mockLlm }) => {
  mockLlm.failEmbeddings({ status: 404, body: { error: { message: 'Not Found', type: 'invalid_request_error', code: 'not_found' } } });
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
  test(`the demo recalls a note by meaning offline with its labelled local embedder (${language})`, async ({ page }) => {
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
