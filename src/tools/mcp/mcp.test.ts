import { afterEach, describe, expect, it, vi } from 'vitest';
import { startMcpTestServer, type McpTestCors, type McpTestServer } from '../../../e2e/mcp-server/start-mcp-server.ts';
import { createHarness } from '../../agent/test-harness.ts';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { diagnoseMcpConnection } from './connection-doctor.ts';
import { isAlwaysAllowed, toolFingerprint } from './fingerprint.ts';
import type { Span } from '../../trace/span.ts';
import { callResultText, connectMcp, dropConnection } from './mcp-client.ts';
import type { McpServerEntry } from './mcp-entry.ts';
import { offeredToolNames, prefixedToolName } from './mcp-names.ts';
import { createMcpCaller, mcpTools, type McpCaller } from './mcp-tools.ts';

const PAGE_ORIGIN = 'http://127.0.0.1:4173';
const SAFE_REQUEST_HEADERS = new Set(['accept', 'accept-language', 'content-language']);
const SIMPLE_CONTENT_TYPES = new Set(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']);
const SAFE_RESPONSE_HEADERS = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
]);

/**
 * Node's fetch with the browser's CORS rules on top (the part that matters here): a preflight for non-simple
 * methods or headers, Access-Control-Allow-Origin on every response, only safelisted or exposed response headers
 * readable, and a TypeError — all a page sees — when any of it fails.
 */
function browserFetch(origin = PAGE_ORIGIN): typeof fetch {
  return async (input, init = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const opaque = init.mode === 'no-cors';
    const custom = [...headers.keys()].filter((name) => {
      if (SAFE_REQUEST_HEADERS.has(name)) return false;
      if (name === 'content-type')
        return !SIMPLE_CONTENT_TYPES.has((headers.get(name) ?? '').split(';')[0]?.trim() ?? '');
      return true;
    });
    const failed = () => new TypeError('Failed to fetch');
    const allowsOrigin = (response: Response) =>
      ['*', origin].includes(response.headers.get('access-control-allow-origin') ?? '');
    if (!opaque && (custom.length > 0 || !['GET', 'HEAD', 'POST'].includes(method))) {
      const preflight = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': method,
          'access-control-request-headers': custom.join(','),
        },
      }).catch(() => {
        throw failed();
      });
      await preflight.arrayBuffer();
      const allowed = (preflight.headers.get('access-control-allow-headers') ?? '')
        .toLowerCase()
        .split(',')
        .map((name) => name.trim());
      if (
        !preflight.ok ||
        !allowsOrigin(preflight) ||
        !custom.every((name) => allowed.includes(name) || allowed.includes('*'))
      )
        throw failed();
    }
    headers.set('origin', origin);
    const response = await fetch(url, { ...init, headers, mode: 'cors' }).catch(() => {
      throw failed();
    });
    if (opaque) {
      await response.arrayBuffer();
      return new Response(null, { status: 200 });
    }
    if (!allowsOrigin(response)) {
      await response.arrayBuffer().catch(() => undefined);
      throw failed();
    }
    const exposed = (response.headers.get('access-control-expose-headers') ?? '')
      .toLowerCase()
      .split(',')
      .map((name) => name.trim());
    const visible = new Headers();
    response.headers.forEach((value, name) => {
      if (SAFE_RESPONSE_HEADERS.has(name) || exposed.includes(name)) visible.set(name, value);
    });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: visible });
  };
}

let server: McpTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(cors?: McpTestCors): Promise<McpTestServer> {
  server = await startMcpTestServer(cors ? { cors } : {});
  return server;
}

describe('names offered to the model', () => {
  it('keeps a tool its own name unless that clashes, else mcp_<server>_<tool>, sanitised and at most 64 characters', () => {
    const tools = [
      { name: 'echo', description: '', inputSchema: {} },
      { name: 'calculator', description: '', inputSchema: {} },
      { name: 'has space.dot', description: '', inputSchema: {} },
    ];
    expect([...offeredToolNames('My Server!', tools, ['calculator']).values()]).toEqual([
      'echo',
      'mcp_My_Server_calculator',
      'mcp_My_Server_has_space_dot',
    ]);
    expect(prefixedToolName('s'.repeat(40), 't'.repeat(80))).toHaveLength(64);
    expect([
      ...offeredToolNames('x', [{ name: 'echo', description: '', inputSchema: {} }], ['echo', 'mcp_x_echo']).values(),
    ]).toEqual(['mcp_x_echo_2']);
  });
});

