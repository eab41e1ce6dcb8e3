import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { chatBodies } from './agent-helpers.ts';
import { startEverythingServer } from './mcp-server/start-everything-server.ts';
import { startMcpTestServer, type McpTestServer } from './mcp-server/start-mcp-server.ts';
import { expect, lastAnswer, openApp, send, expectRunStatus, settingsTab, test, useEndpoint } from './fixtures.ts';

/** A small HTTP server on a loopback port; `cors` says whether it lets other origins read its answers. */
async function startToolServer(
  cors: boolean,
): Promise<{ url: string; requests: { method: string; url: string; body: string }[]; close: () => Promise<void> }> {
  const requests: { method: string; url: string; body: string }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const corsHeaders: Record<string, string> = cors
        ? {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'content-type, x-key',
            'access-control-allow-methods': 'GET, POST',
          }
        : {};
      if (request.method === 'OPTIONS') {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', url: request.url ?? '', body });
      const city = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
      response
        .writeHead(200, { 'content-type': 'application/json', ...corsHeaders })
        .end(JSON.stringify({ city, forecast: 'sunny', body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });
const editor = (page: Page) => page.getByRole('dialog', { name: 'Tool editor' });

/** Opens Settings on its Tools tab (custom tools and MCP servers). */
async function openToolsTab(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsTab(page, 'Tools');
}

async function openNewTool(page: Page): Promise<void> {
  await openToolsTab(page);
  await settingsDialog(page).getByRole('button', { name: 'New tool' }).click();
  await expect(editor(page)).toBeVisible();
}

/** Adds and connects an MCP server in the open Tools tab; the group of its tools. */
async function connectMcpServer(page: Page, url: string, serverName: string) {
  const settings = settingsDialog(page);
  await settings.getByRole('button', { name: 'Add MCP server' }).click();
  await settings.getByRole('textbox', { name: 'MCP server URL' }).fill(url);
  await settings.getByRole('button', { name: 'Connect', exact: true }).click();
  return settings.getByRole('group', { name: serverName });
}

async function saveSettings(page: Page): Promise<void> {
  await settingsDialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settingsDialog(page)).toBeHidden();
}

test.describe.configure({ timeout: 60_000 });

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

test.describe('MCP servers', () => {
  let mcp: McpTestServer | undefined;
  test.afterEach(async () => {
    await mcp?.close();
    mcp = undefined;
  });

  test('a server connected from the page: its tools listed as a group, one called with Approve', async ({
    page,
    mockLlm,
  }) => {
    mcp = await startMcpTestServer();
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/u.test(message.text())) refused.push(message.text());
    });
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    // The SDK is not part of the first load.
    expect(loaded.filter((path) => /mcp-client/u.test(path))).toEqual([]);
    await openToolsTab(page);
    const group = await connectMcpServer(page, mcp.url, 'glassbox-test-server');
    await expect(group.getByRole('checkbox', { name: 'echo', exact: true })).toBeChecked();
    await expect(group.getByRole('checkbox', { name: 'fail', exact: true })).toBeChecked();
    expect(loaded.some((path) => /mcp-client/u.test(path))).toBe(true);
    await saveSettings(page);

    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ id: 'call_echo', name: 'echo', arguments: { text: 'hello MCP' } }] },
      { kind: 'reply', content: 'The server echoed.' },
    );
    await send(page, 'Echo hello through MCP');
    const card = page.getByRole('group', { name: 'Tool call echo' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(lastAnswer(page)).toHaveText('The server echoed.');
    await expect(card).toHaveAttribute('data-tool-status', 'ok');
    expect(mcp.calls).toEqual([{ name: 'echo', arguments: { text: 'hello MCP' } }]);
    const bodies = chatBodies(mockLlm);
    const offered = (bodies[0]?.tools ?? []) as {
      function: { name: string; parameters: { properties?: Record<string, unknown> } };
    }[];
    expect(offered.find((tool) => tool.function.name === 'echo')?.function.parameters.properties).toEqual({
      text: { type: 'string', description: 'What to echo' },
    });
    expect(bodies[1]?.messages.find((message) => message.role === 'tool')?.content).toBe('echo: hello MCP');
    // The SDK ran under the app's CSP without code generation.
    expect(refused).toEqual([]);

    // A tool the server adds while connected (tools/list_changed) appears in Settings without reconnecting.
    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ id: 'call_grow', name: 'grow', arguments: {} }] },
      { kind: 'reply', content: 'Grown.' },
    );
    await send(page, 'Grow the server');
    await page.getByRole('group', { name: 'Tool call grow' }).getByRole('button', { name: 'Approve' }).click();
    await expect(lastAnswer(page)).toHaveText('Grown.');
    await openToolsTab(page);
    await expect(
      settingsDialog(page)
        .getByRole('group', { name: 'glassbox-test-server' })
        .getByRole('checkbox', { name: 'shout', exact: true }),
    ).toBeVisible();
  });

  test('the connection doctor names what is missing: exposed session id, a refused header, CORS, a token, an unreachable server', async ({
    page,
  }) => {
    const cases: { server: Parameters<typeof startMcpTestServer>[0] | 'none'; headers?: string; diagnosis: string }[] =
      [
        { server: { cors: { exposeSessionId: false } }, diagnosis: 'Access-Control-Expose-Headers: mcp-session-id' },
        {
          server: { cors: { allowHeaders: 'content-type, accept, mcp-session-id, last-event-id' } },
          diagnosis: 'refuses the header mcp-protocol-version',
        },
        {
          server: { cors: { allowOrigin: false } },
          diagnosis: 'does not allow this page (CORS): its responses need Access-Control-Allow-Origin',
        },
        {
          server: { token: 'secret' },
          diagnosis: 'it needs a token. Add a line "Authorization: Bearer <token>" to MCP headers',
        },
        {
          server: { token: 'secret' },
          headers: 'Authorization: Bearer wrong',
          diagnosis: 'the token in your Authorization header was not accepted',
        },
        { server: 'none', diagnosis: 'is unreachable' },
      ];
    await openApp(page);
    await openToolsTab(page);
    const settings = settingsDialog(page);
    // The form stays open after a failed attempt, with its alert.
    await settings.getByRole('button', { name: 'Add MCP server' }).click();
    for (const { server, headers, diagnosis } of cases) {
      let url = 'http://127.0.0.1:9/mcp';
      if (server !== 'none') {
        mcp = await startMcpTestServer(server);
        url = mcp.url;
      }
      await settings.getByRole('textbox', { name: 'MCP server URL' }).fill(url);
      await settings.getByRole('textbox', { name: 'MCP headers' }).fill(headers ?? '');
      await settings.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(settings.getByRole('alert')).toContainText(diagnosis);
      await expect(settings.getByRole('group', { name: 'glassbox-test-server' })).toHaveCount(0);
      await mcp?.close();
      mcp = undefined;
    }
    // With the right token the same server connects.
    mcp = await startMcpTestServer({ token: 'secret' });
    await settings.getByRole('textbox', { name: 'MCP server URL' }).fill(mcp.url);
    await settings.getByRole('textbox', { name: 'MCP headers' }).fill('Authorization: Bearer secret');
    await settings.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(
      settings
        .getByRole('group', { name: 'glassbox-test-server' })
        .getByRole('checkbox', { name: 'echo', exact: true }),
    ).toBeVisible();
  });

  test('with the reference server: one model response calls a JavaScript tool, an HTTP tool and an MCP tool; each MCP exchange is a span', async ({
    page,
    mockLlm,
  }) => {
    const everything = await startEverythingServer();
    const http = await startToolServer(true);
    try {
      await openApp(page);
      await useEndpoint(page, mockLlm.url);
      await createDoubleTool(page);
      await openNewTool(page);
      const dialog = editor(page);
      await dialog.getByRole('textbox', { name: 'Tool name' }).fill('forecast');
      await dialog.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'HTTP request' });
      await dialog
        .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
        .fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
      await dialog.getByRole('textbox', { name: 'URL template' }).fill(`${http.url}/forecast/{city}`);
      await dialog.getByRole('button', { name: 'Save tool' }).click();
      await expect(dialog).toBeHidden();
      const group = await connectMcpServer(page, everything.url, 'mcp-servers/everything');
      await expect(group.getByRole('checkbox', { name: 'get-sum', exact: true })).toBeChecked();
      await expect(group.getByRole('checkbox', { name: 'get-env', exact: true })).toBeChecked();
      await saveSettings(page);

      mockLlm.enqueue(
        {
          kind: 'reply',
          toolCalls: [
            { id: 'call_double', name: 'double', arguments: { n: 21 } },
            { id: 'call_forecast', name: 'forecast', arguments: { city: 'Oslo' } },
            { id: 'call_sum', name: 'get-sum', arguments: { a: 2, b: 3 } },
          ],
        },
        { kind: 'reply', toolCalls: [{ id: 'call_env', name: 'get-env', arguments: {} }] },
        { kind: 'reply', content: 'All three tools answered.' },
      );
      await send(page, 'Use all my tools');
      // MCP tools ask for approval by default; the custom ones here do not.
      await page.getByRole('group', { name: 'Tool call get-sum' }).getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('group', { name: 'Tool call get-env' }).getByRole('button', { name: 'Approve' }).click();
      await expect(lastAnswer(page)).toHaveText('All three tools answered.');
      for (const name of ['double', 'forecast', 'get-sum', 'get-env']) {
        await expect(page.getByRole('group', { name: `Tool call ${name}` })).toHaveAttribute('data-tool-status', 'ok');
      }
      const bodies = chatBodies(mockLlm);
      const results = (bodies[1]?.messages ?? [])
        .filter((message) => message.role === 'tool')
        .map((message) => message.content);
      expect(results[0]).toBe('42');
      expect(JSON.parse(String(results[1]))).toMatchObject({ city: 'Oslo', forecast: 'sunny' });
      expect(results[2]).toBe('The sum of 2 and 3 is 5.');
      // The server runs with nothing of the test machine's environment but PATH and its port.
      const environment = JSON.parse(
        String(bodies[2]?.messages.findLast((message) => message.role === 'tool')?.content),
      ) as Record<string, string>;
      expect(Object.keys(environment).toSorted()).toEqual(['PATH', 'PORT']);

      await page.getByRole('button', { name: 'Expand all' }).click();
      const tree = page.getByRole('tree', { name: 'Span tree' });
      // The first MCP call opened the connection: its initialize and tools/list are traced inside it.
      await expect(tree.getByRole('treeitem', { name: /^mcp: initialize/ })).toHaveCount(1);
      await expect(tree.getByRole('treeitem', { name: /^mcp: tools\/list/ })).toHaveCount(1);
      await expect(tree.getByRole('treeitem', { name: /^mcp: tools\/call get-sum/ })).toHaveAttribute(
        'data-span-status',
        'ok',
      );
      await expect(tree.getByRole('treeitem', { name: /^mcp: tools\/call get-env/ })).toHaveAttribute(
        'data-span-status',
        'ok',
      );
      await tree.getByRole('treeitem', { name: /^tool: forecast/ }).click();
      await expect(page.getByRole('region', { name: 'Span details' })).toContainText('Custom tool (HTTP request)');
      await tree.getByRole('treeitem', { name: /^tool: get-sum/ }).click();
      await expect(page.getByRole('region', { name: 'Span details' })).toContainText(
        `MCP tool get-sum of ${everything.url}`,
      );
    } finally {
      await http.close();
      await everything.close();
    }
  });
});

/** Creates a JavaScript tool `double` through the editor and saves Settings. */
async function createDoubleTool(page: Page): Promise<void> {
  await openNewTool(page);
  const dialog = editor(page);
  await dialog.getByRole('textbox', { name: 'Tool name' }).fill('double');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Doubles a number.');
  await dialog
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill('{"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"]}');
  await dialog.getByRole('textbox', { name: 'Code' }).fill('args.n * 2');
  await dialog.getByRole('button', { name: 'Save tool' }).click();
  await expect(dialog).toBeHidden();
  await saveSettings(page);
}

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
