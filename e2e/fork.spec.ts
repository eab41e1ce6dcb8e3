import { expect, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { chatBodies, spanTree, type ChatBody } from './agent-helpers.ts';
import { chatRequests, sessionList } from './persistence-helpers.ts';
import type { Page } from '@playwright/test';

const details = (page: Page) => page.getByRole('region', { name: 'Span details' });

test('fork at a tool span with an edited result: a linked session answers from 41, the original still says 42, Compare shows the change', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { model: 'mock-fork' });
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
    { kind: 'reply', content: 'It is 42.' },
  );
  await send(page, 'What is 6*7?');
  await expect(lastAnswer(page)).toHaveText('It is 42.');

  await spanTree(page)
    .getByRole('treeitem', { name: /^tool: calculator/ })
    .click();
  await details(page).getByRole('button', { name: 'Fork from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fork run' });
  const result = dialog.getByRole('textbox', { name: 'Tool result' });
  await expect(result).toHaveValue('{"expression":"6*7","result":42}');
  await result.fill('{"expression":"6*7","result":41}');
  mockLlm.enqueue({ kind: 'reply', content: 'It is 41.' });
  await dialog.getByRole('button', { name: 'Run fork' }).click();
  await expect(dialog).toBeHidden();

  // The fork: a new session whose run continued with the next model call, sent the edited result.
  await expect(lastAnswer(page)).toHaveText('It is 41.');
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  const requests = chatRequests(mockLlm);
  expect(requests).toHaveLength(3);
  expect(requests[2]?.messages.map((message) => [message.role, message.content])).toEqual([
    ['system', expect.any(String)],
    ['user', 'What is 6*7?'],
    ['assistant', null],
    ['tool', '{"expression":"6*7","result":41}'],
  ]);
  const links = page.getByTestId('fork-links');
  await expect(links.getByTestId('forked-from')).toHaveText('Forked from “What is 6*7?” at step 1');
  // The forked step is in the fork's own trace, answered with the edited text rather than run again.
  const card = page.getByRole('group', { name: 'Tool call calculator' });
  await expect(card.getByTestId('tool-replayed')).toHaveText('Replayed');
  await spanTree(page)
    .getByRole('treeitem', { name: /^tool: calculator/ })
    .click();
  await expect(details(page).getByTestId('span-details-replayed')).toBeVisible();

  // Compare with original: the original run first, the fork's run second, the result marked 42 → 41.
  await links.getByRole('button', { name: 'Compare with original' }).click();
  const region = page.getByRole('region', { name: 'Run comparison' });
  await expect(region.getByRole('combobox', { name: 'First run' }).locator('option:checked')).toContainText(
    'What is 6*7?',
  );
  await expect(region.getByRole('status')).toContainText('answer changed');
  const tool = region.getByRole('listitem', { name: 'calculator 1' });
  const changed = tool.locator('[data-field="result"] [data-change="changed"]');
  await expect(changed).toContainText('result');
  await expect(changed.locator('del')).toHaveText('42');
  await expect(changed.locator('ins')).toHaveText('41');
  // The fork's steps align with the steps they replay: the first model call is carried, the second is the fork's.
  await expect(region.getByRole('listitem', { name: 'llm 1' })).toContainText('before the fork');
  await expect(region.getByRole('listitem', { name: 'llm 2' }).locator('[data-field="output"] ins')).toHaveText('41.');
  await expect(region.locator('ol > li')).toHaveCount(3);
  await expect(region).not.toContainText('undefined');
  await expect(region).not.toContainText('only in the');
  await region.getByRole('button', { name: 'Close comparison' }).click();
  await expect(region).toBeHidden();
  // The Trace panel's Compare runs in a fork preselects the fork's original too.
  await page.getByRole('complementary', { name: 'Trace' }).getByRole('button', { name: 'Compare runs' }).click();
  await expect(region.getByRole('combobox', { name: 'First run' }).locator('option:checked')).toContainText(
    'What is 6*7?',
  );
  await expect(region.getByRole('status')).toContainText('answer changed');
  await region.getByRole('button', { name: 'Close comparison' }).click();

  // Back to the original: untouched, and it links to its fork.
  await links.getByRole('button', { name: 'Open original' }).click();
  await expect(page.getByTestId('fork-links').getByRole('button', { name: /^Open fork / })).toBeVisible();
  await expect(lastAnswer(page)).toHaveText('It is 42.');
  await expect(page.getByRole('article', { name: 'assistant message' }).filter({ hasText: 'It is 41.' })).toHaveCount(
    0,
  );
  await page.getByRole('group', { name: 'Tool call calculator' }).getByRole('button', { expanded: false }).click();
  await expect(
    page.getByRole('group', { name: 'Tool call calculator' }).getByRole('region', { name: 'Result' }),
  ).toContainText('"result": 42');
  await page
    .getByTestId('fork-links')
    .getByRole('button', { name: /^Open fork / })
    .click();
  await expect(lastAnswer(page)).toHaveText('It is 41.');
});

