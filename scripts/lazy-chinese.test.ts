import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChineseTable, lazyChinese } from './lazy-chinese.ts';

const root = join(import.meta.dirname, '..');
const dictionaryDir = join(root, 'src', 'i18n');
const dictionaryFiles = readdirSync(dictionaryDir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
  .filter((name) => /\bconst zhCN\b/.test(readFileSync(join(dictionaryDir, name), 'utf8')));

/** The Chinese tables a dictionary module holds at run time, whatever it exports them as. */
function runtimeChineseTables(module: Record<string, unknown>): unknown[] {
  const found: unknown[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (name === 'zhCN') found.push(value);
    if (value && typeof value === 'object') {
      const record = value as { strings?: Record<string, unknown>; 'zh-CN'?: unknown };
      if (record.strings?.['zh-CN']) found.push(record.strings['zh-CN']);
      if (record['zh-CN']) found.push(record['zh-CN']);
    }
  }
  return found;
}

/** Runs the plugin's hooks as a build would. */
function buildPlugin() {
  const plugin = lazyChinese(root);
  (plugin.configResolved as (config: { command: string }) => void)({ command: 'build' });
  return {
    transform: (code: string, id: string) =>
      (plugin.transform as (code: string, id: string) => { code: string } | undefined)(code, id),
    load: (id: string) => (plugin.load as (id: string) => string | undefined)(id),
    resolveId: (source: string) => (plugin.resolveId as (source: string) => string | undefined)(source),
  };
}

describe('the Chinese tables leave the first load (scripts/lazy-chinese.ts)', () => {
  it('finds dictionary files to check', () => {
    expect(dictionaryFiles).toEqual(expect.arrayContaining(['zh-CN.ts', 'chat.ts', 'trace.ts', 'agents.ts']));
  });

  it.each(dictionaryFiles)('%s: its zhCN table moves out, with exactly the strings the module holds', async (name) => {
    const file = join(dictionaryDir, name);
    const table = findChineseTable(file, readFileSync(file, 'utf8'));
    // A table written another way (a spread, a computed key, a value that is not a plain string) still works, but its
    // Chinese stays in the first load: write it like the others, `const zhCN: Record<Key, string> = { key: '…' }`.
    expect(table, `${name}: the build cannot move this zhCN table out of the first load`).toBeDefined();
    const module = (await import(file)) as Record<string, unknown>;
    expect(runtimeChineseTables(module)).toContainEqual(table?.strings);
  });

  it('leaves a table it cannot read as pure strings where it is', () => {
    expect(findChineseTable('a.ts', "const base = { a: '甲' };\nconst zhCN = { ...base, b: '乙' };")).toBeUndefined();
    expect(findChineseTable('b.ts', "const name = 'x';\nconst zhCN = { a: `你好 ${name}` };")).toBeUndefined();
    expect(findChineseTable('c.ts', "const zhCN = { ['a' + 1]: '甲' };")).toBeUndefined();
    expect(
      findChineseTable('d.ts', "const zhCN: Record<'a' | 'b', string> = { a: '甲', 'b': `乙` };")?.strings,
    ).toEqual({ a: '甲', b: '乙' });
  });

  it('in a build, a dictionary file keeps its English and gets an empty Chinese table filled from the Chinese chunk', () => {
    const plugin = buildPlugin();
    const file = join(dictionaryDir, 'agents.ts');
    const source = readFileSync(file, 'utf8');
    const output = plugin.transform(source, file)?.code ?? '';
    expect(output).toContain('__glassboxChineseTable("src/i18n/agents.ts")');
    expect(output).toContain("open: 'Agents'");
    expect(output).not.toMatch(/[\u4e00-\u9fff]/u);

    const chunk = plugin.load(plugin.resolveId('virtual:glassbox-chinese') ?? '') ?? '';
    const tables = JSON.parse(chunk.replace(/^export default /u, '').replace(/;$/u, '')) as Record<
      string,
      Record<string, string>
    >;
    expect(tables['src/i18n/agents.ts']).toEqual(findChineseTable(file, source)?.strings);
    expect(Object.keys(tables).sort()).toEqual(dictionaryFiles.map((name) => `src/i18n/${name}`).sort());
  });

  it('outside a build nothing moves and the Chinese chunk is empty', () => {
    const plugin = lazyChinese(root);
    (plugin.configResolved as (config: { command: string }) => void)({ command: 'serve' });
    const file = join(dictionaryDir, 'agents.ts');
    expect(
      (plugin.transform as (code: string, id: string) => unknown)(readFileSync(file, 'utf8'), file),
    ).toBeUndefined();
    expect((plugin.load as (id: string) => string)('\0virtual:glassbox-chinese')).toBe('export default {};');
  });
});
