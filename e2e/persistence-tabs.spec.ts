import { expect, expectRunStatus, lastAnswer, openApp, send, submit, test, useEndpoint } from './fixtures.ts';
import { activeSession, chatRequests, sessionList, sessionTitles } from './persistence-helpers.ts';

test('two tabs keep the session list and open sessions in sync, and never run one session twice', async ({
  context,
  mockLlm,
}) => {
  // Two pages and three runs: on a loaded two-core machine the whole walk took 31 s, its last check past the 30 s budget.
  test.slow();
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await openApp(tabA);
  await openApp(tabB);
  await useEndpoint(tabA, mockLlm.url);

  // A creates and renames a session: B's list follows.
  await tabA.getByRole('button', { name: 'New session' }).click();
  await expect(sessionList(tabB).getByRole('listitem')).toHaveCount(2);
  await activeSession(tabA).getByRole('button', { name: 'Rename session' }).click();
  await tabA.getByRole('textbox', { name: 'Session title' }).fill('Shared work');
  await tabA.getByRole('textbox', { name: 'Session title' }).press('Enter');
  await expect(sessionList(tabB).getByRole('button', { name: 'Shared work' })).toBeVisible();

  // A runs the session; B opens it and says it runs elsewhere instead of running it a second time.
  mockLlm.enqueue({ kind: 'hang', content: 'Working on it' });
  await send(tabA, 'Write a very long report');
  await expectRunStatus(tabA, 'running');
  // A's request reached the server (a run is `running` a little before its request is sent).
  await expect.poll(() => mockLlm.inFlight).toBe(1);
  await sessionList(tabB).getByRole('button', { name: 'Shared work' }).click();
  await expectRunStatus(tabB, 'running');
  await expect(tabB.getByRole('main', { name: 'Chat' })).toContainText('running in another tab');
  await expect(tabB.getByRole('article', { name: 'user message' })).toContainText('Write a very long report');
  // A message sent in B meanwhile waits in B's queue rather than starting a second run.
  await submit(tabB, 'What is 9*9?');
  await expect(tabB.getByRole('listitem', { name: 'Queued message' })).toHaveText(/What is 9\*9\?/);
  await expect(tabB.getByRole('article', { name: 'user message' })).toHaveCount(1);
  expect(chatRequests(mockLlm)).toHaveLength(1);

  // Stop in B stops the run in A; B's queued message then runs in B and shows up in A, which has the session open.
  await tabB.getByRole('button', { name: 'Stop' }).click();
  // A's request is aborted. (A's Stopped status itself is short-lived: B's queued message starts right after it.)
  await expect.poll(() => mockLlm.aborted).toBe(1);
  await expect(tabB.getByRole('article', { name: 'user message' })).toHaveCount(2);
  await expect(tabB.getByRole('listitem', { name: 'Queued message' })).toHaveCount(0);
  await expect(lastAnswer(tabB)).toContainText('81');
  await expectRunStatus(tabB, 'done');
  await expect(tabB.getByRole('main', { name: 'Chat' })).not.toContainText('running in another tab');
  await expect(tabA.getByRole('article', { name: 'user message' }).last()).toContainText('What is 9*9?');
  await expect(lastAnswer(tabA)).toContainText('81');
  await expectRunStatus(tabA, 'done');

  // A deletes a session: it leaves B's list.
  await sessionList(tabA).getByRole('button', { name: 'Untitled' }).click();
  await activeSession(tabA).getByRole('button', { name: 'Delete session' }).click();
  await tabA.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => sessionTitles(tabB)).toEqual(['Shared work']);
});

test('when the tab running a session is closed, the other tab shows it interrupted and can resume it', async ({
  context,
  mockLlm,
}) => {
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await openApp(tabA);
  await useEndpoint(tabA, mockLlm.url);
  await openApp(tabB);
  mockLlm.enqueue(
    { kind: 'hang', content: 'Half of the answer' },
    { kind: 'reply', content: 'The answer, finished in the other tab.' },
  );
  await send(tabA, 'Explain the water cycle');
  await expect(tabA.getByRole('article', { name: 'assistant message' })).toContainText('Half of the answer');
  await expectRunStatus(tabB, 'running');

  await tabA.close({ runBeforeUnload: true });
  await expectRunStatus(tabB, 'interrupted');
  await expect(tabB.getByRole('article', { name: 'assistant message' })).toContainText('Half of the answer');
  await tabB.getByRole('button', { name: 'Resume' }).click();
  await expectRunStatus(tabB, 'done');
  await expect(lastAnswer(tabB)).toHaveText('The answer, finished in the other tab.');
  await expect(tabB.getByRole('article', { name: 'user message' })).toHaveCount(1);
});

test("a send while another tab holds the session's run lock is refused and nothing is written", async ({
  context,
  mockLlm,
}) => {
  const tab = await context.newPage();
  const other = await context.newPage();
  await openApp(tab);
  await useEndpoint(tab, mockLlm.url);
  await send(tab, 'What is 5*5?');
  await expectRunStatus(tab, 'done');
  const sessionId = await tab.evaluate(() => sessionStorage.getItem('glassbox.activeSession'));
  expect(sessionId).toMatch(/^sess_/);
  // The other tab takes the session's Web Lock the way a run does, without telling anyone (as in a race).
  await other.goto('/favicon.svg');
  await other.evaluate(
    (name) =>
      new Promise<void>((resolve) => {
        void navigator.locks.request(name, () => {
          resolve();
          return new Promise<void>(() => undefined);
        });
      }),
    `glassbox-run-${sessionId}`,
  );

  const requestsBefore = chatRequests(mockLlm).length;
  await submit(tab, 'What is 6*6?');
  await expect(tab.getByRole('alert').filter({ hasText: 'running in another tab' })).toBeVisible();
  await expect(tab.getByRole('article', { name: 'user message' })).toHaveCount(1);
  // The refused message is not lost: it waits in the queue, paused.
  await expect(tab.getByRole('listitem', { name: 'Queued message' })).toHaveText(/What is 6\*6\?/);
  expect(chatRequests(mockLlm)).toHaveLength(requestsBefore);
  await tab.reload();
  await expect(tab.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(tab.getByRole('article', { name: 'user message' })).toHaveCount(1);
});