test('a fork at the llm span reusing recorded tool results makes no new tool executions', async ({ page, mockLlm }) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { model: 'mock-fork-replay' });
  const saveNote = {
    kind: 'reply' as const,
    toolCalls: [{ name: 'save_note', arguments: { content: 'The user likes teal.' } }],
  };
  mockLlm.enqueue(saveNote, { kind: 'reply', content: 'Noted: teal.' });
  await send(page, 'Remember that I like teal');
  await expect(lastAnswer(page)).toHaveText('Noted: teal.');

  await spanTree(page)
    .getByRole('treeitem', { name: /^llm: / })
    .first()
    .click();
  await details(page).getByRole('button', { name: 'Fork from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fork run' });
  await expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('Remember that I like teal');
  await dialog.getByRole('checkbox', { name: 'Reuse recorded tool results' }).check();
  // The model asks for the same call again: it gets the recorded result; the note is not saved twice.
  mockLlm.enqueue(saveNote, { kind: 'reply', content: 'Noted again: teal.' });
  await dialog.getByRole('button', { name: 'Run fork' }).click();
  await expect(lastAnswer(page)).toHaveText('Noted again: teal.');
  expect(chatRequests(mockLlm)).toHaveLength(4);

  await expect(page.getByRole('group', { name: 'Tool call save_note' }).getByTestId('tool-replayed')).toBeVisible();
  await spanTree(page)
    .getByRole('treeitem', { name: /^tool: save_note/ })
    .click();
  await expect(details(page).getByTestId('span-details-replayed')).toBeVisible();
  await page.getByRole('button', { name: 'Memory' }).click();
  const notes = page.getByRole('list', { name: 'Notes' });
  await expect(notes.getByText('The user likes teal.')).toBeVisible();
  await expect(notes.getByRole('listitem')).toHaveCount(1);
});

/** Attaches a file the way a user does: the Attach files button opens the file chooser. */
async function attach(page: Page, name: string, mimeType: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([{ name, mimeType, buffer: Buffer.from(text) }]);
  await expect(attachedFiles(page)).toContainText([name]);
}

const attachedFiles = (page: Page) =>
  page.getByRole('main', { name: 'Chat' }).getByRole('list', { name: 'Attached files' }).getByRole('listitem');