describe('approval memory', () => {
  const tool = {
    name: 'echo',
    description: 'Echoes.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  };
  it('holds while the description and schema are unchanged, whatever the key order', () => {
    const allowed = { echo: toolFingerprint(tool) };
    expect(isAlwaysAllowed(allowed, tool)).toBe(true);
    expect(
      isAlwaysAllowed(allowed, { ...tool, inputSchema: { properties: { text: { type: 'string' } }, type: 'object' } }),
    ).toBe(true);
    expect(isAlwaysAllowed(allowed, { ...tool, description: 'Echoes, and sends your data away.' })).toBe(false);
    expect(
      isAlwaysAllowed(allowed, { ...tool, inputSchema: { type: 'object', properties: { text: { type: 'number' } } } }),
    ).toBe(false);
    expect(isAlwaysAllowed({}, tool)).toBe(false);
  });

  it('makes an MCP tool restricted unless allowed always', () => {
    const entry: McpServerEntry = {
      url: 'http://x/mcp',
      headers: '',
      name: 'x',
      tools: [tool, { ...tool, name: 'other' }],
      alwaysAllow: { echo: toolFingerprint(tool), other: 'stale' },
    };
    const caller: McpCaller = async () => 'ok';
    expect(mcpTools([entry], [], caller).map((made) => [made.name, made.restricted])).toEqual([
      ['echo', false],
      ['other', true],
    ]);
  });
});

describe('the MCP client against a real server', () => {
  it('initializes, lists the tools with their schemas and calls one; an error result is an error', async () => {
    const mcp = await start();
    const connection = await connectMcp({ url: mcp.url, headers: '', fetch: browserFetch(), pageOrigin: PAGE_ORIGIN });
    try {
      expect(connection.serverName).toBe('glassbox-test-server');
      expect(connection.transport).toBe('streamable-http');
      expect(connection.tools.map((tool) => tool.name)).toEqual(['echo', 'fail', 'grow']);
      expect(connection.tools[0]?.inputSchema).toMatchObject({
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      });
      const signal = new AbortController().signal;
      expect(await connection.callTool('echo', { text: 'hi' }, signal)).toBe('echo: hi');
      await expect(connection.callTool('fail', { reason: 'no' }, signal)).rejects.toThrow('failed: no');
      expect(mcp.calls).toEqual([
        { name: 'echo', arguments: { text: 'hi' } },
        { name: 'fail', arguments: { reason: 'no' } },
      ]);
    } finally {
      await connection.close();
    }
  });

  it('runs through the executor: arguments checked against the server schema, approval asked, result as observation, each exchange a span', async () => {
    const mcp = await start();
    const listed = await connectMcp({ url: mcp.url, headers: '', fetch: browserFetch(), pageOrigin: PAGE_ORIGIN });
    await listed.close();
    const entry: McpServerEntry = {
      url: mcp.url,
      headers: '',
      name: listed.serverName,
      tools: listed.tools,
      alwaysAllow: {},
    };
    const asked: string[] = [];
    const harness = createHarness({
      // The app's caller: one shared connection, opened by the first call, which traces initialize and tools/list.
      tools: mcpTools([entry], ['calculator'], createMcpCaller()),
      toolContext: createTestToolContext({ fetch: browserFetch() }),
      approve: async (request) => {
        asked.push(request.toolName);
        return true;
      },
      turns: [
        { toolCalls: [{ id: 'bad', name: 'echo', arguments: { text: 3 } }] },
        { toolCalls: [{ id: 'good', name: 'echo', arguments: { text: 'hello' } }] },
        { toolCalls: [{ id: 'fails', name: 'fail', arguments: { reason: 'no' } }] },
        { text: 'Done.' },
      ],
    });
    try {
      await harness.run();
    } finally {
      await dropConnection(mcp.url, '');
    }
    expect(harness.eventsOf('tool-error')[0]?.error).toMatch(/^Error: invalid arguments for echo: text: /u);
    expect(asked).toEqual(['echo', 'fail']);
    expect(harness.eventsOf('tool-result').map((event) => event.result)).toEqual(['echo: hello']);
    expect(mcp.calls).toEqual([
      { name: 'echo', arguments: { text: 'hello' } },
      { name: 'fail', arguments: { reason: 'no' } },
    ]);
    const [, echo, fail] = harness.tracer.find('tool');
    expect(
      harness.tracer
        .children(echo as Span)
        .filter((span) => span.kind === 'mcp')
        .map((span) => `${span.name} [${span.status}]`),
    ).toEqual(['initialize [ok]', 'tools/list [ok]', 'tools/call echo [ok]']);
    const call = harness.tracer.only('mcp', 'tools/call echo');
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'url.full': mcp.url,
      'network.transport': 'streamable-http',
    });
    expect(call.attributes['mcp.session.id']).toMatch(/^[0-9a-f-]{36}$/u);
    // The second call reuses the connection; a result the server marks as an error is an error span.
    expect(harness.tracer.children(fail as Span).map((span) => `${span.kind}: ${span.name} [${span.status}]`)).toEqual([
      'approval: fail [ok]',
      'mcp: tools/call fail [error]',
    ]);
    expect(harness.tracer.only('mcp', 'tools/call fail').error?.type).toBe('tool_error');
  });

  it('reports the new tool list when the server announces tools/list_changed', async () => {
    const mcp = await start();
    const changes: { url: string; tools: string[] }[] = [];
    const call = createMcpCaller((url, tools) => changes.push({ url, tools: tools.map((tool) => tool.name) }));
    const entry: McpServerEntry = {
      url: mcp.url,
      headers: '',
      name: 'glassbox-test-server',
      tools: [],
      alwaysAllow: {},
    };
    try {
      expect(await call(entry, 'grow', {}, createTestToolContext({ fetch: browserFetch() }))).toBe('shout added');
      await vi.waitFor(() => expect(changes).toEqual([{ url: mcp.url, tools: ['echo', 'fail', 'grow', 'shout'] }]));
      expect(await call(entry, 'shout', { text: 'hi' }, createTestToolContext({ fetch: browserFetch() }))).toBe('HI');
    } finally {
      await dropConnection(mcp.url, '');
    }
  });

  it('turns result parts into text', () => {
    expect(
      callResultText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', mimeType: 'image/png', data: '' },
        ],
      }),
    ).toBe('a\n[image image/png]');
    expect(callResultText({ content: [], structuredContent: { n: 1 } })).toBe('{"n":1}');
  });
});

