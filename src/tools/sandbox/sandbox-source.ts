// Turns user code into the body of the async function the sandbox worker compiles, so that it answers like a
// console: the value of the last top-level expression statement is the result, `return` and `await` work at top
// level. It parses the code with acorn (bundled into the sandbox worker only), so strings, template literals,
// comments, regular expressions and nested blocks cannot fool it.
import { type Node, type Options, parse } from 'acorn';
import { importMessage } from './sandbox-globals.ts';

/** The function body to compile, or why the code cannot run. */
export type PreparedSource =
  | { ok: true; body: string }
  /** `parsed: false`: acorn could not parse the code (a syntax error, or syntax newer than it knows). */
  | { ok: false; parsed: boolean; error: string };

const PARSE_OPTIONS: Options = {
  ecmaVersion: 'latest',
  sourceType: 'script',
  allowReturnOutsideFunction: true,
  allowAwaitOutsideFunction: true,
  locations: true,
};

/**
 * Prepares code for the sandbox: refuses `import()` (a network fetch), and when the last top-level statement is
 * an expression statement, returns its value (`let s = 0; for (…) s += i; s` → `… return (s\n);`).
 */
export function prepareSource(code: string): PreparedSource {
  let program: Node & { body: Node[] };
  try {
    program = parse(code, PARSE_OPTIONS) as Node & { body: Node[] };
  } catch (error) {
    return {
      ok: false,
      parsed: false,
      error: `SyntaxError: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const imported = findImport(program);
  if (imported) return { ok: false, parsed: true, error: importMessage(imported.loc?.start.line ?? 1) };
  const last = program.body.at(-1);
  if (last?.type !== 'ExpressionStatement') return { ok: true, body: code };
  // The statement's own text (parentheses included), without its semicolon; the line break keeps a trailing
  // line comment inside the expression from swallowing the closing parenthesis.
  const statement = code.slice(last.start, last.end).replace(/;$/u, '');
  return { ok: true, body: `${code.slice(0, last.start)}return (${statement}\n);${code.slice(last.end)}` };
}

/** The first `import(…)` (or `import.meta`) anywhere in the tree, walked without recursion. */
function findImport(root: Node): Node | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (!isNode(value)) continue;
    if (value.type === 'ImportExpression' || value.type === 'ImportDeclaration') return value;
    if (value.type === 'MetaProperty' && (value as Node & { meta: { name: string } }).meta.name === 'import')
      return value;
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'loc' && typeof child === 'object' && child !== null) stack.push(child);
    }
  }
  return undefined;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
