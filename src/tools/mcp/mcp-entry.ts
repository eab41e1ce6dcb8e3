// These schemas are built when the first load evaluates this module, which may be a chunk of its own that runs
// before the entry's body: zod must be told first that the page's CSP forbids its eval-compiled fast path.
import '../../zod-jitless.ts';
import * as z from 'zod/mini';

/** A tool as an MCP server listed it (`tools/list`). */
export const mcpToolInfoSchema = z.object({
  name: z.string(),
  description: z._default(z.string(), ''),
  inputSchema: z._default(z.record(z.string(), z.unknown()), { type: 'object', properties: {} }),
});
export type McpToolInfo = z.infer<typeof mcpToolInfoSchema>;

/** An MCP server the user added: its URL, headers (secret: never exported), name and last tool list. */
export const mcpServerSchema = z.object({
  url: z.string(),
  /** One `Name: value` a line; may hold tokens, so exports leave it out. */
  headers: z._default(z.string(), ''),
  /** The server's name from `initialize` (serverInfo.name). */
  name: z.string(),
  tools: z._default(z.array(mcpToolInfoSchema), []),
  /** Tools the user allowed always: tool name → fingerprint of the description and schema allowed. */
  alwaysAllow: z._default(z.record(z.string(), z.string()), {}),
});
export type McpServerEntry = z.infer<typeof mcpServerSchema>;

/** Parses `Name: value` lines into headers; blank lines are skipped. */
export function parseHeaderLines(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split(/\r?\n/u)) {
    const colon = line.indexOf(':');
    if (line.trim() === '' || colon <= 0) continue;
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}
