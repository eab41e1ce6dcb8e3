import type { Page } from '@playwright/test';
import { generateSessionFile } from '../bench/session-files.ts';
import { expect, openApp, sendAndWait, settingsTab, test, useEndpoint } from './fixtures.ts';

const MODEL = 'mock-insights';

/** Opens Settings at the tab holding the prices of the current model and the stuck threshold. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  return settingsTab(page, 'Model');
}

function insights(page: Page) {
  return page.getByRole('dialog', { name: 'Insights' });
}

/** The Insights facts kept in IndexedDB: sessions in the one record, session records of their own, runs in both. */
function keptFacts(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ folded: number; own: number; runs: number }>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('settings').objectStore('settings');
          const one = store.get('insights.facts');
          const own = store.getAll(IDBKeyRange.bound('insights.facts/', 'insights.facts/\uffff'));
          store.transaction.oncomplete = () => {
            db.close();
            const folded =
              (one.result as { value?: { sessions?: Array<[string, string, string]> } } | undefined)?.value?.sessions ??
              [];
            const records = own.result as Array<{ value: { facts: string } }>;
            const runs = [...folded.map((entry) => entry[2]), ...records.map((record) => record.value.facts)].reduce(
              (total, facts) => total + (JSON.parse(facts) as unknown[]).length,
              0,
            );
            resolve({ folded: folded.length, own: records.length, runs });
          };
          store.transaction.onerror = () => reject(store.transaction.error);
        };
      }),
  );
}

/** Span chunk records the Insights worker read for the report shown, once it is shown. */
async function spanChunksRead(page: Page): Promise<number | undefined> {
  const report = insights(page).getByTestId('insights-report');
  await expect(report).toHaveAttribute('aria-busy', 'false');
  const timing = JSON.parse((await report.getAttribute('data-timing')) ?? '{}') as { phases?: { chunks?: number } };
  return timing.phases?.chunks;
}

