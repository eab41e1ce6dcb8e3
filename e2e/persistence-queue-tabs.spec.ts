import { expect, expectRunStatus, lastAnswer, openApp, send, submit, test, useEndpoint } from './fixtures.ts';
import { chatRequests } from './persistence-helpers.ts';

test('a message queued behind a run in another tab survives a reload and is sent when that run ends', async ({
  context,
  mockLlm,
}) => {
  // Two pages, two runs and a reload on a loaded two-core machine.
  test.slow();
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await openApp(tabA);
  await useEndpoint(tabA, mockLlm.url);
  await openApp(tabB);
  // A's answer ends only when the test releases it.
  mockLlm.enqueue({ kind: 'reply', parts: ['The report, written slowly.'] });
  await send(tabA, 'Write a long report');
  await expect.poll(() => mockLlm.inFlight).toBe(1);
  await expectRunStatus(tabB, 'running');
  await expect(tabB.getByRole('main', { name: 'Chat' })).toContainText('running in another tab');

  await submit(tabB, 'What is 9*9?');
  await expect(tabB.getByRole('listitem', { name: 'Queued message' })).toHaveText(/What is 9\*9\?/);
  await tabB.reload();
  // Still there after the reload, still waiting for A's run, which B still shows.
  await expect(tabB.getByRole('listitem', { name: 'Queued message' })).toHaveText(/What is 9\*9\?/);
  await expect(tabB.getByRole('main', { name: 'Chat' })).toContainText('running in another tab');
  expect(chatRequests(mockLlm)).toHaveLength(1);

  mockLlm.release();
  await expect(tabB.getByRole('listitem', { name: 'Queued message' })).toHaveCount(0);
  await expect(lastAnswer(tabB)).toContainText('81');
  await expectRunStatus(tabB, 'done');
  await expect(tabB.getByRole('main', { name: 'Chat' })).not.toContainText('running in another tab');
  await expect(tabB.getByRole('article', { name: 'user message' })).toHaveText(['Write a long report', 'What is 9*9?']);
});

test('a send refused because another tab holds the run shows why until that run ends, then goes, after a reload too', async ({
  context,
  mockLlm,
}) => {
  test.slow();
  const tab = await context.newPage();
  const other = await context.newPage();
  await openApp(tab);
  await useEndpoint(tab, mockLlm.url);
  await send(tab, 'What is 5*5?');
  await expectRunStatus(tab, 'done');
  const sessionId = await tab.evaluate(() => sessionStorage.getItem('glassbox.activeSession'));
  expect(sessionId).toMatch(/^sess_/);
  // The other tab takes the session's Web Lock the way a run does, without telling anyone (a run that started
  // just before this tab's send), and holds it until the test lets go.
  await other.goto('/favicon.svg');
  await other.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        void navigator.locks.request(name, () => {
          resolve();
          return new Promise<void>((release) => {
            (globalThis as unknown as { releaseRunLock: () => void }).releaseRunLock = release;
          });
        });
      }),
    `glassbox-run-${sessionId}`,
  );

  const requestsBefore = chatRequests(mockLlm).length;
  await submit(tab, 'What is 6*6?');
  const banner = tab.getByRole('alert').filter({ hasText: 'running in another tab' });
  await expect(banner).toBeVisible();
  await expect(tab.getByRole('listitem', { name: 'Queued message' })).toHaveText(/What is 6\*6\?/);
  await tab.reload();
  await expect(tab.getByRole('listitem', { name: 'Queued message' })).toHaveText(/What is 6\*6\?/);
  await expect(banner).toBeVisible();
  expect(chatRequests(mockLlm)).toHaveLength(requestsBefore);

  // The other tab's run ends: the banner goes and the message is sent.
  await other.evaluate(() => (globalThis as unknown as { releaseRunLock: () => void }).releaseRunLock());
  await expect(banner).toHaveCount(0);
  await expect(lastAnswer(tab)).toContainText('36');
  await expect(tab.getByRole('listitem', { name: 'Queued message' })).toHaveCount(0);
  await expect(tab.getByRole('article', { name: 'user message' })).toHaveCount(2);
});
