import type { Page } from '@playwright/test';
import { chat, chatBodies } from './agent-helpers.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import type { MockLlmServer } from './mock-llm/server-types.ts';
import { SHARED_DATA_E2E_TAG } from './shared-data-reporter.ts';
import { hasSharedData, sharedPath } from '../src/testing/shared-data.ts';

// Real PDFs from pdf.js's test corpus (see ../shared/real-data/pdf/SOURCES.md), read in place.
const TRACEMONKEY = sharedPath('real-data', 'pdf', 'tracemonkey.pdf');
const CHINESE = sharedPath('real-data', 'pdf', 'issue12823.pdf');

interface ReturnedPassage {
  label: string;
  document: string;
  page?: number;
  text: string;
}

async function addDocuments(page: Page, files: string[], listed: Record<string, RegExp>): Promise<void> {
  await page.getByRole('button', { name: 'Knowledge', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Knowledge' });
  await dialog.getByLabel('Add documents').setInputFiles(files);
  const documents = dialog.getByRole('list', { name: 'Documents' });
  for (const [name, detail] of Object.entries(listed))
    await expect(documents.getByRole('listitem').filter({ hasText: name })).toContainText(detail, { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** The scripted model: one search_knowledge call, then an answer citing the given labels. */
function scriptSearch(mockLlm: MockLlmServer, query: string, answer: string): void {
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ id: 'call_search', name: 'search_knowledge', arguments: { query } }] },
    { kind: 'reply', content: answer },
  );
}

/** The passages the app returned for the latest search_knowledge call, as the model received them. */
function returnedPassages(mockLlm: MockLlmServer): ReturnedPassage[] {
  const body = chatBodies(mockLlm).at(-1);
  const result = body?.messages.filter((message) => message.role === 'tool').at(-1);
  return (JSON.parse(String(result?.content)) as { passages: ReturnedPassage[] }).passages;
}

test.describe('Knowledge: search_knowledge and citations', () => {
  test.describe.configure({ timeout: 90_000 });

  test(
    'a real PDF is searched by the agent, [1] opens the Passage dialog on the right page, an invented [7] stays text',
    { tag: SHARED_DATA_E2E_TAG },
    async ({ page, mockLlm }) => {
      test.skip(!hasSharedData, 'needs ../shared (third-party test data)');
      await openApp(page);
      await useEndpoint(page, mockLlm.url);
      await addDocuments(page, [TRACEMONKEY], { 'tracemonkey.pdf': /14 pages/ });

      scriptSearch(mockLlm, 'nested trace trees', 'Nested loops get nested trace trees [1]. An invented source [7].');
      await send(page, 'How does TraceMonkey handle nested loops?');
      await expectRunStatus(page, 'done');
      const bodies = chatBodies(mockLlm);
      expect(String(bodies[0]?.messages[0]?.content)).toContain('cite each passage you use by its label');
      const [first] = returnedPassages(mockLlm);
      expect(first).toMatchObject({ label: '[1]', document: 'tracemonkey.pdf' });
      expect(first?.page).toBeGreaterThan(0);

      const answer = lastAnswer(page);
      await expect(answer.getByRole('button', { name: '[1]' })).toBeVisible();
      await expect(answer.getByRole('button', { name: '[7]' })).toHaveCount(0);
      await expect(answer).toContainText('An invented source [7].');

      await answer.getByRole('button', { name: '[1]' }).click();
      const passage = page.getByRole('dialog', { name: 'Passage' });
      await expect(passage).toContainText('tracemonkey.pdf');
      await expect(passage.getByTestId('passage-location')).toHaveText(`Page ${first?.page}`);
      await expect(passage.getByRole('blockquote')).toContainText(/nested/i);
      const canvas = passage.getByRole('img', { name: `Page ${first?.page} of tracemonkey.pdf` });
      await expect(canvas).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
      await expect(canvas).toHaveAttribute('data-page', String(first?.page));
    },
  );

  test(
    'a Chinese PDF is found by a Chinese query, and a deleted document leaves later searches',
    { tag: SHARED_DATA_E2E_TAG },
    async ({ page, mockLlm }) => {
      test.skip(!hasSharedData, 'needs ../shared (third-party test data)');
      await openApp(page);
      await useEndpoint(page, mockLlm.url);
      await addDocuments(page, [CHINESE, TRACEMONKEY], { 'issue12823.pdf': /1 page/, 'tracemonkey.pdf': /14 pages/ });

      scriptSearch(mockLlm, '团队愿景', '团队的愿景写在文档里 [1]。');
      await send(page, '我们团队的愿景是什么？');
      await expectRunStatus(page, 'done');
      const found = returnedPassages(mockLlm);
      expect(found[0]).toMatchObject({ label: '[1]', document: 'issue12823.pdf', page: 1 });
      expect(found[0]?.text).toContain('愿景');
      await lastAnswer(page).getByRole('button', { name: '[1]' }).click();
      await expect(page.getByRole('dialog', { name: 'Passage' })).toContainText('issue12823.pdf');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Knowledge', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Knowledge' });
      await dialog.getByRole('button', { name: 'Delete document issue12823.pdf' }).click();
      await expect(dialog.getByRole('list', { name: 'Documents' }).getByRole('listitem')).toHaveCount(1);
      await page.keyboard.press('Escape');

      scriptSearch(mockLlm, '团队愿景', '没有找到 [1]。');
      await send(page, '再找一次团队愿景');
      await expectRunStatus(page, 'done');
      expect(returnedPassages(mockLlm).map((passage) => passage.document)).not.toContain('issue12823.pdf');
    },
  );

  for (const { locale, button, document, location } of [
    {
      locale: 'en-US',
      button: 'Add the sample document and ask',
      document: 'riverside-garden-handbook.md',
      location: 'Section: Watering',
    },
    { locale: 'zh-CN', button: '加入示例文档并提问', document: '河畔花园手册.md', location: '章节：浇水' },
  ]) {
    test.describe(`the demo's sample document (${locale})`, () => {
      test.use({ locale });
      test('offline, the demo model searches the sample document and cites [1]', async ({ page }) => {
        await openApp(page);
        await chat(page)
          .getByRole('button', { name: new RegExp(button) })
          .click();
        await expectRunStatus(page, 'done');
        await expect(chat(page).getByRole('group', { name: /search_knowledge$/ })).toBeVisible();
        const citation = lastAnswer(page).getByRole('button', { name: '[1]' });
        await expect(citation).toBeVisible();
        await citation.click();
        const passage = page.getByRole('dialog', { name: 'Passage' });
        await expect(passage).toContainText(document);
        await expect(passage.getByTestId('passage-location')).toHaveText(location);
      });
    });
  }
});
