import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chatBodies } from './agent-helpers.ts';
import { expect, lastAnswer, openApp, send, expectRunStatus, test, useEndpoint } from './fixtures.ts';
import {
  startToolServer,
  settingsDialog,
  editor,
  openToolsTab,
  openNewTool,
  saveSettings,
  createDoubleTool,
} from './custom-tool-helpers.ts';

test.describe.configure({ timeout: 60_000 });

async function download(
  page: Page,
  button: 'Export session' | 'Export all',
): Promise<{ name: string; text: string; file: { tools?: { custom: { name: string; code: string }[] } } }> {
  const [event] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const text = await readFile(await event.path(), 'utf8');
  return {
    name: event.suggestedFilename(),
    text,
    file: JSON.parse(text) as { tools?: { custom: { name: string; code: string }[] } },
  };
}

test('a JavaScript tool: the editor checks the schema, Test runs it in the sandbox, and the model calls it', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await openNewTool(page);
  const dialog = editor(page);
  await dialog.getByRole('textbox', { name: 'Tool name' }).fill('add_numbers');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Adds two numbers.');
  await expect(dialog.getByRole('combobox', { name: 'Kind' })).toHaveValue('javascript');
  await dialog.getByRole('textbox', { name: 'Code' }).fill('return args.a + args.b');

  // A schema that is not an object schema is refused with the exact problem.
  await dialog.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill('{"type": "string"}');
  await dialog.getByRole('button', { name: 'Save tool' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The parameters schema must have "type": "object", not "string".');
  // A built-in name is refused too.
  await dialog
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill(
      '{"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}, "required": ["a", "b"]}',
    );
  await dialog.getByRole('textbox', { name: 'Tool name' }).fill('calculator');
  await dialog.getByRole('button', { name: 'Save tool' }).click();
  await expect(dialog.getByRole('alert')).toContainText('"calculator" is the name of a built-in tool');
  await dialog.getByRole('textbox', { name: 'Tool name' }).fill('add_numbers');

  await dialog.getByRole('textbox', { name: 'Sample arguments' }).fill('{"a": 2, "b": "x"}');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByRole('status', { name: 'Test result' })).toContainText(
    'The sample arguments do not match the schema',
  );
  await dialog.getByRole('textbox', { name: 'Sample arguments' }).fill('{"a": 2, "b": 3}');
  await dialog.getByRole('button', { name: 'Test' }).click();
  await expect(dialog.getByRole('status', { name: 'Test result' })).toHaveAttribute('data-ok', 'true');
  await expect(dialog.getByRole('status', { name: 'Test result' })).toHaveText('5');
  await dialog.getByRole('button', { name: 'Save tool' }).click();
  await expect(dialog).toBeHidden();
  await expect(settingsDialog(page).getByRole('checkbox', { name: 'add_numbers' })).toBeChecked();
  await expect(settingsDialog(page).getByRole('button', { name: 'Edit tool add_numbers' })).toBeVisible();
  await saveSettings(page);

  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ id: 'call_add', name: 'add_numbers', arguments: { a: 20, b: 22 } }] },
    { kind: 'reply', content: 'The sum is 42.' },
  );
  await send(page, 'Add 20 and 22 with my tool');
  await expect(lastAnswer(page)).toHaveText('The sum is 42.');
  await expectRunStatus(page, 'done');
  await expect(page.getByRole('group', { name: 'Tool call add_numbers' })).toHaveAttribute('data-tool-status', 'ok');
  const bodies = chatBodies(mockLlm);
  const offered = (bodies[0]?.tools ?? []) as {
    function: { name: string; description: string; parameters: unknown };
  }[];
  expect(offered.find((tool) => tool.function.name === 'add_numbers')?.function).toEqual({
    name: 'add_numbers',
    description: 'Adds two numbers.',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  });
  expect(bodies[1]?.messages.find((message) => message.role === 'tool')?.content).toBe('42');

  // Kept across a reload (IndexedDB), and deleted from Settings.
  await page.reload();
  await openToolsTab(page);
  await settingsDialog(page).getByRole('button', { name: 'Delete tool add_numbers' }).click();
  await expect(settingsDialog(page).getByRole('checkbox', { name: 'add_numbers' })).toHaveCount(0);
});

test('a JavaScript tool has no network unless the user allows it for that tool', async ({ page }) => {
  const server = await startToolServer(true);
  try {
    await openApp(page);
    await openNewTool(page);
    const dialog = editor(page);
    await dialog.getByRole('textbox', { name: 'Tool name' }).fill('fetch_forecast');
    await dialog
      .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
      .fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
    await dialog
      .getByRole('textbox', { name: 'Code' })
      .fill(
        `const response = await fetch('${server.url}/forecast/' + args.city);\nreturn (await response.json()).forecast`,
      );
    await dialog.getByRole('textbox', { name: 'Sample arguments' }).fill('{"city": "Oslo"}');
    const allow = dialog.getByRole('checkbox', { name: 'Allow network' });
    await expect(allow).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByRole('status', { name: 'Test result' })).toContainText('fetch is disabled in the sandbox');
    expect(server.requests).toEqual([]);

    await allow.check();
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByRole('status', { name: 'Test result' })).toHaveAttribute('data-ok', 'true');
    await expect(dialog.getByRole('status', { name: 'Test result' })).toHaveText('sunny');
    expect(server.requests.map((request) => request.url)).toEqual(['/forecast/Oslo']);
    await dialog.getByRole('button', { name: 'Save tool' }).click();
    await expect(dialog).toBeHidden();
    await saveSettings(page);
    // The choice is part of the tool: it is there when the editor opens again.
    await openToolsTab(page);
    await settingsDialog(page).getByRole('button', { name: 'Edit tool fetch_forecast' }).click();
    await expect(editor(page).getByRole('checkbox', { name: 'Allow network' })).toBeChecked();
  } finally {
    await server.close();
  }
});

