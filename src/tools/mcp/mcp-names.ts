import type { McpToolInfo } from './mcp-entry.ts';

const MAX_NAME = 64;

function sanitise(text: string): string {
  return text
    .replaceAll(/[^a-zA-Z0-9_-]+/gu, '_')
    .replaceAll(/_+/gu, '_')
    .replace(/^_+|_+$/gu, '');
}

/** `mcp_<server>_<tool>`, sanitised to a valid function name of at most 64 characters. */
export function prefixedToolName(serverName: string, toolName: string): string {
  const server = sanitise(serverName).slice(0, 24) || 'server';
  const name = `mcp_${server}_${sanitise(toolName) || 'tool'}`;
  return name.slice(0, MAX_NAME);
}

const VALID = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/u;

/**
 * The names the model sees for a server's tools: a tool's own name when it is a valid function name no other tool
 * (built-in, custom, another server's) uses, otherwise `mcp_<server>_<tool>` (with a number if even that is taken).
 */
export function offeredToolNames(
  serverName: string,
  tools: readonly McpToolInfo[],
  taken: Iterable<string>,
): Map<string, string> {
  const used = new Set(taken);
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.name, (counts.get(tool.name) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const tool of tools) {
    let name =
      VALID.test(tool.name) && !used.has(tool.name) && counts.get(tool.name) === 1
        ? tool.name
        : prefixedToolName(serverName, tool.name);
    for (let suffix = 2; used.has(name); suffix += 1)
      name = `${prefixedToolName(serverName, tool.name).slice(0, MAX_NAME - 4)}_${suffix}`;
    used.add(name);
    names.set(tool.name, name);
  }
  return names;
}

/** The offered names of every server's tools, server by server (later servers avoid the earlier ones' names). */
export function offeredNamesForServers(
  servers: readonly { url: string; name: string; tools: readonly McpToolInfo[] }[],
  takenNames: Iterable<string>,
): Map<string, Map<string, string>> {
  const taken = new Set(takenNames);
  const result = new Map<string, Map<string, string>>();
  for (const server of servers) {
    const names = offeredToolNames(server.name, server.tools, taken);
    for (const name of names.values()) taken.add(name);
    result.set(server.url, names);
  }
  return result;
}
