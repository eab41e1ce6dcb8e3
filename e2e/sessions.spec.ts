import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';

test("New session starts an empty one, and switching keeps each session's messages", async ({ page }) => {
  await openApp(page);
  await send(page, 'What is 2+3?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('5');

  await page.getByRole('button', { name: 'New session' }).click();
  const list = page.getByRole('list', { name: 'Session list' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(list.getByRole('listitem').first().getByRole('button', { name: 'Untitled' })).toBeVisible();

  await send(page, 'What is 10*10?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('100');

  await list.getByRole('button', { name: 'What is 2+3?' }).click();
  await expect(list.locator('li[aria-current="true"]')).toContainText('What is 2+3?');
  await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(1);
  await expect(lastAnswer(page)).toContainText('5');
});
