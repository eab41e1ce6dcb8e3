import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';
import { openSettings } from './settings-helpers.ts';

test.describe('Settings: language and theme', () => {
  test.describe('in a Simplified Chinese browser', () => {
    test.use({ locale: 'zh-CN' });

    test('shows Chinese text by default while the English accessible names keep working', async ({ page }) => {
      await openApp(page);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page.getByRole('heading', { name: '欢迎使用 Glassbox' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Settings' })).toContainText('设置');
      await expect(page.getByRole('button', { name: 'New session' })).toHaveText('新建会话');
      await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('placeholder', /发送/);

      await send(page, '帮我算一下 (128+374)*2 等于多少');
      await expectRunStatus(page, 'done');
      await expect(lastAnswer(page)).toContainText('1004');
      await expect(page.getByRole('main', { name: 'Chat' }).getByTestId('run-status')).toHaveText(/完成/);
      await expect(
        page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: calculator/ }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Expand all' })).toHaveText('全部展开');

      const dialog = await openSettings(page, 'Appearance');
      await expect(dialog.getByRole('button', { name: 'Save' })).toHaveText('保存');
      await dialog.getByRole('combobox', { name: 'Language' }).selectOption('en');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'New session' })).toHaveText('New session');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  });

  test('English by default in an English browser, switchable to Simplified Chinese', async ({ page }) => {
    await openApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Welcome to Glassbox' })).toBeVisible();
    const dialog = await openSettings(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: '欢迎使用 Glassbox' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: '欢迎使用 Glassbox' })).toBeVisible();
  });

  test('light and dark: follows the system, or the choice in Settings', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page);
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBackground = await background();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await background()).not.toBe(darkBackground);

    const dialog = await openSettings(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await background()).toBe(darkBackground);
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);

    const again = await openSettings(page, 'Appearance');
    await again.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    await again.getByRole('button', { name: 'Save' }).click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).not.toHaveClass(/\bdark\b/);
  });
});
