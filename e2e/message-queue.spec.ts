import type { Page } from '@playwright/test';
import { expect, expectRunStatus, openApp, sendAndWait, submit, test, useEndpoint, userMessages } from './fixtures.ts';
import { activeSession, chatRequests, sessionList } from './persistence-helpers.ts';

function queuedMessages(page: Page) {
  return page.getByRole('region', { name: 'Queued messages' }).getByRole('listitem', { name: 'Queued message' });
}

function answers(page: Page) {
  return page
    .getByRole('main', { name: 'Chat' })
    .getByRole('article', { name: 'assistant message' })
    .getByTestId('message-text');
}

function lastUserQuestion(body: {
  messages: Array<{ role: string; content: string | null }>;
}): string | null | undefined {
  return body.messages.findLast((message) => message.role === 'user')?.content;
}

const FILLER = Array.from({ length: 30 }, (_, index) => `w${index}`).join(' ');

test.describe('message queue: no message is ever ignored', () => {
  test.describe('ten messages', () => {
    // Tall enough for the virtualised chat to render all twenty messages at once.
    test.use({ viewport: { width: 1280, height: 2600 } });
    test('ten messages typed in quick succession while runs are going are all sent, one run each, in order', async ({
      page,
      mockLlm,
    }) => {
      test.slow();
      await openApp(page);
      await useEndpoint(page, mockLlm.url);
      const questions = Array.from({ length: 10 }, (_, index) => `Question ${index + 1}`);
      // The first run streams its first part, then waits for the test: the others are all typed while it is going,
      // however slowly the machine types them. Each later run streams too.
      mockLlm.enqueue({ kind: 'reply', parts: ['Answer 1. ', FILLER] });
      for (let index = 2; index <= 10; index += 1)
        mockLlm.enqueue({ kind: 'reply', content: `Answer ${index}. ${FILLER.slice(0, 30)}`, chunkDelayMs: 20 });

      await submit(page, questions[0] as string);
      await expectRunStatus(page, 'running');
      for (const question of questions.slice(1)) await submit(page, question);
      // Typed during a run: shown as queued, not dropped.
      await expect(queuedMessages(page).getByTestId('queued-text')).toHaveText(questions.slice(1));
      mockLlm.release();
      mockLlm.release();

      await expect(userMessages(page).getByTestId('user-text')).toHaveText(questions, { timeout: 60_000 });
      await expect(answers(page)).toHaveText(
        questions.map((_, index) => new RegExp(`^Answer ${index + 1}\\. `)),
        { timeout: 60_000 },
      );
      await expectRunStatus(page, 'done');
      await expect(queuedMessages(page)).toHaveCount(0);
      const runs = page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="run"]');
      await expect(runs).toHaveCount(10);
      for (const [index, question] of questions.entries())
        await expect(runs.nth(index)).toHaveAccessibleName(`run: ${question}`);
      // One request per message, each asking the message typed in that place.
      expect(chatRequests(mockLlm).map(lastUserQuestion)).toEqual(questions);
    });
  });

  test('a queued message can be edited or removed; Stop pauses the queue until the user goes on', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue(
      { kind: 'hang', content: 'Thinking about the first one' },
      { kind: 'reply', content: 'Answer to the edited second.' },
    );
    await submit(page, 'First');
    await expectRunStatus(page, 'running');
    // The box takes Enter during a run; Send stays at hand too.
    await submit(page, 'Second');
    await page.getByRole('textbox', { name: 'Message' }).fill('Third');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(queuedMessages(page).getByTestId('queued-text')).toHaveText(['Second', 'Third']);
    // The first request reached the server (a run is `running` a little before its request is sent).
    await expect.poll(() => mockLlm.inFlight).toBe(1);

    // Stop ends the first run and pauses the queue: nothing else is sent.
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect(page.getByRole('button', { name: 'Resume queue' })).toBeVisible();
    await expect(queuedMessages(page)).toHaveCount(2);
    expect(chatRequests(mockLlm)).toHaveLength(1);

    const second = queuedMessages(page).filter({ hasText: 'Second' });
    await second.getByRole('button', { name: 'Edit queued message' }).click();
    const editor = second.getByRole('textbox', { name: 'Queued message text' });
    await expect(editor).toBeFocused();
    await editor.fill('Second, edited');
    await second.getByRole('button', { name: 'Save queued message' }).click();
    await queuedMessages(page)
      .filter({ hasText: 'Third' })
      .getByRole('button', { name: 'Remove queued message' })
      .click();
    await expect(queuedMessages(page).getByTestId('queued-text')).toHaveText(['Second, edited']);

    await page.getByRole('button', { name: 'Resume queue' }).click();
    await expect(answers(page).last()).toHaveText('Answer to the edited second.');
    await expectRunStatus(page, 'done');
    await expect(userMessages(page).getByTestId('user-text')).toHaveText(['First', 'Second, edited']);
    await expect(queuedMessages(page)).toHaveCount(0);
    expect(chatRequests(mockLlm).map(lastUserQuestion)).toEqual(['First', 'Second, edited']);
  });

  test('a message sent while New session is still being created goes to the new session', async ({ page }) => {
    await openApp(page);
    await sendAndWait(page, 'What is 2+3?');
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('What is 6*7?');
    // New session and Enter in the same task: the session is still being created when the message is sent.
    await page.evaluate(() => {
      const newSession = document.querySelector<HTMLButtonElement>('button[aria-label="New session"]');
      const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
      newSession?.click();
      box?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    });
    await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
    await expect(userMessages(page).getByTestId('user-text')).toHaveText(['What is 6*7?']);
    await expect(answers(page).last()).toContainText('42');
    await expectRunStatus(page, 'done');
    await expect(activeSession(page)).toContainText('What is 6*7?');

    await sessionList(page).getByRole('button', { name: 'What is 2+3?' }).click();
    await expect(userMessages(page).getByTestId('user-text')).toHaveText(['What is 2+3?']);
  });
});
