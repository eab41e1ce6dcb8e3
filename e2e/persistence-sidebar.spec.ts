import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';
import { activeSession, expectReady, sessionList, sessionTitles } from './persistence-helpers.ts';

test('rename, search over titles and messages, and delete behind a confirmation', async ({ page }) => {
  await openApp(page);
  await expect(activeSession(page).getByRole('button', { name: 'Untitled' })).toBeVisible();
  await send(page, 'What is 17*3?');
  await expectRunStatus(page, 'done');
  await expect(activeSession(page)).toContainText('What is 17*3?');
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(activeSession(page).getByRole('button', { name: 'Untitled' })).toBeVisible();
  await send(page, 'Remind me to water the ferns');
  await expectRunStatus(page, 'done');

  await activeSession(page).getByRole('button', { name: 'Rename session' }).click();
  const titleBox = page.getByRole('textbox', { name: 'Session title' });
  await titleBox.fill('Garden chores');
  await titleBox.press('Enter');
  await expect(activeSession(page).getByRole('button', { name: 'Garden chores' })).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('ferns'); // only in the messages of the renamed session
  await expect.poll(() => sessionTitles(page)).toEqual(['Garden chores']);
  await search.fill('17*3');
  await expect.poll(() => sessionTitles(page)).toEqual(['What is 17*3?']);
  await search.fill('garden');
  await expect.poll(() => sessionTitles(page)).toEqual(['Garden chores']);
  await search.fill('');
  await expect.poll(() => sessionTitles(page)).toEqual(['Garden chores', 'What is 17*3?']);

  // The rename is saved.
  await page.reload();
  await expectReady(page);
  await expect.poll(() => sessionTitles(page)).toEqual(['Garden chores', 'What is 17*3?']);

  await activeSession(page).getByRole('button', { name: 'Delete session' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  await activeSession(page).getByRole('button', { name: 'Delete session' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => sessionTitles(page)).toEqual(['What is 17*3?']);
  await expect(activeSession(page)).toContainText('What is 17*3?');
  await expect(lastAnswer(page)).toContainText('51');
  await page.reload();
  await expectReady(page);
  await expect.poll(() => sessionTitles(page)).toEqual(['What is 17*3?']);
});

test('each session keeps its own todos and trace', async ({ page }) => {
  await openApp(page);
  await send(page, 'Remind me to buy oat milk');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem')).toHaveCount(0);
  await send(page, 'What are my todos?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('empty');
  await expect(page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="run"]')).toHaveCount(1);

  await sessionList(page).getByRole('button', { name: 'Remind me to buy oat milk' }).click();
  await expect(
    page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^run: Remind me/ }),
  ).toBeVisible();
  await send(page, 'What are my todos?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('buy oat milk');
  await expect(page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="run"]')).toHaveCount(2);
});