test.describe('Insights: totals, tool success, cost and stuck runs from stored spans', () => {
  test('after runs with known usage, Insights shows the totals, a tool’s success rate and the cost at the price set in Settings', async ({
    page,
    mockLlm,
  }) => {
    // The longest flow here: two runs, Settings three times, Insights four times (28 s of 30 on a loaded machine).
    test.slow();
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: MODEL });

    // No default price for this model: Settings says so, then the user enters one.
    let settings = await openSettings(page);
    await expect(settings.getByTestId('price-hint')).toContainText('no price');
    await settings.getByRole('spinbutton', { name: 'Input price' }).fill('2');
    await settings.getByRole('spinbutton', { name: 'Output price' }).fill('10');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings).toBeHidden();

    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }],
        usage: { prompt_tokens: 1000, completion_tokens: 100, total_tokens: 1100 },
      },
      {
        kind: 'reply',
        content: 'It is 42.',
        usage: { prompt_tokens: 2000, completion_tokens: 200, total_tokens: 2200 },
      },
    );
    await sendAndWait(page, 'What is 6*7?');
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [{ name: 'calculator', arguments: { expression: '6**' } }],
        usage: { prompt_tokens: 300, completion_tokens: 30, total_tokens: 330 },
      },
      {
        kind: 'reply',
        content: 'That expression is not valid.',
        usage: { prompt_tokens: 200, completion_tokens: 20, total_tokens: 220 },
      },
    );
    await sendAndWait(page, 'What is 6**?');

    // The trace shows the session's cost at that price: (3,500 × $2 + 350 × $10) per 1M tokens.
    await expect(page.getByTestId('trace-cost-session')).toHaveText('$0.0105');

    await page.getByRole('button', { name: 'Insights' }).click();
    const view = insights(page);
    await expect(view.getByTestId('insights-runs')).toContainText('2');
    await expect(view.getByTestId('insights-tokens-in')).toContainText('3,500');
    await expect(view.getByTestId('insights-tokens-out')).toContainText('350');
    await expect(view.getByTestId('insights-cost')).toContainText('$0.0105');
    await expect(view.getByTestId('insights-tool-success')).toContainText('50%');
    await expect(view.getByTestId('insights-token-sources')).toContainText('4 reported');
    // Each chart is an image whose name states its figures.
    await expect(
      view.getByRole('img', { name: /^Tool success rate, 1 tool: calculator: 50% of 2 calls/ }),
    ).toBeVisible();
    await expect(
      view.getByRole('img', { name: /^Tokens and cost over time, 1 bar: .*3,500 in, 350 out, \$0\.0105, 2 runs/ }),
    ).toBeVisible();
    await expect(
      view.getByRole('img', { name: /^Model latency, 1 model: mock-insights: time to first token p50/ }),
    ).toBeVisible();
    await expect(view.getByRole('img', { name: /^Errors by kind, 1 kind: tool: / })).toBeVisible();
    // The tables hold the same numbers.
    const tools = view.getByRole('region', { name: 'Tool success rate and latency' });
    await expect(tools.getByRole('row', { name: /calculator/ })).toContainText('50%');

    // Other time ranges and scopes: the runs are within the last hour and in this session only.
    await view.getByRole('combobox', { name: 'Time range' }).selectOption({ label: 'Last hour' });
    await expect(view.getByTestId('insights-runs')).toContainText('2');

    // A figure opens the run behind it: the session, with the run selected in the trace.
    await tools.getByRole('button', { name: 'Open the latest run of calculator' }).click();
    await expect(view).toBeHidden();
    await expect(page.getByRole('region', { name: 'Span details' }).getByTestId('span-details-kind')).toHaveText('run');
    await expect(page.getByRole('region', { name: 'Span details' })).toContainText('What is 6**?');

    // A new, empty session: its own view is empty, all sessions still have the two runs.
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByRole('button', { name: 'Insights' }).click();
    await expect(view.getByTestId('insights-runs')).toContainText('0');
    await view.getByRole('combobox', { name: 'Scope' }).selectOption({ label: 'All sessions' });
    await expect(view.getByTestId('insights-runs')).toContainText('2');
    await expect(view.getByTestId('insights-cost')).toContainText('$0.0105');
    await view.getByRole('button', { name: 'Close Insights' }).click();

    // Without a price the cost says so.
    settings = await openSettings(page);
    await settings.getByRole('spinbutton', { name: 'Input price' }).fill('');
    await settings.getByRole('spinbutton', { name: 'Output price' }).fill('');
    await settings.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Insights' }).click();
    await view.getByRole('combobox', { name: 'Scope' }).selectOption({ label: 'All sessions' });
    await expect(view.getByTestId('insights-cost')).toHaveText(/no price/);
    await expect(view.getByTestId('insights-unpriced')).toContainText(MODEL);
  });

  test('a call whose endpoint reports no usage is counted with its model’s tokenizer, or estimated, and says which', async ({
    page,
    mockLlm,
  }) => {
    // Two workers (Span details' counter and Insights') each fetch and build the 3.6 MB o200k_base vocabulary.
    test.slow();
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'gpt-4o-mini' });
    // o200k_base counts this reply as 8 tokens; the calibrated estimate would say 13.
    mockLlm.enqueue({ kind: 'reply', content: '你好，世界！这是一个测试。', usage: null });
    await sendAndWait(page, 'Say hello in Chinese');

    const tree = page.getByRole('tree', { name: 'Span tree' });
    await tree.getByRole('treeitem', { name: 'llm: gpt-4o-mini' }).click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details.getByTestId('span-output-tokens')).toHaveText('8 (counted)');
    await expect(details.getByTestId('span-input-tokens')).toHaveText(/^[\d,]+ \(counted\)$/);
    // gpt-4o-mini has a default price: the call's cost is shown beside its tokens.
    await expect(details.getByTestId('span-cost')).toHaveText(/^\$\d/);
    await expect(page.getByTestId('trace-token-sources')).toHaveText('(1 counted)');

    await page.getByRole('button', { name: 'Insights' }).click();
    const view = insights(page);
    await expect(view.getByTestId('insights-token-sources')).toContainText(
      '0 reported by the endpoint, 1 counted with a tokenizer, 0 estimated',
    );
    await expect(view.getByTestId('insights-tokens-out')).toContainText('8');
    await view.getByRole('button', { name: 'Close Insights' }).click();

    // A model of no known family: the same reply is estimated, and says so.
    await useEndpoint(page, mockLlm.url, { model: MODEL });
    mockLlm.enqueue({ kind: 'reply', content: '你好，世界！这是一个测试。', usage: null });
    await sendAndWait(page, 'Say hello in Chinese again');
    await tree.getByRole('treeitem', { name: `llm: ${MODEL}` }).click();
    await expect(details.getByTestId('span-output-tokens')).toHaveText('13 (estimated)');
    await expect(details.getByTestId('span-cost')).toHaveText(/no price/);
    await expect(page.getByTestId('trace-token-sources')).toHaveText('(1 counted, 1 estimated)');
  });

  test('a run calling the same tool with the same arguments three times is flagged in the trace and in Insights', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: MODEL, maxSteps: 6 });
    const again = { kind: 'reply' as const, toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }] };
    mockLlm.enqueue(again, again, again);
    // The loop's own no-progress rule stops the run after the third identical call; Insights says why it looks stuck.
    await sendAndWait(page, 'Add one and one, three times', 'stopped');

    const stuck = page.getByTestId('trace-stuck');
    await expect(stuck).toContainText('calculator called 3 times with the same arguments');
    // More steps than the threshold: 3 steps over a threshold of 2.
    const settings = await openSettings(page);
    await settings.getByRole('spinbutton', { name: 'Flag runs as stuck after steps' }).fill('2');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(stuck).toContainText('3 steps (more than 2)');

    await page.getByRole('button', { name: 'Insights' }).click();
    const view = insights(page);
    await expect(view.getByTestId('insights-stuck')).toContainText('1');
    const list = view.getByRole('region', { name: 'Possibly stuck runs' });
    await expect(list).toContainText('3 steps (more than 2)');
    await expect(list).toContainText('calculator called 3 times with the same arguments');
    await expect(view.getByRole('img', { name: /^Steps per run, 1 bar: 3 steps: 1 run/ })).toBeVisible();
  });

  test('each run’s facts are kept when it is saved: after a reload, the first open of Insights reads no spans', async ({
    page,
  }) => {
    await openApp(page);
    await sendAndWait(page, 'What is 12*12?');
    await sendAndWait(page, 'What is 13*13?');
    // The Insights worker keeps the session's facts after each run, in the background (before Insights ever opens).
    await expect.poll(async () => (await keptFacts(page)).runs).toBe(2);

    await page.reload();
    await page.getByRole('button', { name: 'Insights' }).click();
    await expect(insights(page).getByTestId('insights-runs')).toContainText('2');
    expect(await spanChunksRead(page)).toBe(0);
  });

  test('imported sessions’ facts are kept and folded into one record: the first open reads no spans', async ({
    page,
  }) => {
    await openApp(page);
    const sessions = Array.from(
      { length: 70 },
      (_, index) =>
        generateSessionFile({
          id: `sess_e2e_facts_${index}`,
          title: `Facts ${index}`,
          messages: 6,
          spans: 24,
          seed: index + 1,
        }).sessions[0],
    );
    const file = {
      ...generateSessionFile({ id: 'sess_e2e_facts_x', title: 'x', messages: 2 }),
      scope: 'all',
      sessions,
    };
    await page
      .getByLabel('Import sessions')
      .setInputFiles({ name: 'runs.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    // 70 session records, then, once the import's requests stop, one record holding all of them.
    await expect.poll(() => keptFacts(page), { timeout: 20_000 }).toEqual({ folded: 70, own: 0, runs: 210 });

    await page.reload();
    await page.getByRole('button', { name: 'Insights' }).click();
    const view = insights(page);
    // The first answer (the imported session opened first) read storage: the kept facts, no span chunk.
    await expect(view.getByTestId('insights-runs').locator('dd')).toHaveText('3');
    expect(await spanChunksRead(page)).toBe(0);
    await view.getByRole('combobox', { name: 'Scope' }).selectOption({ label: 'All sessions' });
    await expect(view.getByTestId('insights-runs').locator('dd')).toHaveText('210');
  });
});

