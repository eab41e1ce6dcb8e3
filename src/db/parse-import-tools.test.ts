import { describe, expect, it } from 'vitest';
import { toolFingerprint } from '../tools/mcp/fingerprint.ts';
import type { McpServerEntry } from '../tools/mcp/mcp-entry.ts';
import { customToolSchema } from '../tools/custom/definition.ts';
import { portableTools } from '../tools/custom/portable.ts';
import { parseImportFile } from './parse-import-file.ts';

const adder = customToolSchema.parse({
  name: 'add',
  code: 'args.a + args.b',
  parameters: { type: 'object', properties: {} },
});
const echo = { name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' } };
const server: McpServerEntry = {
  url: 'https://mcp.test/mcp',
  headers: 'Authorization: Bearer mcp-token',
  name: 'test',
  tools: [echo],
  alwaysAllow: { echo: toolFingerprint(echo) },
};
const settings = { customTools: [adder], mcpServers: [server] };

describe('tools through the import parser', () => {
  it('an "Export all" file hands its tools on (also from the import worker), a session file does not', () => {
    const tools = portableTools(settings, [], true);
    const file = (scope: 'all' | 'session') =>
      JSON.stringify({
        format: 'glassbox.sessions',
        version: 1,
        exportedAt: '2025-01-01T00:00:00.000Z',
        scope,
        sessions: [],
        tools,
      });
    const all = parseImportFile(file('all'), 'all.json');
    expect(all.ok && all.tools).toEqual(tools);
    const one = parseImportFile(file('session'), 'one.json');
    expect(one.ok).toBe(true);
    expect(one.ok && one.tools).toBeUndefined();
  });
});
