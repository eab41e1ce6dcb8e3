import * as z from 'zod/mini';
import { ATTR } from '../../trace/attributes.ts';
import { mcpServerSchema, type McpServerEntry } from '../mcp/mcp-entry.ts';
import { customToolSchema, type CustomToolDefinition } from './definition.ts';

/** An MCP server entry as exported: without its headers, which may hold tokens. */
export const portableMcpServerSchema = z.omit(mcpServerSchema, { headers: true });

/** The user's tools in an export: "Export all" carries every one; a session export the custom tools it used. */
export const portableToolsSchema = z.object({
  custom: z._default(z.array(z.unknown()), []),
  mcpServers: z._default(z.array(z.unknown()), []),
});
export type PortableTools = { custom: CustomToolDefinition[]; mcpServers: Omit<McpServerEntry, 'headers'>[] };

/** A definition as exported: header values without a `{placeholder}` (tokens, keys) are left empty. */
function withoutSecretHeaders(tool: CustomToolDefinition): CustomToolDefinition {
  const headers = tool.headers
    .split(/\r?\n/u)
    .map((line) => {
      const colon = line.indexOf(':');
      return colon > 0 && !/\{[a-zA-Z_][\w-]*\}/u.test(line.slice(colon + 1)) ? `${line.slice(0, colon)}: ` : line;
    })
    .join('\n');
  return { ...tool, headers };
}

/** Names of the tools the sessions' spans called. */
function calledToolNames(
  sessions: readonly { spans: readonly { kind: string; attributes?: Record<string, unknown> }[] }[],
): Set<string> {
  const names = new Set<string>();
  for (const session of sessions) {
    for (const span of session.spans) {
      const name = span.attributes?.[ATTR.toolName];
      if (span.kind === 'tool' && typeof name === 'string') names.add(name);
    }
  }
  return names;
}

/**
 * The tools part of an export. For all sessions: every custom tool and MCP server (headers left out). For
 * chosen sessions: the definitions of the custom tools their runs called, so the trace explains itself.
 */
export function portableTools(
  settings: { customTools: readonly CustomToolDefinition[]; mcpServers: readonly McpServerEntry[] },
  sessions: readonly { spans: readonly { kind: string; attributes?: Record<string, unknown> }[] }[],
  all: boolean,
): PortableTools | undefined {
  if (all) {
    if (settings.customTools.length === 0 && settings.mcpServers.length === 0) return undefined;
    return {
      custom: settings.customTools.map(withoutSecretHeaders),
      mcpServers: settings.mcpServers.map(({ headers: _secret, ...rest }) => rest),
    };
  }
  const called = calledToolNames(sessions);
  const used = settings.customTools.filter((tool) => called.has(tool.name)).map(withoutSecretHeaders);
  return used.length > 0 ? { custom: used, mcpServers: [] } : undefined;
}

/** What an import adds to the user's tools, and what it left out. */
export interface ToolsMerge {
  customTools: CustomToolDefinition[];
  mcpServers: McpServerEntry[];
  added: string[];
  /** Entries left out: a name already in use (the user's own wins) or an unreadable entry. */
  skipped: string[];
}

/** Merges imported tools into the user's: new names are added, existing ones kept as they are. */
export function mergeImportedTools(
  current: { customTools: readonly CustomToolDefinition[]; mcpServers: readonly McpServerEntry[] },
  value: unknown,
  reservedNames: readonly string[],
): ToolsMerge {
  const result: ToolsMerge = {
    customTools: [...current.customTools],
    mcpServers: [...current.mcpServers],
    added: [],
    skipped: [],
  };
  const parsed = portableToolsSchema.safeParse(value);
  if (!parsed.success) return result;
  const names = new Set([...reservedNames, ...current.customTools.map((tool) => tool.name)]);
  for (const [index, entry] of parsed.data.custom.entries()) {
    const tool = customToolSchema.safeParse(entry);
    if (!tool.success) result.skipped.push(`custom tool ${index + 1} (unreadable)`);
    else if (names.has(tool.data.name)) result.skipped.push(`${tool.data.name} (the name is taken)`);
    else {
      names.add(tool.data.name);
      result.customTools.push(tool.data);
      result.added.push(tool.data.name);
    }
  }
  const urls = new Set(current.mcpServers.map((server) => server.url));
  for (const [index, entry] of parsed.data.mcpServers.entries()) {
    const server = portableMcpServerSchema.safeParse(entry);
    if (!server.success) result.skipped.push(`MCP server ${index + 1} (unreadable)`);
    else if (!urls.has(server.data.url)) {
      urls.add(server.data.url);
      result.mcpServers.push({ ...server.data, headers: '' });
      result.added.push(server.data.name);
    }
  }
  return result;
}