test.describe('Insights in Chinese on the demo model', () => {
  test.use({ locale: 'zh-CN' });

  test('the offline demo’s runs show in Insights, in Chinese, with no price for the demo model', async ({ page }) => {
    await openApp(page);
    await sendAndWait(page, '(128+374)*2 等于多少？');
    await page.getByRole('button', { name: 'Insights' }).click();
    const view = insights(page);
    await expect(view.getByRole('heading', { name: '洞察' })).toBeVisible();
    await expect(view.getByTestId('insights-runs')).toContainText('1');
    await expect(view.getByTestId('insights-cost')).toContainText('无价格');
    await expect(view.getByRole('img', { name: /^工具成功率，1 个工具：calculator：/ })).toBeVisible();
    await expect(view.getByTestId('insights-token-sources')).toContainText('由端点报告');
    await view.getByRole('button', { name: '关闭洞察' }).click();
    // Span details says where a model call's tokens come from: the demo endpoint reports them.
    await page
      .getByRole('tree', { name: 'Span tree' })
      .getByRole('treeitem', { name: /^llm: / })
      .first()
      .click();
    await expect(page.getByRole('region', { name: 'Span details' }).getByTestId('span-output-tokens')).toHaveText(
      /^[\d,]+（报告）$/,
    );
  });
});
