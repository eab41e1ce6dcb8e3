import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test } from './fixtures.ts';

/** Serious and critical axe violations on the page as it is now, described for a readable failure. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map(
          (node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${JSON.stringify(node.any[0]?.data ?? '')}`,
        );
      return `${violation.id} (${violation.impact}): ${violation.help}\n  ${nodes.join('\n  ')}`;
    });
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`axe, ${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the main screen has no serious or critical violations', async ({ page }) => {
      await openApp(page);
      await expect(page.getByRole('heading', { name: 'Welcome to Glassbox' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('Settings open has no serious or critical violations', async ({ page }) => {
      // One axe pass per tab.
      test.setTimeout(90_000);
      await openApp(page);
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await expect(dialog).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      for (const tab of ['Agent', 'Tools', 'Memory', 'Tracing', 'Data', 'Sync', 'Appearance', 'Model']) {
        await settingsTab(page, tab);
        expect(await seriousViolations(page), tab).toEqual([]);
      }
      await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
      await dialog.getByRole('button', { name: 'Test connection' }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('a conversation with the trace and span details visible has no serious or critical violations', async ({
      page,
    }) => {
      await openApp(page);
      await send(page, 'What is (128+374)*2?');
      await expectRunStatus(page, 'done');
      await expect(lastAnswer(page)).toContainText('1004');
      const card = page.getByRole('group', { name: 'Tool call calculator' });
      await card.getByRole('button', { expanded: false }).click();
      await page
        .getByRole('tree', { name: 'Span tree' })
        .getByRole('treeitem', { name: /^llm: / })
        .first()
        .click();
      await expect(page.getByRole('region', { name: 'Span details' })).toContainText('glassbox-demo');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test('a narrow screen (375 px) has no serious or critical violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openApp(page);
  await send(page, 'What is 6*7?');
  await expectRunStatus(page, 'done');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('navigation', { name: 'Panes' }).getByRole('button', { name: 'Trace' }).click();
  await expect(page.getByRole('tree', { name: 'Span tree' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
