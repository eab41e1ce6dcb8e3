import type { Page, Route } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test } from './fixtures.ts';

/** Answers Open-Meteo for Guangzhou from the page, since the tests run offline; counts the forecast lookups. */
async function stubGuangzhouWeather(page: Page): Promise<{ forecasts: () => number }> {
  let forecasts = 0;
  const json = (route: Route, body: unknown) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'access-control-allow-origin': '*' },
      body: JSON.stringify(body),
    });
  await page.route('https://geocoding-api.open-meteo.com/**', (route) => {
    const name = new URL(route.request().url()).searchParams.get('name') ?? '';
    return json(
      route,
      name.toLowerCase() === 'guangzhou'
        ? {
            results: [
              { name: 'Guangzhou', latitude: 23.11667, longitude: 113.25, country: 'China', timezone: 'Asia/Shanghai' },
            ],
          }
        : {},
    );
  });
  await page.route('https://api.open-meteo.com/**', (route) => {
    forecasts += 1;
    return json(route, {
      timezone: 'Asia/Shanghai',
      current_units: { temperature_2m: '°C', wind_speed_10m: 'km/h', relative_humidity_2m: '%' },
      current: {
        time: '2025-06-01T14:00',
        temperature_2m: 29.5,
        weather_code: 3,
        wind_speed_10m: 7,
        relative_humidity_2m: 80,
      },
      daily_units: { temperature_2m_max: '°C' },
      daily: { time: ['2025-06-01'], temperature_2m_max: [32], temperature_2m_min: [25] },
    });
  });
  return { forecasts: () => forecasts };
}

test.describe('offline demo model', () => {
  test('answers arithmetic through the calculator, with a run → llm → tool → llm trace that survives a reload', async ({
    page,
  }) => {
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
    await expect(
      page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: calculator/ }),
    ).toBeVisible();
  });

  test('follows up on "the city I just asked about" with the city of the earlier weather lookup, in Chinese', async ({
    page,
  }) => {
    const weather = await stubGuangzhouWeather(page);
    await openApp(page);
    const assistantMessages = page.getByRole('article', { name: 'assistant message' });
    await send(page, '广州今天天气怎么样');
    await expect(lastAnswer(page)).toContainText('29.5');
    await expectRunStatus(page, 'done');
    const firstAnswers = await assistantMessages.count();

    await send(page, '我刚才查的那个城市天气怎么样');
    // The same shape as the first run (a tool call, then the answer): only the new run can double the count.
    await expect(assistantMessages).toHaveCount(firstAnswers * 2);
    await expect(lastAnswer(page)).toContainText('29.5');
    await expectRunStatus(page, 'done');
    const cards = page.getByRole('main', { name: 'Chat' }).getByTestId('tool-call');
    await expect(cards).toHaveCount(2);
    await expect(cards.last()).toContainText('city: "Guangzhou"');
    await expect(cards.last()).toHaveAttribute('data-tool-status', 'ok');
    await expect(lastAnswer(page)).toContainText('广州');
    await expect(lastAnswer(page)).not.toContainText('查的那个城市');
    expect(weather.forecasts()).toBe(2);
  });

  test("shows each span's duration in the details", async ({ page }) => {
    await openApp(page);
    await send(page, 'What is 6*7?');
    await expectRunStatus(page, 'done');
    await page
      .getByRole('tree', { name: 'Span tree' })
      .getByRole('treeitem', { name: /^tool: calculator/ })
      .click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details).toContainText(/\d+(\.\d+)? (ms|s)/);
    await expect(details).toContainText('42');
  });
});
