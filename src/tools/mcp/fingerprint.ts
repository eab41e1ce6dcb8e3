import type { McpToolInfo } from './mcp-entry.ts';
import { deeperThan, stringifyJson } from '../../json/deep-json.ts';

// Keys are sorted level by level; a schema deeper than this is hashed as it is written (it is never walked).
const SORTED_LEVELS = 64;

function canonical(value: unknown): string {
  if (deeperThan(value, SORTED_LEVELS)) return stringifyJson(value) ?? 'null';
  return sortedJson(value);
}

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .toSorted()
      .map((key) => `${JSON.stringify(key)}:${sortedJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A stable hash (FNV-1a, 2×32 bit) of a tool's description and input schema: "always allow" holds only while it is unchanged. */
export function toolFingerprint(tool: Pick<McpToolInfo, 'description' | 'inputSchema'>): string {
  const text = canonical({ description: tool.description, inputSchema: tool.inputSchema });
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

/** Whether a call of this tool may run without asking: the user allowed it always, and it has not changed since. */
export function isAlwaysAllowed(alwaysAllow: Record<string, string>, tool: McpToolInfo): boolean {
  return alwaysAllow[tool.name] === toolFingerprint(tool);
}
