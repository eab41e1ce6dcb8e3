import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import type { MockLlmServer } from './mock-llm/server.ts';
import { activeSession, expectReady, sessionList, sessionTitles } from './persistence-helpers.ts';

interface ExportFile {
  format: string;
  version: number;
  exportedAt: string;
  scope: string;
  sessions: Array<{
    id: string;
    title: string;
    messages: Array<{ id: string; message: { role: string; content: string | null } }>;
    spans: Array<{ spanId: string; kind: string }>;
    toolState: Array<{ key: string; value: unknown }>;
  }>;
  notes?: unknown[];
}

const API_KEY = 'sk-e2e-secret-key-4182';

/** Clicks an export button and returns the downloaded file's name and parsed content. */
async function download(
  page: Page,
  button: 'Export session' | 'Export all',
): Promise<{ name: string; text: string; file: ExportFile }> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const path = await event.path();
  const text = await readFile(path, 'utf8');
  return { name: event.suggestedFilename(), text, file: JSON.parse(text) as ExportFile };
}

/** Imports files through the `Import sessions` file input. */
async function importThroughInput(page: Page, files: Array<{ name: string; text: string }>): Promise<void> {
  await page
    .getByLabel('Import sessions')
    .setInputFiles(
      files.map((file) => ({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.text) })),
    );
}

/** Every id-like value replaced by its order of first appearance, so two exports compare "ids aside" but links still must match. */
function withoutIds(file: ExportFile): unknown {
  const ids = new Map<string, string>();
  const idKeys = new Set(['id', 'spanId', 'parentSpanId', 'runId', 'activeRunId']);
  const visit = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string' && key !== undefined && idKeys.has(key)) {
      if (!ids.has(value)) ids.set(value, `id${ids.size}`);
      return ids.get(value);
    }
    if (Array.isArray(value)) return value.map((item) => visit(item));
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([name, nested]) => [name, visit(nested, name)]));
    return value;
  };
  return visit(file.sessions);
}

/** A session with a tool round trip and a todo in its tool state, run against the mock endpoint. */
async function sessionWithTodo(page: Page, mockLlm: MockLlmServer): Promise<void> {
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { apiKey: API_KEY });
  mockLlm.enqueue(
    {
      kind: 'reply',
      toolCalls: [{ id: 'call_todo_1', name: 'todo', arguments: { action: 'add', text: 'Buy oat milk' } }],
    },
    { kind: 'reply', content: 'Added “Buy oat milk” to your todos.' },
  );
  await send(page, 'Add oat milk to my todos');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('Buy oat milk');
}

test('Export session writes versioned JSON without the API key; import clashes make a copy; the round trip keeps the session', async ({
  page,
  mockLlm,
  browser,
  baseURL,
}) => {
  await sessionWithTodo(page, mockLlm);
  const original = await download(page, 'Export session');
  expect(original.name).toMatch(/^glassbox-add-oat-milk-to-my-todos-\d{4}-\d{2}-\d{2}\.json$/);
  expect(original.file).toMatchObject({ format: 'glassbox.sessions', version: 1, scope: 'session' });
  expect(Number.isNaN(Date.parse(original.file.exportedAt))).toBe(false);
  const [session] = original.file.sessions;
  expect(session?.title).toBe('Add oat milk to my todos');
  expect(session?.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
  expect(session?.spans.map((span) => span.kind)).toEqual(expect.arrayContaining(['run', 'llm', 'tool']));
  expect(JSON.stringify(session?.toolState)).toContain('Buy oat milk');
  expect(original.text).not.toContain(API_KEY);
  expect(original.text.toLowerCase()).not.toContain('authorization');
  expect(original.text).not.toMatch(/"[^"]*header[^"]*"\s*:/i);

  // Same profile: the ids exist, so the import is a copy with new ids, and it opens.
  await importThroughInput(page, [{ name: original.name, text: original.text }]);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 session' })).toContainText('imported as a copy');
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => sessionTitles(page)).toEqual(['Add oat milk to my todos', 'Add oat milk to my todos']);
  await expect(page.getByRole('article', { name: 'tool message' })).toHaveCount(1);
  await expect(lastAnswer(page)).toContainText('Buy oat milk');
  const copy = await download(page, 'Export session');
  expect(copy.file.sessions[0]?.id).not.toBe(session?.id);
  expect(withoutIds(copy.file)).toEqual(withoutIds(original.file));

  // A fresh profile: the ids are free, so the import keeps them, and its export is the same file.
  const other = await browser.newContext({ baseURL });
  const fresh = await other.newPage();
  await openApp(fresh);
  await importThroughInput(fresh, [{ name: original.name, text: original.text }]);
  await expect(activeSession(fresh)).toContainText('Add oat milk to my todos');
  await expect(lastAnswer(fresh)).toContainText('Buy oat milk');
  const again = await download(fresh, 'Export session');
  expect(again.file.sessions).toEqual(original.file.sessions);
  // The imported todo list is the session's own tool state: the demo model lists it.
  await send(fresh, 'What are my todos?');
  await expectRunStatus(fresh, 'done');
  await expect(lastAnswer(fresh)).toContainText('Buy oat milk');
  await other.close();
});

