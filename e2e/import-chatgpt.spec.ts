import { expect, lastAnswer, openApp, test } from './fixtures.ts';
import { activeSession, sessionList } from './persistence-helpers.ts';
import { SHARED_DATA_E2E_TAG } from './shared-data-reporter.ts';
import { hasSharedData, sharedPath } from '../src/testing/shared-data.ts';

// A real 2025 export (see ../shared/real-data/SOURCES.md): two readable conversations and one with no mapping.
const MODERN_EXPORT = sharedPath('real-data', 'chatgpt', 'librechat-chatgpt-modern-export.json');

test(
  'a ChatGPT export imports its readable conversations and reports the skipped one by name',
  { tag: SHARED_DATA_E2E_TAG },
  async ({ page }) => {
    test.skip(!hasSharedData, 'needs ../shared (third-party test data)');
    await openApp(page);
    // A fresh app holds one empty session.
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);

    await page.getByLabel('Import sessions').setInputFiles(MODERN_EXPORT);

    const report = page.getByRole('status', { name: 'Import report' });
    await expect(report).toContainText('Imported 2 sessions; skipped 1 ChatGPT conversation that could not be read');
    await expect(report.getByRole('listitem')).toHaveText([
      'librechat-chatgpt-modern-export.json: "Corrupted entry" — the export holds no messages for it (no mapping)',
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 2 sessions.' })).toBeVisible();

    // The imported conversation is open at its current branch; the hidden custom instructions are not shown.
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(3);
    await expect(activeSession(page)).toContainText('Deploying the staging cluster');
    await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(2);
    await expect(page.getByRole('article', { name: 'user message' }).first()).toContainText(
      'How do I roll back the deploy?',
    );
    await expect(lastAnswer(page)).toHaveText('Restore from the last known-good chart.');
    await expect(page.getByRole('main', { name: 'Chat' })).not.toContainText('Answer concisely');
    await expect(sessionList(page).getByRole('button', { name: 'Weeknight pasta' })).toBeVisible();

    await report.getByRole('button', { name: 'Dismiss' }).click();
    await expect(report).toHaveCount(0);
  },
);