/** Forks at the run's first llm span with the message as it was (nothing is replayed): the fork runs its tools again. */
async function forkAtFirstModelCall(page: Page): Promise<void> {
  await spanTree(page)
    .getByRole('treeitem', { name: /^llm: / })
    .first()
    .click();
  await details(page).getByRole('button', { name: 'Fork from here' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fork run' });
  await dialog.getByRole('button', { name: 'Run fork' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('fork-links').getByTestId('forked-from')).toBeVisible();
}

const offeredTools = (body: ChatBody | undefined) =>
  ((body?.tools ?? []) as { function: { name: string } }[]).map((tool) => tool.function.name);
const lastToolResult = (body: ChatBody | undefined) =>
  String(body?.messages.findLast((message) => message.role === 'tool')?.content);

test.describe('a fork carries what its run depended on', () => {
  // query_data loads SQLite into a worker on first use; generous for a loaded machine, never a fixed wait.
  test.describe.configure({ timeout: 60_000 });

  test('a run that used query_data over an attached CSV: the fork has the file and its query runs', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'mock-fork-data' });
    await attach(page, 'sales.csv', 'text/csv', 'product,price\nTea,92.99\nCoffee,5\n');
    const query = { name: 'query_data', arguments: { sql: 'SELECT product FROM sales ORDER BY price DESC LIMIT 1' } };
    mockLlm.enqueue({ kind: 'reply', toolCalls: [query] }, { kind: 'reply', content: 'Tea costs the most.' });
    await send(page, 'Which product costs the most?');
    await expect(lastAnswer(page)).toHaveText('Tea costs the most.');

    mockLlm.enqueue({ kind: 'reply', toolCalls: [query] }, { kind: 'reply', content: 'Still tea.' });
    await forkAtFirstModelCall(page);
    await expect(lastAnswer(page)).toHaveText('Still tea.');
    await expect(attachedFiles(page)).toContainText(['sales.csv']);
    const bodies = chatBodies(mockLlm);
    expect(bodies).toHaveLength(4);
    expect(offeredTools(bodies[2])).toContain('query_data');
    expect(JSON.parse(lastToolResult(bodies[3]))).toMatchObject({ columns: ['product'], rows: [['Tea']] });
  });

  test('a run that used read_file: the fork reads the same file', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'mock-fork-file' });
    await attach(page, 'notes.md', 'text/markdown', '# Trip\n\nLeave before eight.\n');
    const read = { name: 'read_file', arguments: { name: 'notes.md' } };
    mockLlm.enqueue({ kind: 'reply', toolCalls: [read] }, { kind: 'reply', content: 'Leave before eight.' });
    await send(page, 'When do I leave?');
    await expect(lastAnswer(page)).toHaveText('Leave before eight.');

    mockLlm.enqueue({ kind: 'reply', toolCalls: [read] }, { kind: 'reply', content: 'Before eight.' });
    await forkAtFirstModelCall(page);
    await expect(lastAnswer(page)).toHaveText('Before eight.');
    await expect(attachedFiles(page)).toContainText(['notes.md']);
    expect(lastToolResult(chatBodies(mockLlm)[3])).toContain('Leave before eight.');
  });

  test('a run that used todo: the fork starts from the list as it stood at the forked call', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'mock-fork-todo' });
    const add = (text: string) => ({
      kind: 'reply' as const,
      toolCalls: [{ name: 'todo', arguments: { action: 'add', text } }],
    });
    mockLlm.enqueue(add('Buy milk'), add('Call Ann'), { kind: 'reply', content: 'Two tasks added.' });
    await send(page, 'Add my two tasks');
    await expect(lastAnswer(page)).toHaveText('Two tasks added.');

    // Forked at the first add, its result kept: the fork's list holds that one item, and the next add numbers on.
    await spanTree(page)
      .getByRole('treeitem', { name: /^tool: todo/ })
      .first()
      .click();
    await details(page).getByRole('button', { name: 'Fork from here' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fork run' });
    mockLlm.enqueue(add('Call Bob'), { kind: 'reply', content: 'Added Bob instead.' });
    await dialog.getByRole('button', { name: 'Run fork' }).click();
    await expect(lastAnswer(page)).toHaveText('Added Bob instead.');
    const added = JSON.parse(lastToolResult(chatBodies(mockLlm).at(-1))) as { items: { id: number; text: string }[] };
    expect(added.items.map((item) => [item.id, item.text])).toEqual([
      [1, 'Buy milk'],
      [2, 'Call Bob'],
    ]);
  });
});
