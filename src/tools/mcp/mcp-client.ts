// The MCP client: the official SDK, loaded only when an MCP server is used (this module is its own chunk).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker';
import { ToolError, describeError } from '../tool-error.ts';
import { diagnoseMcpConnection } from './connection-doctor.ts';
import { mcpToolInfoSchema, parseHeaderLines, type McpToolInfo } from './mcp-entry.ts';
import { McpToolResultError, untracedExchanges, type McpExchangeTracer } from './mcp-trace.ts';
import { stringifyJson } from '../../json/deep-json.ts';

/** A live connection to one MCP server. */
export interface McpConnection {
  serverName: string;
  /** Which transport answered: Streamable HTTP, or the older HTTP+SSE. */
  transport: 'streamable-http' | 'sse';
  tools: McpToolInfo[];
  /** Calls a tool; `trace` puts the exchange in a span (the caller's tool span). */
  callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
    trace?: McpExchangeTracer,
  ): Promise<unknown>;
  close(): Promise<void>;
}

/** How to reach a server. */
export interface McpConnectOptions {
  url: string;
  /** `Name: value` lines. */
  headers: string;
  fetch: typeof fetch;
  /** The page's origin, for the connection doctor. */
  pageOrigin: string;
  /** Called with the new list after `notifications/tools/list_changed`. */
  onToolsChanged?: (tools: McpToolInfo[]) => void;
  /** Puts initialize and tools/list in spans. */
  trace?: McpExchangeTracer;
}

/** A connection failure with the doctor's explanation. */
export class McpConnectionError extends Error {
  override name = 'McpConnectionError';
}

const CLIENT_INFO = { name: 'glassbox', version: '1.0.0' };

function toToolInfos(tools: readonly unknown[]): McpToolInfo[] {
  return tools.map((tool) => mcpToolInfoSchema.parse(tool));
}

function createClient(onToolsChanged: McpConnectOptions['onToolsChanged']): Client {
  return new Client(CLIENT_INFO, {
    // The default validator (ajv) compiles schemas with `new Function`, which the app's CSP forbids.
    jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    ...(onToolsChanged
      ? {
          listChanged: {
            tools: {
              onChanged: (error: Error | null, tools: unknown[] | null) => {
                if (!error && tools) onToolsChanged(toToolInfos(tools));
              },
            },
          },
        }
      : {}),
  });
}

/** The text of a `tools/call` result: text parts verbatim, structured content as JSON, other parts described. */
export function callResultText(result: {
  content?: unknown;
  structuredContent?: unknown;
  isError?: boolean;
  toolResult?: unknown;
}): string {
  const parts: string[] = [];
  const content = Array.isArray(result.content) ? (result.content as Record<string, unknown>[]) : [];
  for (const part of content) {
    if (part.type === 'text' && typeof part.text === 'string') parts.push(part.text);
    else if (part.type === 'image' || part.type === 'audio')
      parts.push(`[${String(part.type)} ${String(part.mimeType ?? '')}]`);
    else if (part.type === 'resource' && typeof part.resource === 'object' && part.resource !== null) {
      const resource = part.resource as Record<string, unknown>;
      parts.push(typeof resource.text === 'string' ? resource.text : `[resource ${String(resource.uri ?? '')}]`);
    } else if (part.type === 'resource_link') parts.push(`[resource ${String(part.uri ?? '')}]`);
  }
  if (parts.length === 0 && result.structuredContent !== undefined)
    parts.push(stringifyJson(result.structuredContent) ?? '');
  if (parts.length === 0 && result.toolResult !== undefined) parts.push(stringifyJson(result.toolResult) ?? '');
  return parts.join('\n') || '(no output)';
}

async function explain(
  options: McpConnectOptions,
  headers: Record<string, string>,
  error: unknown,
): Promise<McpConnectionError> {
  const diagnosis = await diagnoseMcpConnection({
    url: options.url,
    headers,
    fetch: options.fetch,
    pageOrigin: options.pageOrigin,
  }).catch(() => undefined);
  return new McpConnectionError(diagnosis ?? `Could not connect to the MCP server: ${describeError(error)}`);
}

