import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';
import { expectReady } from './persistence-helpers.ts';

async function download(page: Page, button: string): Promise<string> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return readFile((await event.path()) as string, 'utf8');
}

function lastAnswerArticle(page: Page) {
  return page.getByRole('article', { name: 'assistant message' }).last();
}

test('feedback on an answer is kept across reload, in the trace and in the OTLP export', async ({ page }) => {
  await openApp(page);
  await send(page, 'What is 2+3?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('5');

  const answer = lastAnswerArticle(page);
  const good = answer.getByRole('button', { name: 'Good answer' });
  const bad = answer.getByRole('button', { name: 'Bad answer' });
  await expect(good).toHaveAttribute('aria-pressed', 'false');
  await bad.click();
  await expect(bad).toHaveAttribute('aria-pressed', 'true');
  await expect(good).toHaveAttribute('aria-pressed', 'false');
  const note = answer.getByRole('textbox', { name: 'Feedback note' });
  await note.fill('Expected the working too');
  await note.press('Enter');

  // The OTLP export carries the verdict as an evaluation result event on the run span.
  await expect
    .poll(async () => {
      const otlp = await download(page, 'Export OTLP');
      return otlp.includes('gen_ai.evaluation.result') && otlp.includes('Expected the working too');
    })
    .toBe(true);
  const otlp = JSON.parse(await download(page, 'Export OTLP')) as {
    resourceSpans: {
      scopeSpans: { spans: { events: { name: string; attributes: { key: string; value: unknown }[] }[] }[] }[];
    }[];
  };
  const events = otlp.resourceSpans.flatMap((resource) =>
    resource.scopeSpans.flatMap((scope) => scope.spans.flatMap((span) => span.events)),
  );
  const evaluation = events.find((event) => event.name === 'gen_ai.evaluation.result');
  expect(evaluation?.attributes).toEqual(
    expect.arrayContaining([
      { key: 'gen_ai.evaluation.name', value: { stringValue: 'user_feedback' } },
      { key: 'gen_ai.evaluation.score.label', value: { stringValue: 'bad' } },
      { key: 'gen_ai.evaluation.explanation', value: { stringValue: 'Expected the working too' } },
    ]),
  );

  await page.reload();
  await expectReady(page);
  const reloaded = lastAnswerArticle(page);
  await expect(reloaded.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reloaded.getByRole('textbox', { name: 'Feedback note' })).toHaveValue('Expected the working too');

  // The trace shows it on the run span.
  await page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="run"]').last().click();
  const details = page.getByRole('region', { name: 'Span details' });
  await expect(details).toContainText('FeedbackBad answer: Expected the working too');

  // The session export keeps it on the run span; choosing Good replaces it.
  expect(JSON.stringify(JSON.parse(await download(page, 'Export session')))).toContain('"feedback.rating":"bad"');
  await reloaded.getByRole('button', { name: 'Good answer' }).click();
  await expect(reloaded.getByRole('button', { name: 'Good answer' })).toHaveAttribute('aria-pressed', 'true');
  await expect(reloaded.getByRole('button', { name: 'Bad answer' })).toHaveAttribute('aria-pressed', 'false');
});
