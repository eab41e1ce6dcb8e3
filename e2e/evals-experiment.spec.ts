import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chooseChinese, expect, openApp, test, useEndpoint } from './fixtures.ts';
import { startMockLlmServer, type MockBehaviour, type MockLlmServer } from './mock-llm/server.ts';

/** Twelve demo runs at the default concurrency: a busy two-core machine needs far more than the default 10 s. */
const EXPERIMENT_DONE = { timeout: 60_000 };

function lastUserText(body: unknown): string {
  const messages = (body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const last = messages.findLast((message) => message.role === 'user');
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

/**
 * `good-model` is the scripted demo (the server's default answers: tool calls, then the answer); `weak-model` is the
 * demo for the arithmetic and says "I do not know." to the rest; `slow-model` is the demo for the arithmetic and
 * hangs on the rest (until the client goes away).
 */
function answerPerModel(body: unknown): MockBehaviour | undefined {
  const model = (body as { model?: string }).model;
  const arithmetic = /128/.test(lastUserText(body));
  if (model === 'weak-model' && !arithmetic) return { kind: 'reply', content: 'I do not know.' };
  if (model === 'slow-model' && !arithmetic) return { kind: 'hang' };
  return undefined;
}

async function openNewExperiment(page: Page) {
  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  return dialog;
}

async function variant(dialog: ReturnType<Page['getByRole']>, n: number, model: string) {
  const group = dialog.getByRole('group', { name: `Variant ${n}` });
  await group.getByRole('textbox', { name: 'Model' }).fill(model);
  await group.getByRole('combobox', { name: 'Protocol' }).selectOption('tools');
}

/** Answers Open-Meteo for Beijing and Shanghai from the page (the tests run without network). */
async function stubWeather(page: Page): Promise<void> {
  const json = (body: unknown) => ({
    status: 200,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': '*' },
    body: JSON.stringify(body),
  });
  const places: Record<string, { latitude: number; longitude: number }> = {
    beijing: { latitude: 39.9, longitude: 116.4 },
    shanghai: { latitude: 31.2, longitude: 121.5 },
  };
  await page.route('https://geocoding-api.open-meteo.com/**', (route) => {
    const name = (new URL(route.request().url()).searchParams.get('name') ?? '').toLowerCase();
    const place = places[name];
    return route.fulfill(
      json(place ? { results: [{ name, ...place, country: 'China', timezone: 'Asia/Shanghai' }] } : {}),
    );
  });
  await page.route('https://api.open-meteo.com/**', (route) => {
    const north = Number(new URL(route.request().url()).searchParams.get('latitude')) > 35;
    return route.fulfill(
      json({
        timezone: 'Asia/Shanghai',
        current_units: { temperature_2m: '°C', wind_speed_10m: 'km/h', relative_humidity_2m: '%' },
        current: {
          time: '2025-06-01T14:00',
          temperature_2m: north ? 30 : 26,
          weather_code: 3,
          wind_speed_10m: 7,
          relative_humidity_2m: 60,
        },
        daily_units: { temperature_2m_max: '°C' },
        daily: { time: ['2025-06-01'], temperature_2m_max: [32], temperature_2m_min: [25] },
      }),
    );
  });
}

test.describe('Evals experiments', () => {
  let server: MockLlmServer;
  test.beforeEach(async () => {
    server = await startMockLlmServer({ route: answerPerModel });
  });
  test.afterEach(async () => {
    await server.close();
  });

  test('a two-variant experiment shows each variant’s pass rate, scores and reasons, and exports them', async ({
    page,
  }) => {
    await stubWeather(page);
    await openApp(page);
    await useEndpoint(page, server.url, { model: 'good-model' });
    const sessions = page.getByRole('list', { name: 'Session list' }).getByRole('listitem');
    const sessionsBefore = await sessions.count();
    const dialog = await openNewExperiment(page);
    await variant(dialog, 1, 'good-model');
    await variant(dialog, 2, 'weak-model');
    await dialog.getByRole('spinbutton', { name: 'Concurrency' }).fill('3');
    await dialog.getByRole('button', { name: 'Run experiment' }).click();
    const v1 = dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]');
    const v2 = dialog.locator('[data-testid="pass-rate"][data-variant="Variant 2"]');
    await expect(v1).toContainText('100%');
    await expect(v1).toContainText('(6/6');
    await expect(v2).toContainText('16.7%');
    await expect(v2).toContainText('(1/6');
    const table = dialog.getByRole('table', { name: 'Experiment results' });
    await expect(table.locator('td[data-pass="true"]')).toHaveCount(7);
    const failed = table.locator('td[data-pass="false"]');
    await expect(failed).toHaveCount(5);
    await expect(failed.first()).toHaveAttribute(
      'title',
      /Contains expected: 0\.00 — The answer does not contain “Thursday”/,
    );
    // Each regression links to both runs: the trace viewer, and Compare runs.
    await expect(dialog.getByTestId('regression')).toHaveCount(5);
    await dialog.getByTestId('regression').first().getByRole('button', { name: 'Open run' }).click();
    await expect(dialog.getByRole('tree', { name: 'Span tree' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to results' }).click();
    await dialog.getByTestId('regression').first().getByRole('button', { name: 'Compare with baseline' }).click();
    await expect(dialog.getByRole('region', { name: 'Run comparison' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to results' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export results' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.split('\n')[0]).toContain('item,input,expected,variant');
    expect(csv).toContain('The answer does not contain “Thursday”');
    // Experiment runs stay out of the session list.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(sessions).toHaveCount(sessionsBefore);
  });

  test('Stop mid-experiment: no new run starts, the rest are shown as not run', async ({ page }) => {
    await openApp(page);
    await useEndpoint(page, server.url, { model: 'slow-model' });
    const dialog = await openNewExperiment(page);
    await variant(dialog, 1, 'slow-model');
    await variant(dialog, 2, 'slow-model');
    await dialog.getByRole('spinbutton', { name: 'Concurrency' }).fill('1');
    await dialog.getByRole('button', { name: 'Run experiment' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Experiment progress' })).toBeVisible();
    await expect.poll(() => server.inFlight).toBe(1);
    await expect(dialog.locator('td[data-pass="true"]')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Stop experiment' }).click();
    const table = dialog.getByRole('table', { name: 'Experiment results' });
    await expect(table.locator('td[data-status="not-run"]')).toHaveCount(9);
    await expect(table.locator('td[data-status="stopped"]')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Stop experiment' })).toBeHidden();
    await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]')).toContainText('5 not run');
    await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]')).toContainText('100%');
  });
});

/** The experiments and their runs in IndexedDB. */
async function storedCounts(page: Page): Promise<{ experiments: number; runs: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('glassbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const count = (store: string) =>
      new Promise<number>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).count();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const counts = { experiments: await count('experiments'), runs: await count('experimentRuns') };
    db.close();
    return counts;
  });
}

test('offline, the demo dataset runs against native tools and text ReAct; a regression opens its two traces; Delete experiment removes it', async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Dataset' })).toHaveValue('dataset_demo');
  await expect(
    dialog.getByRole('group', { name: 'Variant 1' }).getByRole('combobox', { name: 'Protocol' }),
  ).toHaveValue('tools');
  await expect(
    dialog.getByRole('group', { name: 'Variant 2' }).getByRole('combobox', { name: 'Protocol' }),
  ).toHaveValue('react');
  await dialog.getByRole('button', { name: 'Run experiment' }).click();
  // The finished counts say the experiment ended (`Stop experiment` may not have appeared yet when first looked for).
  // Offline the weather question fails under both (its tool needs the network).
  await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]')).toContainText(
    '83.3% pass (5/6',
    EXPERIMENT_DONE,
  );
  await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 2"]')).toContainText(
    '66.7% pass (4/6',
    EXPERIMENT_DONE,
  );
  await expect(dialog.getByRole('button', { name: 'Stop experiment' })).toBeHidden();
  // Native tool calls ask date_calc for both dates in one step; text ReAct takes one action per step.
  const regression = dialog.getByTestId('regression');
  await expect(regression).toHaveCount(1);
  await expect(regression).toContainText('2024-05-20 and 2024-12-25');
  const table = dialog.getByRole('table', { name: 'Experiment results' });
  const weekdays = table.getByRole('row').filter({ hasText: '2024-12-25' });
  await expect(weekdays.locator('td').nth(0)).toHaveAttribute('data-pass', 'true');
  await expect(weekdays.locator('td').nth(1)).toHaveAttribute(
    'title',
    /Tool expectations: 0\.50 — 3 steps, more than 2/,
  );
  await regression.getByRole('button', { name: 'Open run' }).click();
  const tree = dialog.getByRole('tree', { name: 'Span tree' });
  await expect(tree.getByRole('treeitem').filter({ hasText: 'date_calc' })).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Back to results' }).click();
  await regression.getByRole('button', { name: 'Compare with baseline' }).click();
  const comparison = dialog.getByRole('region', { name: 'Run comparison' });
  await expect(comparison).toBeVisible();
  // The baseline's run against the variant's.
  await expect(comparison.getByRole('combobox', { name: 'First run' }).locator('option:checked')).toContainText(
    'Variant 1',
  );
  await expect(comparison.getByRole('combobox', { name: 'Second run' }).locator('option:checked')).toContainText(
    'Variant 2',
  );
  await dialog.getByRole('button', { name: 'Back to results' }).click();
  expect(await storedCounts(page)).toEqual({ experiments: 1, runs: 12 });
  await dialog.getByRole('button', { name: 'Delete experiment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this experiment?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(table).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Delete experiment' })).toBeHidden();
  expect(await storedCounts(page)).toEqual({ experiments: 0, runs: 0 });
});

test('in Chinese, the demo dataset is the Chinese seed dialogues and shows the regression offline', async ({
  page,
}) => {
  await openApp(page);
  await chooseChinese(page);
  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Dataset' })).toContainText('演示数据集');
  await dialog.getByRole('button', { name: 'Run experiment' }).click();
  await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 1"]')).toContainText(
    '变体 1：通过率 83.3%（5/6',
    EXPERIMENT_DONE,
  );
  await expect(dialog.locator('[data-testid="pass-rate"][data-variant="Variant 2"]')).toContainText(
    '变体 2：通过率 66.7%（4/6',
    EXPERIMENT_DONE,
  );
  await expect(dialog.getByRole('button', { name: 'Stop experiment' })).toBeHidden();
  const table = dialog.getByRole('table', { name: 'Experiment results' });
  await expect(table).toContainText('帮我算一下 (128+374)*2 等于多少');
  await expect(table.locator('td[data-pass="false"]').first()).toHaveAttribute('title', /回答不包含“°C”/);
  const regression = dialog.getByTestId('regression');
  await expect(regression).toHaveCount(1);
  await expect(regression).toContainText('2024年5月20日和2024年12月25日分别是星期几？');
  await expect(regression).toContainText('在变体 1中通过，在变体 2中未通过');
});
