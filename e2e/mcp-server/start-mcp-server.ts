// A small MCP server for tests: the official SDK's McpServer over Streamable HTTP (stateful, one transport per
// session) on a loopback port, with the CORS headers a test chooses, so the app's connection doctor can be tested.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** Which CORS headers the server sends. */
export interface McpTestCors {
  /** Send Access-Control-Allow-Origin: * (default true). */
  allowOrigin?: boolean;
  /** Access-Control-Allow-Headers on the preflight (default: every header the MCP client sends). */
  allowHeaders?: string;
  /** Send Access-Control-Expose-Headers: mcp-session-id (default true). */
  exposeSessionId?: boolean;
}

/** A running test server. */
export interface McpTestServer {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** Tool calls received, oldest first. */
  calls: { name: string; arguments: unknown }[];
  close(): Promise<void>;
}

const ALL_HEADERS = 'content-type, accept, authorization, mcp-protocol-version, mcp-session-id, last-event-id';

function createMcpServer(calls: McpTestServer['calls']): McpServer {
  const server = new McpServer({ name: 'glassbox-test-server', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes the text back.', inputSchema: { text: z.string().describe('What to echo') } },
    async ({ text }) => {
      calls.push({ name: 'echo', arguments: { text } });
      return { content: [{ type: 'text', text: `echo: ${text}` }] };
    },
  );
  server.registerTool(
    'fail',
    { description: 'Always fails.', inputSchema: { reason: z.string() } },
    async ({ reason }) => {
      calls.push({ name: 'fail', arguments: { reason } });
      return { isError: true, content: [{ type: 'text', text: `failed: ${reason}` }] };
    },
  );
  // Adding a tool to a connected server sends notifications/tools/list_changed.
  server.registerTool('grow', { description: 'Adds the tool shout to this server.', inputSchema: {} }, async () => {
    calls.push({ name: 'grow', arguments: {} });
    if (!server.isConnected()) return { content: [{ type: 'text', text: 'not connected' }] };
    server.registerTool(
      'shout',
      { description: 'Shouts the text.', inputSchema: { text: z.string() } },
      async ({ text }) => {
        calls.push({ name: 'shout', arguments: { text } });
        return { content: [{ type: 'text', text: text.toUpperCase() }] };
      },
    );
    return { content: [{ type: 'text', text: 'shout added' }] };
  });
  return server;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Starts the server on 127.0.0.1 (port 0 picks a free one). */
export async function startMcpTestServer(
  options: {
    cors?: McpTestCors;
    port?: number;
    /** Answer 401 unless `Authorization: Bearer <token>`. */ token?: string;
  } = {},
): Promise<McpTestServer> {
  const cors = { allowOrigin: true, allowHeaders: ALL_HEADERS, exposeSessionId: true, ...options.cors };
  const calls: McpTestServer['calls'] = [];
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const setCors = (response: ServerResponse): void => {
    if (cors.allowOrigin) response.setHeader('access-control-allow-origin', '*');
    if (cors.exposeSessionId) response.setHeader('access-control-expose-headers', 'mcp-session-id');
  };
  const http = createServer((request, response) => {
    void (async () => {
      setCors(response);
      if (request.method === 'OPTIONS') {
        response
          .writeHead(204, {
            'access-control-allow-methods': 'GET, POST, DELETE',
            'access-control-allow-headers': cors.allowHeaders,
            'access-control-max-age': '0',
          })
          .end();
        return;
      }
      if (!request.url?.startsWith('/mcp')) {
        response.writeHead(404).end();
        return;
      }
      if (options.token !== undefined && request.headers.authorization !== `Bearer ${options.token}`) {
        response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        return;
      }
      const body = request.method === 'POST' ? await readJson(request) : undefined;
      const sessionId = request.headers['mcp-session-id'];
      let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
      if (!transport) {
        if (request.method !== 'POST' || !isInitializeRequest(body)) {
          response.writeHead(400, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              jsonrpc: '2.0',
              error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
              id: null,
            }),
          );
          return;
        }
        const created: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => {
            transports.set(id, created);
          },
        });
        created.onclose = () => {
          if (created.sessionId) transports.delete(created.sessionId);
        };
        await createMcpServer(calls).connect(created);
        transport = created;
      }
      await transport.handleRequest(request, response, body);
    })().catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    calls,
    close: async () => {
      await Promise.all([...transports.values()].map((transport) => transport.close().catch(() => undefined)));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
