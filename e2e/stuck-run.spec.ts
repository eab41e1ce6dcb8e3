import type { Page } from '@playwright/test';
import { expect, expectRunStatus, openApp, sendAndWait, settingsTab, submit, test, useEndpoint } from './fixtures.ts';

const MODEL = 'mock-stuck';

/** Sets the stuck-run threshold (Settings → Model) and saves. */
async function setStuckSteps(page: Page, steps: number, label = 'Flag runs as stuck after steps'): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = await settingsTab(page, 'Model');
  await settings.getByRole('spinbutton', { name: label }).fill(String(steps));
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
}

test.describe('Stuck runs are marked on their turn in the chat', () => {
  test('a run of 11 steps shows the Stuck run badge with why; the threshold setting changes it; Insights opens it', async ({
    page,
    mockLlm,
  }) => {
    // Twelve model calls, Settings three times and Insights: under load (two extra busy loops on two cores) the walk
    // was at its last Settings change, every earlier check met, when the 30 s budget ran out. Not a race.
    test.slow();
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: MODEL, maxSteps: 20 });
    // A short run first: no badge on its answer.
    mockLlm.enqueue({ kind: 'reply', content: 'Hello there.' });
    await sendAndWait(page, 'Say hello');
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Hello there.')).toBeVisible();
    const badges = log.getByTestId('stuck-run-badge');
    await expect(badges).toHaveCount(0);

    // Ten steps calling the calculator (each with other arguments, so only the step count flags it), then the answer.
    const steps = Array.from({ length: 10 }, (_, index) => ({
      kind: 'reply' as const,
      toolCalls: [{ name: 'calculator', arguments: { expression: `${index}+1` } }],
    }));
    mockLlm.enqueue(...steps, { kind: 'reply', content: 'Counted to ten.' });
    // Not `send`: the eleven steps can stream past the question (out of the virtualised chat) before it is checked.
    await submit(page, 'Count to ten with the calculator');
    await expect(log.getByText('Counted to ten.')).toBeVisible();
    await expectRunStatus(page, 'done');
    await expect(badges).toHaveCount(1);
    await expect(badges).toHaveText('Stuck run');
    await expect(badges).toHaveAttribute(
      'title',
      'Possibly stuck: 11 steps (more than 10). Click to show the run in the trace.',
    );

    // The badge opens the run in the trace, where its banner says the same.
    await badges.click();
    const trace = page.getByRole('complementary', { name: 'Trace' });
    await expect(trace.getByTestId('trace-stuck')).toContainText('11 steps (more than 10)');
    const runId = await badges.getAttribute('data-run-id');
    await expect(trace.locator('[aria-selected="true"]')).toHaveAttribute('data-span-kind', 'run');

    // Insights lists the run, and its entry opens it: the chat shows the badged turn, the trace selects the run.
    await trace.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem').first().click();
    await page.getByRole('button', { name: 'Insights' }).click();
    const view = page.getByRole('dialog', { name: 'Insights' });
    const list = view.getByRole('region', { name: 'Possibly stuck runs' });
    await expect(list).toContainText('11 steps (more than 10)');
    await list.getByRole('button', { name: 'Open the latest run of Count to ten with the calculator' }).click();
    await expect(view).toBeHidden();
    await expect(trace.locator('[aria-selected="true"]')).toHaveAttribute('data-span-id', runId ?? '');
    // The chat scrolled to the run's turn (its question); its badge is under the run's last answer, further down.
    await expect(log.locator('[data-highlighted="true"]')).toContainText('Count to ten with the calculator');
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(log.locator(`[data-testid="stuck-run-badge"][data-run-id="${runId}"]`)).toBeVisible();

    // A higher threshold: 11 steps are not more than 11, and the badge goes; back at 10 it is there again.
    await setStuckSteps(page, 11);
    await expect(badges).toHaveCount(0);
    await setStuckSteps(page, 10);
    await expect(badges).toHaveCount(1);
  });
});

test.describe('Stuck run badge in Chinese on the demo model', () => {
  test.use({ locale: 'zh-CN' });

  test('the demo’s two-step run is flagged once the threshold is one step, in Chinese', async ({ page }) => {
    await openApp(page);
    await sendAndWait(page, '(128+374)*2 等于多少？');
    const badges = page.getByRole('log', { name: 'Messages' }).getByTestId('stuck-run-badge');
    await expect(badges).toHaveCount(0);
    await setStuckSteps(page, 1, '步骤数超过此值时标记为卡住');
    await expect(badges).toHaveText('运行可能卡住');
    await expect(badges).toHaveAttribute('title', /^可能卡住：2 步（超过 1）。/);
  });
});
