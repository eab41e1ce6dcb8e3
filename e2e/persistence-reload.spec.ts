import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { activeSession, chatRequests, expectReady, sessionList, sessionTitles } from './persistence-helpers.ts';

test('a reload reopens the session that was active, with the list ordered by last activity', async ({ page }) => {
  // Three demo runs and a reload: under load (two extra busy loops on two cores) the walk took 32 s and reached its
  // last check in the right state, past the 30 s budget. Not a race: every step waits on the state it needs.
  test.slow();
  await openApp(page);
  await send(page, 'What is 2+3?');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'New session' }).click();
  await send(page, 'What is 10*10?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('100');
  await expect.poll(() => sessionTitles(page)).toEqual(['What is 10*10?', 'What is 2+3?']);

  // Opening the older session is not activity: it keeps its place in the list.
  await sessionList(page).getByRole('button', { name: 'What is 2+3?' }).click();
  await expect(activeSession(page)).toContainText('What is 2+3?');
  await page.reload();
  await expectReady(page);
  await expect(activeSession(page)).toContainText('What is 2+3?');
  await expect(page.getByRole('article', { name: 'user message' })).toHaveText(/What is 2\+3\?/);
  await expect(lastAnswer(page)).toContainText('5');
  await expect.poll(() => sessionTitles(page)).toEqual(['What is 10*10?', 'What is 2+3?']);

  // New activity moves a session to the top.
  await send(page, 'What is 7*6?');
  await expectRunStatus(page, 'done');
  await expect.poll(() => sessionTitles(page)).toEqual(['What is 2+3?', 'What is 10*10?']);
});

test('a reload during a tool round trip shows interrupted; Resume finishes without running the tool again', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ id: 'call_resume_1', name: 'calculator', arguments: { expression: '6*7' } }] },
    { kind: 'hang' },
    { kind: 'reply', content: 'Six times seven is 42.' },
  );
  await send(page, 'Multiply six by seven');
  // The tool step is saved and the second model request is hanging.
  await expect(page.getByRole('article', { name: 'tool message' })).toContainText('42');
  await expect.poll(() => mockLlm.inFlight).toBe(1);
  await expectRunStatus(page, 'running');

  await page.reload();
  await expectReady(page);
  await expectRunStatus(page, 'interrupted');
  await expect(page.getByRole('article', { name: 'user message' })).toHaveText(/Multiply six by seven/);
  await expect(page.getByRole('article', { name: 'tool message' })).toHaveCount(1);
  const resume = page.getByRole('button', { name: 'Resume' });
  await expect(resume).toBeVisible();

  await resume.click();
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('Six times seven is 42.');
  await expect(resume).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'tool message' })).toHaveCount(1);

  const requests = chatRequests(mockLlm);
  expect(requests).toHaveLength(3);
  const final = requests[2]?.messages ?? [];
  expect(final.filter((message) => message.role === 'tool')).toHaveLength(1);
  expect(final.find((message) => message.role === 'tool')).toMatchObject({
    tool_call_id: 'call_resume_1',
    content: expect.stringContaining('42'),
  });
  expect(final.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([
    'Multiply six by seven',
  ]);
  // The calculator ran once: one tool span in the whole trace; the interrupted run ended as cancelled.
  await page.getByRole('button', { name: 'Expand all' }).click();
  const tree = page.getByRole('tree', { name: 'Span tree' });
  await expect(tree.locator('[data-span-kind="tool"]')).toHaveCount(1);
  await expect(tree.locator('[data-span-kind="run"]')).toHaveCount(2);
  await expect(tree.locator('[data-span-kind="run"]').first()).toHaveAttribute('data-span-status', 'cancelled');
  await expect(tree.locator('[data-span-status="running"]')).toHaveCount(0);

  // The outcome is saved: another reload shows the finished run.
  await page.reload();
  await expectReady(page);
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('Six times seven is 42.');
});

test('text streamed before a reload is kept as a partial answer, and Resume replaces it', async ({ page, mockLlm }) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue(
    { kind: 'hang', content: 'The first half of a long answer' },
    { kind: 'reply', content: 'The whole answer, resumed.' },
  );
  await send(page, 'Tell me a long story');
  await expect(page.getByRole('article', { name: 'assistant message' })).toContainText(
    'The first half of a long answer',
  );
  await expectRunStatus(page, 'running');

  // The partial text is flushed when the page is hidden, not only at step ends.
  await page.reload();
  await expectReady(page);
  await expectRunStatus(page, 'interrupted');
  await expect(page.getByRole('article', { name: 'assistant message' })).toContainText(
    'The first half of a long answer',
  );

  await page.getByRole('button', { name: 'Resume' }).click();
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toHaveText('The whole answer, resumed.');
  await expect(page.getByRole('article', { name: 'assistant message' })).toHaveCount(1);
  const resumed = chatRequests(mockLlm)[1]?.messages ?? [];
  expect(resumed.at(-1)).toMatchObject({ role: 'user', content: 'Tell me a long story' });
  expect(resumed.some((message) => message.content === 'The first half of a long answer')).toBe(false);

  await page.reload();
  await expectReady(page);
  await expect(page.getByRole('article', { name: 'assistant message' })).toHaveCount(1);
  await expect(lastAnswer(page)).toHaveText('The whole answer, resumed.');
});
