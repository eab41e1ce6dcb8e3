import { expect, expectRunStatus, openApp, send, settingsTab, test } from './fixtures.ts';
import { settingsDialog, openSettings, storedSettings } from './settings-helpers.ts';

test.describe('Settings: tabs', () => {
  test('the sections are ARIA tabs: arrows, Home and End move between them, one panel shows at a time', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const tabs = dialog.getByRole('tablist').getByRole('tab');
    await expect(tabs).toHaveText(['Model', 'Agent', 'Tools', 'Memory', 'Tracing', 'Data', 'Sync', 'Appearance']);
    const model = dialog.getByRole('tab', { name: 'Model' });
    await expect(model).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).toHaveCount(1);
    await expect(dialog.getByRole('tabpanel')).toHaveAccessibleName('Model');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toHaveCount(0);

    await model.focus();
    await page.keyboard.press('ArrowRight');
    const agent = dialog.getByRole('tab', { name: 'Agent' });
    await expect(agent).toBeFocused();
    await expect(agent).toHaveAttribute('aria-selected', 'true');
    await expect(model).toHaveAttribute('aria-selected', 'false');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(dialog.getByRole('tab', { name: 'Appearance' })).toBeFocused();
    await expect(dialog.getByRole('combobox', { name: 'Theme' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(model).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('tab', { name: 'Appearance' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(model).toHaveAttribute('aria-selected', 'true');
    // One tab stop: Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeFocused();
  });

  test('every named control is reachable through its tab, and edits in several tabs are saved together', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const reach: Array<[string, string, string]> = [
      ['Model', 'combobox', 'Provider'],
      ['Model', 'textbox', 'Base URL'],
      ['Model', 'combobox', 'Model'],
      ['Model', 'spinbutton', 'Context window'],
      ['Agent', 'spinbutton', 'Max steps'],
      ['Agent', 'combobox', 'Protocol'],
      ['Agent', 'textbox', 'System prompt'],
      ['Tools', 'checkbox', 'calculator'],
      ['Tools', 'button', 'New tool'],
      ['Tools', 'button', 'Add MCP server'],
      ['Tracing', 'textbox', 'OTLP endpoint'],
      ['Data', 'region', 'Storage'],
      ['Appearance', 'combobox', 'Language'],
    ];
    for (const [tab, role, name] of reach) {
      await settingsTab(page, tab);
      await expect(dialog.getByRole(role as 'button', { name, exact: true }), `${name} in ${tab}`).toBeVisible();
    }
    await expect(dialog.getByLabel('API key')).toBeHidden();
    await settingsTab(page, 'Model');
    await expect(dialog.getByLabel('API key')).toBeVisible();

    await settingsTab(page, 'Agent');
    await dialog.getByRole('spinbutton', { name: 'Max steps' }).fill('7');
    await settingsTab(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Theme' }).selectOption('dark');
    await settingsTab(page, 'Agent');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toHaveValue('7');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => [(await storedSettings(page))?.maxSteps, (await storedSettings(page))?.theme])
      .toEqual([7, 'dark']);
  });
});

test.describe('Settings: search', () => {
  test('filters settings by name across the tabs: the open tab follows the matches, others are marked', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const search = dialog.getByRole('searchbox', { name: 'Search settings' });
    await search.fill('max steps');
    // Nothing on the Model tab matches, so the Agent tab opens.
    await expect(dialog.getByRole('tab', { name: 'Agent' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tab', { name: 'Agent' })).toHaveAttribute('data-matches', '1');
    await expect(dialog.getByRole('tab', { name: 'Model' })).toHaveAttribute('data-matches', '0');
    await expect(dialog.getByRole('spinbutton', { name: 'Max steps' })).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Max tool calls' })).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'System prompt' })).toBeHidden();
    await expect(dialog).toContainText('Settings found: 1');

    // A tab without matches says so.
    await settingsTab(page, 'Model');
    await expect(dialog.getByRole('tabpanel')).toContainText('Nothing in this tab matches “max steps”');
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeHidden();

    // A term found in two tabs counts in both.
    await search.fill('model');
    await expect(dialog.getByRole('tab', { name: 'Model' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Context window' })).toBeHidden();

    await search.fill('no such setting');
    await expect(dialog.getByRole('tabpanel')).toContainText('No setting matches “no such setting”.');

    // Esc clears the search first, then closes the dialog; every control is back.
    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'Model' })).not.toHaveAttribute('data-matches');
    await search.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('English and Chinese names both find a setting, whichever language the UI shows; an edit made while searching is kept', async ({
    page,
  }) => {
    await openApp(page);
    const dialog = await openSettings(page);
    const search = dialog.getByRole('searchbox', { name: 'Search settings' });
    await search.fill('主题');
    await expect(dialog.getByRole('tab', { name: 'Appearance' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('combobox', { name: 'Theme' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Language' })).toBeHidden();
    await search.fill('language');
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await search.fill('');
    await expect(dialog.getByRole('combobox', { name: 'Language' })).toHaveValue('zh-CN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

    const chinese = await openSettings(page);
    await expect(search).toHaveAttribute('placeholder', '搜索设置');
    await search.fill('system prompt');
    await expect(chinese.getByRole('tab', { name: 'Agent' })).toHaveAttribute('aria-selected', 'true');
    await expect(chinese.getByRole('textbox', { name: 'System prompt' })).toBeVisible();
    await search.fill('上下文');
    await expect(chinese.getByRole('spinbutton', { name: 'Context window' })).toBeVisible();
    // The context window, recall into the context and compaction.
    await expect(chinese).toContainText('找到 3 项设置');
    await expect(chinese.getByRole('tab', { name: 'Memory' })).toHaveAttribute('data-matches', '2');
  });
});

test.describe('Settings: dialog focus', () => {
  test('focus moves into the dialog, stays there, and returns to Settings on Esc and Cancel', async ({ page }) => {
    await openApp(page);
    const settingsButton = page.getByRole('button', { name: 'Settings' });
    await settingsButton.focus();
    await page.keyboard.press('Enter');
    const dialog = settingsDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Search settings' })).toBeFocused();
    // The page behind is inert while the dialog is open.
    for (let index = 0; index < 40; index += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => {
        const active = document.activeElement;
        return active === document.body || active === null || active.closest('dialog') !== null;
      });
      expect(inside).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(settingsButton).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(settingsButton).toBeFocused();
  });

  test('the delete-session confirmation is a focused dialog; Cancel keeps the session', async ({ page }) => {
    await openApp(page);
    await send(page, 'What is 2+3?');
    await expectRunStatus(page, 'done');
    await page.getByRole('button', { name: 'Delete session' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toBeVisible();
    await expect(confirm.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete session' })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Session list' }).getByRole('listitem')).toHaveCount(1);
  });
});
