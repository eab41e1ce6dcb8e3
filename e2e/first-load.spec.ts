/**
 * Issue 19 item 7: a cold start fetches only the app shell before the app is idle. The Chinese strings are a chunk
 * fetched only for a Chinese UI (before its first paint, so no English shows first), and the trace pane's code
 * comes once the app is idle.
 */
import type { Page } from '@playwright/test';
import { chooseChinese, expect, openApp, settingsTab, test } from './fixtures.ts';

const CHINESE_CHUNK = /glassbox-chinese/u;
const ENGLISH_TAGLINE = 'A browser-only AI agent you can see into';
const CHINESE_TAGLINE = '一个看得见内部的浏览器端 AI 智能体';

/** Resolves once the app has marked itself idle (src/main.tsx), with the mark's time. */
async function idleMark(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => performance.getEntriesByName('glassbox:idle')[0]?.startTime);
  return (await handle.jsonValue()) as number;
}

/** Start times (page clock) of the app's own requests whose URL matches. */
function requestStarts(page: Page, pattern: RegExp): Promise<number[]> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new RegExp(source, 'u').test(entry.name))
        .map((entry) => entry.startTime),
    pattern.source,
  );
}

/** Records, from before the app's first script, whether the page ever showed this text. */
async function watchForText(page: Page, text: string): Promise<void> {
  await page.addInitScript((watched) => {
    const state = window as unknown as { __sawText?: boolean };
    state.__sawText = false;
    new MutationObserver(() => {
      if (document.body?.textContent?.includes(watched)) state.__sawText = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

function sawText(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sawText?: boolean }).__sawText === true);
}

test.describe('a cold start in English', () => {
  test('does not fetch the Chinese strings, and fetches the trace pane only once the app is idle', async ({ page }) => {
    await openApp(page);
    const idleAt = await idleMark(page);
    // The trace pane is fetched from the idle callback: its request starts at or after the mark.
    await expect(
      page.getByRole('complementary', { name: 'Trace' }).getByRole('tree', { name: 'Span tree' }),
    ).toBeAttached();
    const traceStarts = await requestStarts(page, /\/assets\/trace-pane-[^/]+\.js$/u);
    expect(traceStarts).toHaveLength(1);
    expect(traceStarts[0]).toBeGreaterThanOrEqual(idleAt);
    expect(await requestStarts(page, CHINESE_CHUNK)).toEqual([]);
    await expect(page.getByText(ENGLISH_TAGLINE)).toBeVisible();
  });

  test('carries only zod’s small build until idle: the full API (tools, imports) comes later, and the settings still parse', async ({
    page,
  }) => {
    const bodies = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.js$/u.test(response.url()))
        bodies.set(
          response.url(),
          response.text().catch(() => ''),
        );
    });
    await openApp(page);
    const idleAt = await idleMark(page);
    const early = await page.evaluate(
      (limit) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < limit && entry.name.endsWith('.js'))
          .map((entry) => entry.name),
      idleAt,
    );
    const texts = await Promise.all(early.map((url) => bodies.get(url) ?? Promise.resolve('')));
    expect(texts.filter((text) => text.length > 0)).toHaveLength(early.length);
    // zod's classes are made under their names, which minifying keeps: `ZodMiniString` (small build), `$ZodString`
    // (the core both share), `ZodString` (the full API).
    const named = (name: string) => new RegExp(`[\`"']${name}[\`"']`, 'u');
    expect(texts.some((text) => named('ZodMiniString').test(text))).toBe(true);
    expect(early.filter((_url, index) => named('ZodString').test(texts[index] ?? ''))).toEqual([]);
    // The settings, parsed by the small build at boot, hold what the full build's parts read: the demo works.
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect((await settingsTab(page, 'Model')).getByRole('combobox', { name: 'Model' })).toHaveValue(
      'glassbox-demo',
    );
  });

  test('choosing Chinese in Settings fetches the Chinese strings, and a reload shows Chinese again', async ({
    page,
  }) => {
    await openApp(page);
    await chooseChinese(page);
    await expect(page.getByText(CHINESE_TAGLINE)).toBeVisible();
    expect(await requestStarts(page, CHINESE_CHUNK)).toHaveLength(1);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByText(CHINESE_TAGLINE)).toBeVisible();
    await expect(page.getByText(ENGLISH_TAGLINE)).toHaveCount(0);
  });
});

test.describe('a cold start in a Chinese browser', () => {
  test.use({ locale: 'zh-CN' });

  test('shows Chinese from the first paint: the English text never appears', async ({ page }) => {
    await watchForText(page, ENGLISH_TAGLINE);
    await openApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByText(CHINESE_TAGLINE)).toBeVisible();
    await idleMark(page);
    expect(await sawText(page)).toBe(false);
    expect(await requestStarts(page, CHINESE_CHUNK)).toHaveLength(1);
    // A chunk loaded later (the Settings dialog) finds its Chinese strings too.
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect((await settingsTab(page, 'Model')).getByRole('tab', { name: 'Model', exact: true })).toHaveText(
      /模型/u,
    );
  });
});