describe('the connection doctor', () => {
  const diagnose = (url: string, headers: Record<string, string> = {}) =>
    diagnoseMcpConnection({ url, headers, fetch: browserFetch(), pageOrigin: PAGE_ORIGIN });

  it('finds nothing wrong with a well-configured server', async () => {
    const mcp = await start();
    expect(await diagnose(mcp.url)).toBeUndefined();
  });

  it('names the session id header that is not exposed, and connecting fails with that diagnosis', async () => {
    const mcp = await start({ exposeSessionId: false });
    expect(await diagnose(mcp.url)).toContain('Access-Control-Expose-Headers: mcp-session-id');
    await expect(
      connectMcp({ url: mcp.url, headers: '', fetch: browserFetch(), pageOrigin: PAGE_ORIGIN }),
    ).rejects.toThrow('Access-Control-Expose-Headers: mcp-session-id');
  });

  it('names the headers the preflight refuses', async () => {
    const mcp = await start({ allowHeaders: 'content-type, accept' });
    const message = await diagnose(mcp.url, { Authorization: 'Bearer t' });
    expect(message).toContain('refuses the headers mcp-protocol-version, authorization');
    expect(message).toContain('Access-Control-Allow-Headers');
  });

  it('tells a missing Access-Control-Allow-Origin from an unreachable server, and flags mixed content', async () => {
    const mcp = await start({ allowOrigin: false });
    expect(await diagnose(mcp.url)).toContain(`Access-Control-Allow-Origin: ${PAGE_ORIGIN}`);
    await mcp.close();
    server = undefined;
    expect(await diagnose(mcp.url)).toContain('is unreachable');
    expect(
      await diagnoseMcpConnection({
        url: 'http://mcp.example/mcp',
        headers: {},
        fetch: browserFetch(),
        pageOrigin: 'https://app.example',
      }),
    ).toContain('Mixed content');
  });
});