test('an HTTP tool calls a local server with the filled template; a server without CORS is explained', async ({
  page,
  mockLlm,
}) => {
  const open = await startToolServer(true);
  const closed = await startToolServer(false);
  try {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await openNewTool(page);
    const dialog = editor(page);
    await dialog.getByRole('textbox', { name: 'Tool name' }).fill('forecast');
    await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'HTTP request' });
    await dialog
      .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
      .fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
    await dialog.getByRole('textbox', { name: 'URL template' }).fill(`${closed.url}/forecast/{city}`);
    await dialog.getByRole('textbox', { name: 'Sample arguments' }).fill('{"city": "Oslo"}');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByRole('status', { name: 'Test result' })).toContainText(
      'the server did not allow this page (CORS): it must send Access-Control-Allow-Origin',
    );

    await dialog.getByRole('textbox', { name: 'URL template' }).fill(`${open.url}/forecast/{city}`);
    await dialog.getByRole('combobox', { name: 'Method' }).selectOption('POST');
    await dialog.getByRole('textbox', { name: 'Body template' }).fill('{"where": "{city}"}');
    await dialog.getByRole('checkbox', { name: 'Needs approval' }).check();
    await dialog.getByRole('button', { name: 'Test' }).click();
    await expect(dialog.getByRole('status', { name: 'Test result' })).toContainText('"forecast":"sunny"');
    await dialog.getByRole('button', { name: 'Save tool' }).click();
    await expect(dialog).toBeHidden();
    await saveSettings(page);

    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ id: 'call_fc', name: 'forecast', arguments: { city: 'São Paulo' } }] },
      { kind: 'reply', content: 'Sunny in São Paulo.' },
    );
    await send(page, 'Forecast for São Paulo');
    const card = page.getByRole('group', { name: 'Tool call forecast' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(lastAnswer(page)).toHaveText('Sunny in São Paulo.');
    await expect(card).toHaveAttribute('data-tool-status', 'ok');
    expect(open.requests.at(-1)).toEqual({
      method: 'POST',
      url: '/forecast/S%C3%A3o%20Paulo',
      body: '{"where":"São Paulo"}',
    });
    const observation = chatBodies(mockLlm)[1]?.messages.find((message) => message.role === 'tool')?.content;
    expect(JSON.parse(String(observation))).toEqual({
      city: 'São Paulo',
      forecast: 'sunny',
      body: '{"where":"São Paulo"}',
    });
    const tree = page.getByRole('tree', { name: 'Span tree' });
    await expect(tree.getByRole('treeitem', { name: /^tool: forecast/ })).toHaveAttribute('data-span-status', 'ok');
  } finally {
    await open.close();
    await closed.close();
  }
});

test('custom tools travel with exports: a session export records the tool it used, Export all brings it back on import', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await createDoubleTool(page);
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ id: 'call_double', name: 'double', arguments: { n: 21 } }] },
    { kind: 'reply', content: 'Doubled: 42.' },
  );
  await send(page, 'Double 21');
  await expect(lastAnswer(page)).toHaveText('Doubled: 42.');
  expect(chatBodies(mockLlm)[1]?.messages.find((message) => message.role === 'tool')?.content).toBe('42');

  const session = await download(page, 'Export session');
  expect(session.file.tools?.custom.map((tool) => [tool.name, tool.code])).toEqual([['double', 'args.n * 2']]);
  const all = await download(page, 'Export all');
  expect(all.file.tools?.custom.map((tool) => tool.name)).toEqual(['double']);

  await openToolsTab(page);
  await settingsDialog(page).getByRole('button', { name: 'Delete tool double' }).click();
  await expect(settingsDialog(page).getByRole('button', { name: 'Edit tool double' })).toHaveCount(0);
  await saveSettings(page);

  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: all.name, mimeType: 'application/json', buffer: Buffer.from(all.text) });
  // The toast comes after the tools were merged into the settings (the Settings dialog reads them when it opens).
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 session' })).toBeVisible();
  await openToolsTab(page);
  await expect(settingsDialog(page).getByRole('button', { name: 'Edit tool double' })).toBeVisible();
  await settingsDialog(page).getByRole('button', { name: 'Edit tool double' }).click();
  await expect(editor(page).getByRole('textbox', { name: 'Code' })).toHaveValue('args.n * 2');
});

test('the offline demo model calls a custom tool when asked to', async ({ page }) => {
  await openApp(page);
  await createDoubleTool(page);
  await send(page, 'use my tool double with {"n": 4}');
  await expect(lastAnswer(page)).toHaveText('Your tool double returned: 8');
  await expect(page.getByRole('group', { name: 'Tool call double' })).toHaveAttribute('data-tool-status', 'ok');
});
