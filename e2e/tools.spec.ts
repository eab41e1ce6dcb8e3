import type { Page, Route } from '@playwright/test';
import type { RecordedRequest } from './mock-llm/server.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';

const ALL_TOOLS = [
  'calculator',
  'get_current_time',
  'date_calc',
  'get_weather',
  'search_web',
  'todo',
  'save_note',
  'search_notes',
  'read_file',
  'run_javascript',
];
const LIVE_APIS = /open-meteo\.com|wikipedia\.org/u;

function tree(page: Page) {
  return page.getByRole('tree', { name: 'Span tree' });
}

/** The tool names offered in each chat request the mock server received. */
function offeredTools(requests: RecordedRequest[]): string[][] {
  return requests
    .filter((request) => request.path.endsWith('/chat/completions'))
    .map((request) =>
      ((request.body as { tools?: { function: { name: string } }[] }).tools ?? []).map((tool) => tool.function.name),
    );
}

/** Opens a new session and waits until it is the active one (empty), so the next message goes there. */
async function openNewSession(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(page.getByRole('list', { name: 'Session list' }).locator('li[aria-current="true"]')).toContainText(
    'Untitled',
  );
  await expect(page.getByRole('log', { name: 'Messages' }).getByRole('article')).toHaveCount(0);
}

async function ask(page: Page, text: string): Promise<void> {
  await send(page, text);
  await expectRunStatus(page, 'done');
}

/** The test machine is offline; this makes sure the live APIs fail the same way on a connected one. */
async function goOffline(page: Page): Promise<void> {
  await page.route(LIVE_APIS, (route) => route.abort('internetdisconnected'));
}

async function setToolEnabled(page: Page, changes: Record<string, boolean>): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Tools');
  for (const [name, enabled] of Object.entries(changes))
    await dialog.getByRole('checkbox', { name, exact: true }).setChecked(enabled);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('tools can be switched off in Settings', () => {
  test('a disabled tool is not offered to the model, stays off after a reload, and comes back when switched on', async ({
    page,
    mockLlm,
  }) => {
    test.setTimeout(60_000);
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await setToolEnabled(page, { calculator: false, run_javascript: false });

    await ask(page, 'What is 6*7?');
    await expect(lastAnswer(page)).toContainText("I'd need the calculator tool for that");
    await expect(tree(page).getByRole('treeitem', { name: /^tool: / })).toHaveCount(0);
    expect(offeredTools(mockLlm.requests)).toEqual([
      ALL_TOOLS.filter((name) => name !== 'calculator' && name !== 'run_javascript'),
    ]);

    await ask(page, 'Run JavaScript: `1 + 1`');
    await expect(lastAnswer(page)).toContainText('run_javascript');
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = await settingsTab(page, 'Tools');
    await expect(dialog.getByRole('checkbox', { name: 'calculator', exact: true })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'run_javascript', exact: true })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'todo', exact: true })).toBeChecked();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    mockLlm.reset();
    await setToolEnabled(page, { calculator: true });
    await ask(page, 'What is 6*7?');
    await expect(lastAnswer(page)).toContainText('42');
    await expect(
      tree(page)
        .getByRole('treeitem', { name: /^tool: calculator/ })
        .last(),
    ).toHaveAttribute('data-span-status', 'ok');
    const offered = offeredTools(mockLlm.requests);
    expect(offered).toHaveLength(2);
    for (const names of offered) expect(names).toEqual(ALL_TOOLS.filter((name) => name !== 'run_javascript'));
  });
});

