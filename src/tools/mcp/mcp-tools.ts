import type { JsonSchema } from '../../model/model.ts';
import { ATTR } from '../../trace/attributes.ts';
import { zodFromJsonSchema } from '../custom/json-schema-args.ts';
import type { AnyTool } from '../define-tool.ts';
import type { ToolContext } from '../tool-context.ts';
import { isAlwaysAllowed } from './fingerprint.ts';
import type { McpServerEntry, McpToolInfo } from './mcp-entry.ts';
import { offeredNamesForServers } from './mcp-names.ts';
import { traceExchanges } from './mcp-trace.ts';

/** Calls a tool on a server (the SDK client is loaded on the first call). */
export type McpCaller = (
  server: McpServerEntry,
  toolName: string,
  args: Record<string, unknown>,
  context: ToolContext,
) => Promise<unknown>;

/**
 * The tools of the MCP servers as tools the executor runs: named so they clash with nothing, arguments checked
 * against the server's schema, approval unless the user allowed the unchanged tool always.
 */
export function mcpTools(
  servers: readonly McpServerEntry[],
  takenNames: readonly string[],
  call: McpCaller,
): AnyTool[] {
  const offered = offeredNamesForServers(servers, takenNames);
  const tools: AnyTool[] = [];
  for (const server of servers) {
    const names = offered.get(server.url);
    for (const info of server.tools) {
      const name = names?.get(info.name) ?? info.name;
      tools.push({
        name,
        description: info.description,
        schema: zodFromJsonSchema(info.inputSchema),
        parameters: info.inputSchema as JsonSchema,
        restricted: !isAlwaysAllowed(server.alwaysAllow, info),
        spanAttributes: { [ATTR.toolMcpServer]: server.url, [ATTR.toolMcpTool]: info.name },
        execute: (args: Record<string, unknown>, context) => call(server, info.name, args, context),
      });
    }
  }
  return tools;
}

/**
 * The caller used in the app: the SDK client in its own lazily loaded chunk, one connection per server; a server's
 * `notifications/tools/list_changed` reports its new tool list to `onToolsChanged` (the settings keep it).
 */
export function createMcpCaller(onToolsChanged?: (serverUrl: string, tools: McpToolInfo[]) => void): McpCaller {
  return (server, toolName, args, context) => callLazily(server, toolName, args, context, onToolsChanged);
}

async function callLazily(
  server: McpServerEntry,
  toolName: string,
  args: Record<string, unknown>,
  context: ToolContext,
  onToolsChanged?: (serverUrl: string, tools: McpToolInfo[]) => void,
): Promise<unknown> {
  const { sharedConnection } = await import('./mcp-client.ts');
  const trace = traceExchanges(context, server.url);
  // The call that opens the shared connection traces its initialize and tools/list too.
  const connection = await sharedConnection({
    url: server.url,
    headers: server.headers,
    fetch: context.fetch,
    pageOrigin: typeof location === 'undefined' ? 'null' : location.origin,
    trace,
    ...(onToolsChanged ? { onToolsChanged: (tools: McpToolInfo[]) => onToolsChanged(server.url, tools) } : {}),
  });
  return connection.callTool(toolName, args, context.signal, trace);
}
