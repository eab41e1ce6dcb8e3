import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../config/settings.ts';
import { parseStoredSettings } from './settings.ts';

describe('custom tools and MCP servers in the stored settings', () => {
  it('default to none, and an unreadable entry is dropped without losing the others', () => {
    expect(defaultSettings.customTools).toEqual([]);
    expect(defaultSettings.mcpServers).toEqual([]);
    const settings = parseStoredSettings({
      model: 'kept',
      customTools: [{ name: 'good', code: '1' }, { name: 42 }, 'junk'],
      mcpServers: [{ url: 'https://mcp.test/mcp', name: 'test' }, { url: 1 }],
    });
    expect(settings.model).toBe('kept');
    expect(settings.customTools.map((tool) => [tool.name, tool.kind, tool.code])).toEqual([
      ['good', 'javascript', '1'],
    ]);
    expect(settings.mcpServers).toEqual([
      { url: 'https://mcp.test/mcp', headers: '', name: 'test', tools: [], alwaysAllow: {} },
    ]);
  });
});
