import { describe, expect, it } from 'vitest';
import { toolFingerprint } from '../mcp/fingerprint.ts';
import type { McpServerEntry } from '../mcp/mcp-entry.ts';
import { customToolSchema } from './definition.ts';
import { mergeImportedTools, portableTools } from './portable.ts';

const adder = customToolSchema.parse({
  name: 'add',
  code: 'args.a + args.b',
  parameters: { type: 'object', properties: {} },
});
const http = customToolSchema.parse({
  name: 'lookup',
  kind: 'http',
  urlTemplate: 'https://x/{q}',
  headers: 'Authorization: Bearer sk-secret-123\nX-Query: {q}',
});
const echo = { name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' } };
const server: McpServerEntry = {
  url: 'https://mcp.test/mcp',
  headers: 'Authorization: Bearer mcp-token',
  name: 'test',
  tools: [echo],
  alwaysAllow: { echo: toolFingerprint(echo) },
};
const settings = { customTools: [adder, http], mcpServers: [server] };
const toolSpan = (name: string) => ({ kind: 'tool', attributes: { 'tool.name': name } });

describe('tools in exports', () => {
  it('"Export all" carries every custom tool and MCP server, without secret header values', () => {
    const exported = portableTools(settings, [], true);
    expect(exported?.custom.map((tool) => tool.name)).toEqual(['add', 'lookup']);
    expect(exported?.custom[1]?.headers).toBe('Authorization: \nX-Query: {q}');
    expect(exported?.mcpServers).toEqual([
      { url: 'https://mcp.test/mcp', name: 'test', tools: [echo], alwaysAllow: server.alwaysAllow },
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/sk-secret-123|mcp-token/u);
  });

  it('a session export records the definitions of the custom tools its runs called, and nothing when none', () => {
    expect(portableTools(settings, [{ spans: [toolSpan('add'), toolSpan('calculator')] }], false)).toEqual({
      custom: [adder],
      mcpServers: [],
    });
    expect(portableTools(settings, [{ spans: [toolSpan('calculator')] }], false)).toBeUndefined();
  });

  it("import adds new tools and servers, keeps the user's own on a clash, and reports what it left out", () => {
    const exported = portableTools(settings, [], true);
    const mine = customToolSchema.parse({ name: 'add', code: 'mine' });
    const merged = mergeImportedTools(
      { customTools: [mine], mcpServers: [] },
      { ...exported, custom: [...(exported?.custom ?? []), { name: 5 }] },
      ['calculator'],
    );
    expect(merged.customTools.map((tool) => [tool.name, tool.code])).toEqual([
      ['add', 'mine'],
      ['lookup', ''],
    ]);
    expect(merged.mcpServers).toEqual([{ ...server, headers: '' }]);
    expect(merged.added).toEqual(['lookup', 'test']);
    expect(merged.skipped).toEqual(['add (the name is taken)', 'custom tool 3 (unreadable)']);
    expect(
      mergeImportedTools({ customTools: [], mcpServers: [] }, { custom: [{ ...adder, name: 'calculator' }] }, [
        'calculator',
      ]).skipped,
    ).toEqual(['calculator (the name is taken)']);
  });
});
