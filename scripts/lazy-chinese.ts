// Build plugin: the Chinese tables of the dictionaries (src/i18n/*.ts) leave the chunks of their features and go into
// one chunk of their own, fetched only when the UI language is Chinese (src/i18n/chinese.ts). Dictionary files are
// written as before — an English table and `const zhCN: Record<Key, string> = { … }` — and work unchanged in tests
// and the dev server; only the production build moves the Chinese literals out.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync, type Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:glassbox-chinese';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** A table moved out of one file: where its object literal is, and its strings. */
export interface ChineseTable {
  start: number;
  end: number;
  strings: Record<string, string>;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The string a property value is, when it is a plain string (a literal, or a template without `${…}`). */
function stringValue(node: Node): string | undefined {
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0) {
    const cooked = (node.quasis as Array<{ value: { cooked: string | null } }>)[0]?.value.cooked;
    return typeof cooked === 'string' ? cooked : undefined;
  }
  return undefined;
}

/** The property name, when it is a plain identifier or string key. */
function keyName(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
}

/**
 * Finds the top-level `const zhCN … = { key: 'string', … }` of a module (exported or not). Anything else — a spread, a
 * computed key, a value that is not a plain string — leaves the table where it is (returns undefined): correct, only
 * not lazy.
 */
export function findChineseTable(fileName: string, code: string): ChineseTable | undefined {
  if (!code.includes('zhCN')) return undefined;
  const parsed = parseSync(fileName, code, { lang: 'ts' });
  if (parsed.errors.length > 0) return undefined;
  for (const statement of parsed.program.body as unknown as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || id.name !== 'zhCN' || init?.type !== 'ObjectExpression') continue;
      const strings: Record<string, string> = {};
      for (const property of init.properties as Node[]) {
        if (
          property.type !== 'Property' ||
          property.computed ||
          property.shorthand ||
          property.method ||
          property.kind !== 'init'
        )
          return undefined;
        const key = keyName(property.key as Node);
        const value = stringValue(property.value as Node);
        if (key === undefined || value === undefined || key === '__proto__') return undefined;
        strings[key] = value;
      }
      if (code[init.start] !== '{' || code[init.end - 1] !== '}') return undefined;
      return { start: init.start, end: init.end, strings };
    }
  }
  return undefined;
}

/** Is this module a dictionary file whose Chinese table may move? */
function isDictionary(id: string, dictionaryDir: string): boolean {
  const path = id.split('?')[0] ?? id;
  return (
    path.startsWith(`${dictionaryDir}/`) &&
    path.endsWith('.ts') &&
    !path.endsWith('.test.ts') &&
    !path.slice(dictionaryDir.length + 1).includes('/')
  );
}

/**
 * The Vite plugin (build only; the dev server and tests keep every table in its file). `moveTables: false` is for the
 * worker bundles: their dictionaries keep their tables, and the Chinese chunk is an empty module there.
 */
export function lazyChinese(root: string, { moveTables = true }: { moveTables?: boolean } = {}): Plugin {
  const dictionaryDir = join(root, 'src', 'i18n');
  const runtime = join(dictionaryDir, 'chinese.ts');
  let build = false;
  return {
    name: 'glassbox-lazy-chinese',
    enforce: 'pre',
    configResolved(config) {
      build = moveTables && config.command === 'build';
    },
    resolveId(source) {
      return source === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (!build) return 'export default {};';
      // Every dictionary file, read here rather than collected from `transform`, so the chunk never depends on the
      // order modules are transformed in; a file the app does not import only costs its bytes in this chunk.
      const tables: Record<string, Record<string, string>> = {};
      for (const name of readdirSync(dictionaryDir).sort()) {
        const file = join(dictionaryDir, name);
        if (!isDictionary(file, dictionaryDir)) continue;
        const table = findChineseTable(file, readFileSync(file, 'utf8'));
        if (table) tables[relative(root, file)] = table.strings;
      }
      return `export default ${JSON.stringify(tables)};`;
    },
    transform(code, id) {
      if (!build || !isDictionary(id, dictionaryDir) || id === runtime) return undefined;
      const table = findChineseTable(id, code);
      if (!table) return undefined;
      const file = relative(root, id.split('?')[0] ?? id);
      const replaced = `${code.slice(0, table.start)}__glassboxChineseTable(${JSON.stringify(file)})${code.slice(table.end)}`;
      return {
        code: `import { chineseTable as __glassboxChineseTable } from ${JSON.stringify(runtime)};\n${replaced}`,
        map: null,
      };
    },
  };
}
