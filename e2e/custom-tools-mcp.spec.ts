import { chatBodies } from './agent-helpers.ts';
import { startEverythingServer } from './mcp-server/start-everything-server.ts';
import { startMcpTestServer, type McpTestServer } from './mcp-server/start-mcp-server.ts';
import { expect, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import {
  startToolServer,
  settingsDialog,
  editor,
  openToolsTab,
  openNewTool,
  connectMcpServer,
  saveSettings,
  createDoubleTool,
} from './custom-tool-helpers.ts';

test.describe.configure({ timeout: 60_000 });

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
