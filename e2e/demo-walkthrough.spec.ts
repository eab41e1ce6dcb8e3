import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';

test.describe('offline demo model', () => {
  test('answers arithmetic through the calculator, with a run → llm → tool → llm trace that survives a reload', async ({ page }) => {
    await openApp(page);
    await expect(page.getByRole('complementary', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Trace' })).toBeVisible();

    await send(page, 'What is (128+374)*2?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('1004');

    const tree = page.getByRole('tree', { name: 'Span tree' });
    const run = tree.getByRole('treeitem', { name: /^run: / });
    await expect(tree.locator('[data-span-kind="run"]')).toHaveCount(1);
    await expect(tree.locator('[data-span-kind="llm"]')).toHaveCount(2);
    await expect(tree.getByRole('treeitem', { name: /^tool: calculator/ })).toHaveAttribute('data-span-status', 'ok');
    await expect(tree.locator('[data-span-kind="run"]')).toHaveAttribute('aria-level', '1');
    await expect(tree.locator('[data-span-kind="llm"]').first()).toHaveAttribute('aria-level', '2');
    await expect(run).toHaveAttribute('aria-expanded', 'true');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(lastAnswer(page)).toContainText('1004');
    await expect(page.getByRole('article', { name: 'user message' })).toContainText('What is (128+374)*2?');
    await expect(tree.locator('[data-span-kind="llm"]')).toHaveCount(2);
    await expect(tree.getByRole('treeitem', { name: /^tool: calculator/ })).toBeVisible();
  });

  test('answers the same question in Chinese', async ({ page }) => {
    await openApp(page);
    await send(page, '帮我算一下 (128+374)*2 等于多少');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('1004');
    await expect(page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: calculator/ })).toBeVisible();
  });

  test('shows each span\'s duration in the details', async ({ page }) => {
    await openApp(page);
    await send(page, 'What is 6*7?');
    await expectRunStatus(page, 'done');
    await page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: calculator/ }).click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details).toContainText(/\d+(\.\d+)? (ms|s)/);
    await expect(details).toContainText('42');
  });
});