test('Export all carries every session and the notes; its file name says so', async ({ page }) => {
  await openApp(page);
  await send(page, 'Remember that my favourite colour is teal');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'New session' }).click();
  await send(page, 'What is 12*12?');
  await expectRunStatus(page, 'done');
  const all = await download(page, 'Export all');
  expect(all.name).toMatch(/^glassbox-all-sessions-\d{4}-\d{2}-\d{2}\.json$/);
  expect(all.file).toMatchObject({ format: 'glassbox.sessions', version: 1, scope: 'all' });
  expect(all.file.sessions.map((session) => session.title)).toEqual([
    'What is 12*12?',
    'Remember that my favourite colour is teal',
  ]);
  expect(JSON.stringify(all.file.notes)).toContain('teal');
});

test('a file with an error imports nothing and the alert names the file, the session and the field', async ({
  page,
}) => {
  await openApp(page);
  await send(page, 'What is 2+2?');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'New session' }).click();
  await send(page, 'What is 3+3?');
  await expectRunStatus(page, 'done');
  const all = await download(page, 'Export all');
  const broken = JSON.parse(all.text) as { sessions: Array<{ messages: Array<{ message: { role: string } }> }> };
  // The second session is damaged; the first one is fine, yet nothing at all may be written.
  const damaged = broken.sessions[1]?.messages[1];
  if (!damaged) throw new Error('the export has no second message in its second session');
  damaged.message.role = 'robot';
  await importThroughInput(page, [{ name: 'damaged-export.json', text: JSON.stringify(broken) }]);
  const alert = page.getByRole('alert').filter({ hasText: 'damaged-export.json' });
  await expect(alert).toContainText('nothing was imported');
  await expect(alert).toContainText('session 2 ("What is 2+2?")');
  await expect(alert).toContainText('messages.1.message.role');
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);

  await importThroughInput(page, [{ name: 'notes.txt.json', text: '{"hello": ' }]);
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt.json' })).toContainText('not valid JSON');
  await page.reload();
  await expectReady(page);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
});

test('a ChatGPT conversations.json dropped on the sidebar becomes sessions, and the first one opens', async ({
  page,
}) => {
  await openApp(page);
  const node = (id: string, parent: string | null, children: string[], role: string | null, text?: string) => ({
    id,
    parent,
    children,
    message: role
      ? { author: { role }, create_time: 1_700_000_000, content: { content_type: 'text', parts: [text ?? ''] } }
      : null,
  });
  const conversations = [
    {
      title: 'Sourdough starter',
      create_time: 1_700_000_000,
      update_time: 1_700_000_100,
      current_node: 'c',
      mapping: {
        root: node('root', null, ['a'], null),
        a: node('a', 'root', ['b'], 'user', 'How do I feed a sourdough starter?'),
        b: node('b', 'a', ['c'], 'assistant', 'Discard half, then add equal weights of flour and water.'),
        c: node('c', 'b', [], 'user', 'How often?'),
      },
    },
    {
      title: null,
      create_time: 1_690_000_000,
      update_time: 1_690_000_100,
      current_node: 'y',
      mapping: {
        x: node('x', null, ['y'], 'user', 'Translate hello into French'),
        y: node('y', 'x', [], 'assistant', 'Bonjour'),
      },
    },
  ];
  const dataTransfer = await page.evaluateHandle((text) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], 'conversations.json', { type: 'application/json' }));
    return transfer;
  }, JSON.stringify(conversations));
  const sidebar = page.getByRole('complementary', { name: 'Sessions' });
  await sidebar.dispatchEvent('dragover', { dataTransfer });
  await sidebar.dispatchEvent('drop', { dataTransfer });

  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 sessions' })).toBeVisible();
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(3);
  await expect(activeSession(page)).toContainText('Sourdough starter');
  await expect(page.getByRole('article', { name: 'user message' })).toHaveCount(2);
  await expect(lastAnswer(page)).toContainText('equal weights of flour and water');
  await expect(sessionList(page).getByRole('button', { name: 'Translate hello into French' })).toBeVisible();
});

test('an import opens the first imported session at its latest messages, also after a reload', async ({ page }) => {
  await openApp(page);
  const messages = Array.from({ length: 60 }, (_, index) => ({
    id: `msg_long_${index}`,
    seq: index,
    runId: `run_long_${Math.floor(index / 2)}`,
    createdAt: 1_750_000_000_000 + index * 1000,
    message:
      index % 2 === 0
        ? { role: 'user', content: `Question number ${index / 2}` }
        : { role: 'assistant', content: `Answer number ${(index - 1) / 2}` },
  }));
  const session = (id: string, title: string, updatedAt: number) => ({
    id,
    title,
    titleEdited: true,
    createdAt: 1_750_000_000_000,
    updatedAt,
    status: 'done',
    messages: id === 'sess_long_a' ? messages : messages.slice(0, 2),
    spans: [],
  });
  const file = {
    format: 'glassbox.sessions',
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    scope: 'all',
    sessions: [
      session('sess_long_a', 'A long conversation', 1_750_000_060_000),
      session('sess_long_b', 'A short one', 1_750_000_100_000),
    ],
  };
  await importThroughInput(page, [{ name: 'long.json', text: JSON.stringify(file) }]);
  await expect(activeSession(page)).toContainText('A long conversation');
  await expect(lastAnswer(page)).toHaveText('Answer number 29');
  await expect(lastAnswer(page)).toBeInViewport();
  // Ordered by last activity: the imported sessions keep their times, older than the new empty session.
  await expect.poll(() => sessionTitles(page)).toEqual(['Untitled', 'A short one', 'A long conversation']);

  await page.reload();
  await expectReady(page);
  await expect(activeSession(page)).toContainText('A long conversation');
  await expect(lastAnswer(page)).toBeInViewport();
  await expect(page.getByText('Question number 0', { exact: true })).not.toBeInViewport();
});
