import type { Page } from '@playwright/test';
import { chat } from './agent-helpers.ts';
import {
  chooseChinese,
  expect,
  expectRunStatus,
  lastAnswer,
  openApp,
  send,
  settingsTab,
  test,
  useEndpoint,
} from './fixtures.ts';

/** Switches the app back to English through Settings → Appearance. */
async function chooseEnglish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = await settingsTab(page, 'Appearance');
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('en');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

/** The chat scrolled to its top (a virtualised chat renders only the rows near the viewport). */
async function scrollChatToTop(page: Page): Promise<void> {
  await chat(page)
    .getByRole('log', { name: 'Messages' })
    .evaluate((element) => element.scrollTo({ top: 0 }));
}

const switchedEnglish = /switched to text ReAct/;
const switchedChinese = /切换到了文本 ReAct/;

test('a notice shows once in either language, after a language switch and after a reload', async ({
  page,
  mockLlm,
}) => {
  test.slow();
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await chooseChinese(page);
  mockLlm.enqueue({ kind: 'reject-tools', status: 400, message: 'This model does not support tools.' });
  await send(page, 'What is 12*12?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('144');
  // Under the answer (stored with it) and as the run's notice: the same key, so shown once.
  await expect(chat(page).getByText(switchedChinese)).toHaveCount(1);

  await chooseEnglish(page);
  await expect(chat(page).getByText(switchedEnglish)).toHaveCount(1);
  await expect(chat(page).getByText(switchedChinese)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await scrollChatToTop(page);
  await expect(chat(page).getByText(switchedEnglish)).toHaveCount(1);

  await chooseChinese(page);
  await scrollChatToTop(page);
  await expect(chat(page).getByText(switchedChinese)).toHaveCount(1);
  await expect(chat(page).getByText(switchedEnglish)).toHaveCount(0);
});

test("a run's notices stay with its session: not in a new session, while it runs or after it ended", async ({
  page,
  mockLlm,
}) => {
  test.slow();
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  // While the run waits to retry, its notice shows in its session only.
  mockLlm.enqueue({ kind: 'error', status: 503, headers: { 'retry-after': '15' } });
  await send(page, 'The server is busy');
  const retrying = chat(page).getByText(/retrying in 15 s/);
  await expect(retrying).toBeVisible();
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(chat(page).getByRole('article', { name: 'user message' })).toHaveCount(0);
  await expect(chat(page).getByTestId('run-notice')).toHaveCount(0);
  await expect(retrying).toHaveCount(0);

  // A run that ended with a notice: New session shows none of it.
  mockLlm.enqueue({ kind: 'reject-tools', status: 400, message: 'This model does not support tools.' });
  await send(page, 'What is 12*12?');
  await expectRunStatus(page, 'done');
  await expect(chat(page).getByText(switchedEnglish)).toHaveCount(1);
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(chat(page).getByRole('article', { name: 'user message' })).toHaveCount(0);
  await expect(chat(page).getByTestId('run-notice')).toHaveCount(0);
  await expect(chat(page).getByText(switchedEnglish)).toHaveCount(0);
});

test("switching to another session shows none of the run's notices, while it runs or after it ended", async ({
  page,
  mockLlm,
}) => {
  test.slow();
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue({ kind: 'reply', content: 'First answer.' });
  await send(page, 'A first question');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'New session' }).click();
  const list = page.getByRole('list', { name: 'Session list' });
  await expect(list.getByRole('listitem')).toHaveCount(2);

  mockLlm.enqueue({ kind: 'error', status: 503, headers: { 'retry-after': '15' } });
  await send(page, 'The server is busy');
  await expect(chat(page).getByText(/retrying in 15 s/)).toBeVisible();
  await list.getByRole('button', { name: 'A first question' }).click();
  await expect(lastAnswer(page)).toContainText('First answer.');
  await expect(chat(page).getByTestId('run-notice')).toHaveCount(0);
  await expect(chat(page).getByText(/retrying in/)).toHaveCount(0);

  await list.getByRole('button', { name: 'The server is busy' }).click();
  await expect(chat(page).getByText(/retrying in 15 s/)).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expectRunStatus(page, 'stopped');
  await expect(chat(page).getByText('Stopped by the user.')).toHaveCount(1);
  await list.getByRole('button', { name: 'A first question' }).click();
  await expect(lastAnswer(page)).toContainText('First answer.');
  await expect(chat(page).getByTestId('run-notice')).toHaveCount(0);
  await expect(chat(page).getByText('Stopped by the user.')).toHaveCount(0);
});