test.describe('demo dialogues', () => {
  // Several turns each; generous for a loaded machine, never a fixed wait.
  test.describe.configure({ timeout: 90_000 });

  test('todos in English and Chinese, kept apart per session', async ({ page }) => {
    await openApp(page);
    await ask(page, 'remind me to buy milk');
    await expect(lastAnswer(page)).toContainText('buy milk');
    await ask(page, '帮我记个待办：明天带伞');
    await expect(lastAnswer(page)).toContainText('明天带伞');
    await ask(page, 'what are my todos');
    await expect(lastAnswer(page)).toContainText('buy milk');
    await expect(lastAnswer(page)).toContainText('明天带伞');
    await expect(
      tree(page)
        .getByRole('treeitem', { name: /^tool: todo/ })
        .last(),
    ).toHaveAttribute('data-span-status', 'ok');

    await openNewSession(page);
    await ask(page, '我有哪些待办');
    await expect(lastAnswer(page)).not.toContainText('buy milk');
    await expect(lastAnswer(page)).not.toContainText('明天带伞');
    await ask(page, 'remind me to call the plumber');
    await ask(page, 'what are my todos');
    await expect(lastAnswer(page)).toContainText('call the plumber');
    await expect(lastAnswer(page)).not.toContainText('buy milk');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await page
      .getByRole('list', { name: 'Session list' })
      .getByRole('button', { name: 'remind me to buy milk' })
      .click();
    // The list opens at the end: the first session's last answer is its todo list.
    await expect(lastAnswer(page)).toContainText('buy milk');
    await ask(page, '我有哪些待办');
    await expect(lastAnswer(page)).toContainText('buy milk');
    await expect(lastAnswer(page)).toContainText('明天带伞');
    await expect(lastAnswer(page)).not.toContainText('call the plumber');
  });

  test('notes are remembered in one session and recalled in another, in English and Chinese', async ({ page }) => {
    await openApp(page);
    await ask(page, 'Remember that my locker code is 4312');
    await expect(tree(page).getByRole('treeitem', { name: /^tool: save_note/ })).toHaveAttribute(
      'data-span-status',
      'ok',
    );
    await ask(page, '记住我最喜欢的颜色是青色');

    await openNewSession(page);
    await ask(page, 'What do you remember about my locker code?');
    await expect(tree(page).getByRole('treeitem', { name: /^tool: search_notes/ })).toHaveAttribute(
      'data-span-status',
      'ok',
    );
    await expect(lastAnswer(page)).toContainText('4312');

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await openNewSession(page);
    await ask(page, '你还记得我最喜欢的颜色吗');
    await expect(lastAnswer(page)).toContainText('青色');
  });

  test.describe('time and dates', () => {
    test.use({ timezoneId: 'Asia/Shanghai' });

    test("answers the time and date questions in the user's time zone", async ({ page }) => {
      await openApp(page);
      const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'));
      const in100Days = await page.evaluate(() => new Date(Date.now() + 100 * 86_400_000).toLocaleDateString('sv-SE'));

      await ask(page, 'What time is it?');
      await expect(tree(page).getByRole('treeitem', { name: /^tool: get_current_time/ })).toHaveAttribute(
        'data-span-status',
        'ok',
      );
      await expect(lastAnswer(page)).toContainText(today);
      await expect(lastAnswer(page)).toContainText('Asia/Shanghai');

      await ask(page, '现在几点');
      await expect(lastAnswer(page)).toContainText(today);
      await expect(lastAnswer(page)).toContainText('星期');

      await ask(page, 'What is the date 100 days from today?');
      await expect(
        tree(page)
          .getByRole('treeitem', { name: /^tool: date_calc/ })
          .last(),
      ).toHaveAttribute('data-span-status', 'ok');
      await expect(lastAnswer(page)).toContainText(in100Days);

      await ask(page, '100天后是星期几？');
      await expect(lastAnswer(page)).toContainText(in100Days);
      await expect(lastAnswer(page)).toContainText('星期');
    });
  });

  test('weather and web search offline say live tools need a network, with the tool span in error, in English and Chinese', async ({
    page,
  }) => {
    await goOffline(page);
    await openApp(page);
    await ask(page, 'What is the weather in Paris?');
    await expect(tree(page).getByRole('treeitem', { name: /^tool: get_weather/ })).toHaveAttribute(
      'data-span-status',
      'error',
    );
    await expect(lastAnswer(page)).toContainText("I couldn't get the weather for Paris");
    await expect(lastAnswer(page)).toContainText('need network access');

    await ask(page, '北京天气怎么样');
    await expect(
      tree(page)
        .getByRole('treeitem', { name: /^tool: get_weather/ })
        .last(),
    ).toHaveAttribute('data-span-status', 'error');
    await expect(lastAnswer(page)).toContainText('需要联网');

    await ask(page, 'search the web for Alan Turing');
    await expect(tree(page).getByRole('treeitem', { name: /^tool: search_web/ })).toHaveAttribute(
      'data-span-status',
      'error',
    );
    await expect(lastAnswer(page)).toContainText('need network access');
  });

  test('a two-city temperature difference offline makes two parallel get_weather calls and ends in the network explanation', async ({
    page,
  }) => {
    await goOffline(page);
    await openApp(page);
    await ask(page, 'What is the temperature difference between Beijing and Shanghai?');
    const spans = tree(page).locator('[aria-level="2"]');
    await expect(spans).toHaveCount(4);
    expect(
      await spans.evaluateAll((items) =>
        items.map((item) => `${item.getAttribute('data-span-kind')}:${item.getAttribute('data-span-status')}`),
      ),
    ).toEqual(['llm:ok', 'tool:error', 'tool:error', 'llm:ok']);
    // Both calls come from one model response.
    const calls = page.getByRole('article', { name: 'assistant message' }).first().getByTestId('tool-call');
    await expect(calls).toHaveCount(2);
    await expect(calls.nth(0)).toContainText('Beijing');
    await expect(calls.nth(1)).toContainText('Shanghai');
    await expect(lastAnswer(page)).toContainText('need network access');

    await ask(page, '北京和上海温差多少');
    const cards = page.getByRole('log', { name: 'Messages' }).getByRole('group', { name: 'Tool call get_weather' });
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(2)).toHaveAttribute('data-tool-status', 'error');
    await expect(cards.nth(3)).toHaveAttribute('data-tool-status', 'error');
    await expect(lastAnswer(page)).toContainText('需要联网');
  });

  test('with the weather service reachable, fetches both cities at once, then subtracts with the calculator', async ({
    page,
  }) => {
    const temperatures: Record<string, { latitude: number; longitude: number; temperature: number }> = {
      beijing: { latitude: 39.9075, longitude: 116.39723, temperature: 3.5 },
      shanghai: { latitude: 31.22222, longitude: 121.45806, temperature: 11.2 },
    };
    const waiting: (() => void)[] = [];
    let concurrentLookups = 0;
    const json = (route: Route, body: unknown) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: { 'access-control-allow-origin': '*' },
        body: JSON.stringify(body),
      });
    await page.route('https://geocoding-api.open-meteo.com/**', async (route) => {
      const name = new URL(route.request().url()).searchParams.get('name') ?? '';
      const place = temperatures[name.toLowerCase()];
      // Answer neither lookup until both have arrived: sequential calls would never get here twice.
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          concurrentLookups = 2;
          for (const release of waiting) release();
        }
        setTimeout(resolve, 10_000);
      });
      await json(
        route,
        place
          ? {
              results: [
                {
                  name: name[0]?.toUpperCase() + name.slice(1),
                  latitude: place.latitude,
                  longitude: place.longitude,
                  country: 'China',
                  timezone: 'Asia/Shanghai',
                },
              ],
            }
          : {},
      );
    });
    await page.route('https://api.open-meteo.com/**', (route) => {
      const latitude = Number(new URL(route.request().url()).searchParams.get('latitude'));
      const place = Object.values(temperatures).find((candidate) => candidate.latitude === latitude);
      return json(route, {
        timezone: 'Asia/Shanghai',
        current_units: { temperature_2m: '°C', wind_speed_10m: 'km/h', relative_humidity_2m: '%' },
        current: {
          time: '2025-01-15T14:00',
          temperature_2m: place?.temperature ?? null,
          weather_code: 1,
          wind_speed_10m: 9,
          relative_humidity_2m: 40,
        },
        daily_units: { temperature_2m_max: '°C' },
        daily: { time: ['2025-01-15'], temperature_2m_max: [12], temperature_2m_min: [1] },
      });
    });
    await openApp(page);
    await ask(page, 'What is the temperature difference between Beijing and Shanghai?');
    expect(concurrentLookups).toBe(2);
    const spans = tree(page).locator('[aria-level="2"]');
    expect(
      await spans.evaluateAll((items) =>
        items.map((item) => item.getAttribute('aria-label')?.split(' ').slice(0, 2).join(' ')),
      ),
    ).toEqual([
      'llm: glassbox-demo',
      'tool: get_weather',
      'tool: get_weather',
      'llm: glassbox-demo',
      'tool: calculator',
      'llm: glassbox-demo',
    ]);
    await expect(tree(page).locator('[data-span-kind="tool"][data-span-status="ok"]')).toHaveCount(3);
    await expect(lastAnswer(page)).toContainText(
      'Beijing is 3.5 °C and Shanghai is 11.2 °C, a difference of 7.7 °C (Shanghai is warmer)',
    );
  });
});

test.describe('the demo is labelled as a scripted demo', () => {
  test('in the header, the first-run screen, Settings and its own answers, in English and Chinese', async ({
    page,
    mockLlm,
  }) => {
    test.setTimeout(60_000);
    await openApp(page);
    await expect(page.getByTestId('demo-badge')).toHaveText('Scripted demo model — not an LLM');
    await expect(page.getByRole('main', { name: 'Chat' })).toContainText(/scripted demo/i);

    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await expect(dialog.getByRole('combobox', { name: 'Provider' })).toHaveValue('demo');
    await expect(dialog).toContainText('It is not an LLM');
    await settingsTab(page, 'Appearance');
    await dialog.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('demo-badge')).toHaveText('脚本演示模型 — 不是大语言模型');
    await expect(page.getByRole('main', { name: 'Chat' })).toContainText('脚本演示');

    await ask(page, '你好');
    await expect(lastAnswer(page)).toContainText('不是大语言模型');
    await ask(page, 'hello');
    await expect(lastAnswer(page)).toContainText('not an LLM');

    // A real endpoint loses the badge: the label belongs to the demo only.
    await useEndpoint(page, mockLlm.url);
    await expect(page.getByTestId('demo-badge')).toHaveCount(0);
  });
});
