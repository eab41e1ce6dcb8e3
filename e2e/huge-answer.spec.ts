import { contentSse, HUGE_ANSWER_END, hugeMarkdownAnswer } from './mock-llm/huge-answer.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

test('a 2 MB answer streams in complete: plain text at first, formatted on request, and the page keeps answering', async ({
  page,
  mockLlm,
}) => {
  // 2 MB go through the wire, the agent, storage and the page: more than the default budget on a shared machine.
  test.setTimeout(180_000);
  const answer = hugeMarkdownAnswer(2_000_000);
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue({ kind: 'sse', body: contentSse(answer) });
  await send(page, 'Write the longest answer you can.');
  await expectRunStatus(page, 'done');

  const text = lastAnswer(page);
  const plain = text.getByTestId('plain-text-view');
  // All of it, as written: the plain view shows the text itself, not Markdown.
  await expect(plain).toContainText(HUGE_ANSWER_END);
  expect(await plain.evaluate((element) => element.textContent?.length)).toBe(answer.length);
  await expect(plain).toContainText('## Section 0');

  // The formatted view on request: the last section's heading, list, table and code are Markdown now.
  const article = page.getByRole('article', { name: 'assistant message' }).last();
  await article.getByRole('button', { name: 'Show formatted' }).click();
  await expect(plain).toHaveCount(0);
  const lastSection = answer.match(/## Section (\d+)\n[^#]*$/)?.[1];
  await expect(text.getByRole('heading', { name: `Section ${lastSection}` })).toBeVisible();
  await expect(text.getByText(HUGE_ANSWER_END)).toBeVisible();
  await article.getByRole('button', { name: 'Show as plain text' }).click();
  await expect(plain).toContainText(HUGE_ANSWER_END);

  // The page still answers: the message box takes what is typed.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('And now briefly?');
  await expect(box).toHaveValue('And now briefly?');
});