/**
 * Connects over Streamable HTTP (falling back to HTTP+SSE when the server answers 4xx to the POST), runs
 * initialize and tools/list. A failure is explained by the connection doctor.
 */
export async function connectMcp(options: McpConnectOptions): Promise<McpConnection> {
  const headers = parseHeaderLines(options.headers);
  let url: URL;
  try {
    url = new URL(options.url);
  } catch {
    throw new McpConnectionError(
      `"${options.url}" is not a URL: enter the server's full address, e.g. https://example.com/mcp.`,
    );
  }
  const fetchLike = (input: string | URL, init?: RequestInit) => options.fetch(input, init);
  const trace = options.trace ?? untracedExchanges;
  let client = createClient(options.onToolsChanged);
  let transport: 'streamable-http' | 'sse' = 'streamable-http';
  const streamable = new StreamableHTTPClientTransport(url, { fetch: fetchLike, requestInit: { headers } });
  const sessionAttributes = () => ({
    'network.transport': transport,
    ...(transport === 'streamable-http' && streamable.sessionId ? { 'mcp.session.id': streamable.sessionId } : {}),
  });
  try {
    await trace('initialize', () => client.connect(streamable), { attributes: sessionAttributes });
  } catch (error) {
    const fallback =
      error instanceof StreamableHTTPError &&
      error.code !== undefined &&
      error.code >= 400 &&
      error.code < 500 &&
      error.code !== 401 &&
      error.code !== 403;
    if (!fallback) throw await explain(options, headers, error);
    await client.close().catch(() => undefined);
    client = createClient(options.onToolsChanged);
    transport = 'sse';
    try {
      await trace(
        'initialize',
        () => client.connect(new SSEClientTransport(url, { fetch: fetchLike, requestInit: { headers } })),
        { attributes: sessionAttributes },
      );
    } catch (sseError) {
      throw await explain(options, headers, sseError);
    }
  }
  let tools: McpToolInfo[];
  try {
    tools = await trace('tools/list', async () => toToolInfos((await client.listTools()).tools), {
      attributes: sessionAttributes,
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw await explain(options, headers, error);
  }
  return {
    serverName: client.getServerVersion()?.name ?? url.host,
    transport,
    tools,
    async callTool(name, args, signal, traceCall = untracedExchanges) {
      let result: Awaited<ReturnType<Client['callTool']>>;
      try {
        result = await traceCall(
          'tools/call',
          async () => {
            const answer = await client.callTool({ name, arguments: args }, undefined, { signal });
            if (answer.isError === true) throw new McpToolResultError(callResultText(answer));
            return answer;
          },
          { tool: name, attributes: sessionAttributes },
        );
      } catch (error) {
        if (error instanceof McpToolResultError) throw new ToolError(error.message);
        if (signal.aborted) throw error;
        throw new ToolError(`The MCP server failed the call: ${describeError(error)}`);
      }
      return callResultText(result);
    },
    close: () => client.close(),
  };
}

const connections = new Map<string, Promise<McpConnection>>();

/** One shared connection per server URL and headers; a failed one is forgotten so the next call tries again. */
export function sharedConnection(options: McpConnectOptions): Promise<McpConnection> {
  const key = `${options.url}\n${options.headers}`;
  let connection = connections.get(key);
  if (!connection) {
    connection = connectMcp(options);
    connections.set(key, connection);
    connection.catch(() => connections.delete(key));
  }
  return connection;
}

/** Closes and forgets the shared connection of a server (after it was removed or reconnected). */
export async function dropConnection(url: string, headers: string): Promise<void> {
  const key = `${url}\n${headers}`;
  const connection = connections.get(key);
  connections.delete(key);
  await connection?.then((open) => open.close()).catch(() => undefined);
}
