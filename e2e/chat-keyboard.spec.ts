import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

function userMessages(page: Page) {
  return page.getByRole('article', { name: 'user message' });
}

test.describe('chat: keyboard', () => {
  test('Enter sends, Shift+Enter adds a line, Esc stops, Alt+N starts a session, Ctrl+K focuses the box', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.click();
    await page.keyboard.type('line one');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('line two');
    await expect(input).toHaveValue('line one\nline two');
    await expect(userMessages(page)).toHaveCount(0);

    mockLlm.enqueue({ kind: 'hang' });
    await page.keyboard.press('Enter');
    await expectRunStatus(page, 'running');
    await expect(input).toHaveValue('');
    await expect(userMessages(page)).toHaveText('line one\nline two');
    // The request reached the server (a run is `running` a little before its request is sent): Esc aborts it there.
    await expect
      .poll(() => mockLlm.requests.filter((request) => request.path.endsWith('/chat/completions')).length)
      .toBe(1);
    await page.keyboard.press('Escape');
    await expectRunStatus(page, 'stopped');
    await expect.poll(() => mockLlm.aborted).toBe(1);

    // Ctrl+K brings focus back to the message box from anywhere.
    await page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem').first().click();
    await expect(input).not.toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(input).toBeFocused();

    const sessions = page.getByRole('list', { name: 'Session list' }).getByRole('listitem');
    await expect(sessions).toHaveCount(1);
    await page.keyboard.press('Alt+n');
    await expect(sessions).toHaveCount(2);
    await expect(page.locator('li[aria-current="true"]')).toContainText('Untitled');
    await expect(userMessages(page)).toHaveCount(0);
  });
});

test.describe('chat: slash commands', () => {
  test('/ opens completion, and /help, /state, /switch, /new, /trace, /sessions and /export work', async ({ page }) => {
    test.slow();
    await openApp(page);
    await send(page, 'Remind me to buy milk tomorrow');
    await expectRunStatus(page, 'done');

    const input = page.getByRole('textbox', { name: 'Message' });
    const chat = page.getByRole('main', { name: 'Chat' });
    const menu = page.getByRole('listbox', { name: 'Commands' });
    await input.fill('/');
    await expect(menu.getByRole('option')).toHaveText([
      /\/new/,
      /\/sessions/,
      /\/switch/,
      /\/trace/,
      /\/state/,
      /\/export/,
      /\/help/,
    ]);
    await input.fill('/he');
    await expect(menu.getByRole('option')).toHaveCount(1);
    await input.press('Enter');
    await expect(input).toHaveValue('/help');
    await input.press('Enter');
    const output = chat.getByRole('status').filter({ hasText: 'Commands' });
    await expect(output).toContainText('/switch <title or id>');
    await expect(output).toContainText('Alt+N');

    await input.fill('/state');
    await input.press('Enter');
    await expect(chat.getByRole('status').filter({ hasText: 'State of this session' })).toContainText(
      /Todos \(1\)[\s\S]*buy milk/,
    );

    // A second session, then /switch back to the first by a completed title.
    await input.fill('/new');
    await input.press('Enter');
    const sessions = page.getByRole('list', { name: 'Session list' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(page.locator('li[aria-current="true"]')).toContainText('Untitled');
    await input.fill('/sw');
    await input.press('Tab');
    await expect(input).toHaveValue('/switch ');
    await page.keyboard.type('milk');
    await expect(menu.getByRole('option')).toHaveText([/^Remind me to buy milk tomorrow/]);
    await input.press('Enter');
    await expect(input).toHaveValue('/switch Remind me to buy milk tomorrow');
    await input.press('Enter');
    await expect(page.locator('li[aria-current="true"]')).toContainText('Remind me to buy milk tomorrow');
    await expect(userMessages(page)).toHaveText('Remind me to buy milk tomorrow');

    // /trace shows a hidden trace panel again.
    await page.getByRole('button', { name: 'Toggle trace' }).click();
    await expect(page.getByRole('complementary', { name: 'Trace' })).toBeHidden();
    await input.fill('/trace');
    await input.press('Enter');
    await expect(page.getByRole('complementary', { name: 'Trace' })).toBeVisible();

    await input.fill('/sessions');
    await input.press('Enter');
    await expect(page.getByRole('searchbox', { name: 'Search sessions' })).toBeFocused();

    await input.click();
    await input.fill('/export');
    const downloadPromise = page.waitForEvent('download');
    await input.press('Enter');
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.json$/);

    // Esc closes the completion list and keeps the text.
    await input.fill('/ne');
    await expect(menu).toBeVisible();
    await input.press('Escape');
    await expect(menu).toBeHidden();
    await expect(input).toHaveValue('/ne');
  });
});

test.describe('chat: first run and narrow screens', () => {
  test('the first-run screen explains the demo, teaches how to connect, and its examples run', async ({ page }) => {
    await openApp(page);
    const welcome = page.getByRole('region', { name: 'Welcome to Glassbox' });
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText('not an LLM');
    await expect(welcome).toContainText('OLLAMA_ORIGINS=*');
    await expect(welcome).toContainText('Enable CORS');
    await expect(welcome).toContainText('Test connection');

    await welcome.getByRole('button', { name: 'Connect a model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await welcome.getByRole('button', { name: /What is \(128\+374\)\*2\?/ }).click();
    await expectRunStatus(page, 'done');
    await expect(userMessages(page)).toHaveText('What is (128+374)*2?');
    await expect(lastAnswer(page)).toContainText('1004');
    await expect(welcome).toBeHidden();
  });

  test('at 375 px the panes are tabs, each reachable, and the chat works', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openApp(page);
    const tabs = page.getByRole('navigation', { name: 'Panes' });
    const chat = page.getByRole('main', { name: 'Chat' });
    const sessions = page.getByRole('complementary', { name: 'Sessions' });
    const trace = page.getByRole('complementary', { name: 'Trace' });
    await expect(chat).toBeVisible();
    await expect(sessions).toBeHidden();
    await expect(trace).toBeHidden();

    await send(page, 'What is 6*7?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('42');
    await expect(lastAnswer(page)).toBeInViewport();

    await tabs.getByRole('button', { name: 'Trace' }).click();
    await expect(trace).toBeVisible();
    await expect(chat).toBeHidden();
    await trace.getByRole('treeitem', { name: /^tool: calculator/ }).click();
    await expect(page.getByRole('region', { name: 'Span details' })).toContainText('42');

    await tabs.getByRole('button', { name: 'Sessions' }).click();
    await expect(sessions).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'New session' })).toBeVisible();

    await tabs.getByRole('button', { name: 'Chat' }).click();
    await expect(chat).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport();
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // "Show in trace" from a tool call switches to the Trace tab and selects the span.
    const card = page.getByRole('group', { name: 'Tool call calculator' });
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Show in trace' }).click();
    await expect(trace).toBeVisible();
    await expect(trace.locator('[aria-selected="true"]')).toHaveAttribute('data-span-kind', 'tool');
  });
});
