import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

type Body = { tools?: unknown[]; messages: Array<{ role: string; content: string | null }> };

const systemText = (body: Body) =>
  body.messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content ?? '')
    .join('\n');

test('a long conversation under a small context window is summarised, and the chat keeps every message', async ({
  page,
  mockLlm,
}) => {
  // Six runs plus their summary calls: the system prompt and tools alone take about 2.8K of the 4,096 tokens, so the
  // history is compacted from the second turn on (45 s at load average 15; the default 30 s timed out twice in CI).
  test.slow();
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('spinbutton', { name: 'Context window' }).fill('4096');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const filler = 'The committee reviewed the harbour expansion plan in detail, noting budget, schedule and risks. ';
  for (let turn = 1; turn <= 6; turn += 1) {
    await send(page, `Note ${turn}: ${filler.repeat(12)} What is ${turn}*${turn}?`);
    await expectRunStatus(page, 'done');
  }

  const chats = mockLlm.requests.filter(
    (request) => request.method === 'POST' && request.path.endsWith('/chat/completions'),
  );
  const bodies = chats.map((request) => request.body as Body);
  const summaryIndex = bodies.findIndex(
    (body) => !body.tools && /summari[sz]e the earlier part of a conversation/i.test(systemText(body)),
  );
  expect(summaryIndex).toBeGreaterThan(0);
  const later = bodies.slice(summaryIndex + 1).filter((body) => body.tools);
  expect(later.length).toBeGreaterThan(0);
  for (const body of later) expect(systemText(body)).toContain('Summary of the earlier conversation');
  // The model's context no longer carries the oldest turn verbatim: the summary stands in for it.
  const lastBody = later.at(-1) as Body;
  const verbatim = lastBody.messages
    .filter((message) => message.role !== 'system')
    .map((message) => message.content ?? '')
    .join('\n');
  expect(verbatim).not.toContain('Note 1:');

  // The chat still shows every message the user sent, and the trace has a compaction span.
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(/summari[sz]ed/i).first()).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="compaction"]')).not.toHaveCount(
    0,
  );
  await expect(lastAnswer(page)).toContainText('36');
  await log.evaluate((element) => element.scrollTo(0, 0));
  await expect(log.getByText('Note 1:', { exact: false })).toBeVisible();
});

test('a note saved in one session is recalled into a new session, visibly', async ({ page, mockLlm }) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await send(page, 'Remember that my favourite colour is teal');
  await expectRunStatus(page, 'done');
  await expect(
    page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: save_note/ }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'New session' }).click();
  await send(page, 'What is my favourite colour?');
  await expectRunStatus(page, 'done');
  const memory = page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^memory: / });
  await expect(memory).toBeVisible();
  await memory.click();
  await expect(page.getByRole('region', { name: 'Span details' })).toContainText('teal');

  const withTools = mockLlm.requests.filter((request) => request.method === 'POST' && (request.body as Body).tools);
  expect(systemText(withTools.at(-1)?.body as Body)).toContain('teal');
});
