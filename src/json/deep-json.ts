/**
 * Walks over untrusted JSON-like data that never overflow the stack (issue 35). V8's `JSON.parse` reads any depth,
 * but `JSON.stringify`, `structuredClone` (so IndexedDB and `postMessage`) and recursive code throw
 * `RangeError: Maximum call stack size exceeded` a few thousand levels down. Everything here uses an explicit stack.
 * Importable from every folder (runtime, db and views): it imports nothing.
 */

/** Levels a view shows before it cuts the rest ("nested too deep to show: N levels"). */
export const SHOWN_DEPTH = 64;

/** The deepest nesting handed to native recursive code (structured clone, IndexedDB, `JSON.stringify`). */
export const SAFE_DEPTH = 1000;

/** What stands in a view for the levels it cut. */
export const CUT_MARK = '…';

type Container = readonly unknown[] | Record<string, unknown>;

/** A plain object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

const childrenOf = (value: Container): unknown[] => (Array.isArray(value) ? value : Object.values(value));

/**
 * How many arrays and objects are nested in one another at the deepest point: 0 for `1`, 1 for `[1]`, 2 for
 * `{"a":[1]}`. Stops counting once past `limit` (and returns a number above it).
 */
export function jsonDepth(value: unknown, limit = Infinity): number {
  if (!isContainer(value)) return 0;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  // Only a walk without a limit must remember what it saw (a value that holds itself would never end); with a
  // limit, such a value just goes past it. Remembering costs about a third of the walk.
  const seen = limit === Infinity ? new WeakSet<object>() : undefined;
  let deepest = 0;
  while (values.length > 0) {
    const node = values.pop();
    const depth = depths.pop() ?? 0;
    if (!isContainer(node) || seen?.has(node)) continue;
    seen?.add(node);
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    for (const child of childrenOf(node)) {
      if (isContainer(child)) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

/** Whether a value is nested deeper than `limit` levels. */
export const deeperThan = (value: unknown, limit: number): boolean => jsonDepth(value, limit) > limit;

interface Frame {
  readonly container: Container;
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  index: number;
  wrote: boolean;
}

function withToJson(value: unknown, key: string): unknown {
  const method = isContainer(value) ? (value as { toJSON?: unknown }).toJSON : undefined;
  return typeof method === 'function' ? (method as (key: string) => unknown).call(value, key) : value;
}

interface WriteOptions {
  indent: string;
  /** Containers deeper than this are written as {@link CUT_MARK} (not JSON any more). */
  maxDepth: number;
}

// Levels indented at most: below, JSON is written compact (100,000 levels of indent alone would be 10 GB of spaces).
const INDENTED_LEVELS = 100;

/** JSON text like `JSON.stringify`, with an explicit stack; `cut` says whether a level was left out. */
function writeJson(root: unknown, options: WriteOptions): { text: string | undefined; cut: boolean } {
  const parts: string[] = [];
  const stack: Frame[] = [];
  const onPath = new Set<object>();
  let cut = false;
  const open = (value: Container): void => {
    if (onPath.has(value)) throw new TypeError('Converting circular structure to JSON');
    onPath.add(value);
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    stack.push({
      container: value,
      keys,
      length: keys ? keys.length : (value as unknown[]).length,
      index: 0,
      wrote: false,
    });
    parts.push(keys ? '{' : '[');
  };
  const first = withToJson(root, '');
  if (!isContainer(first)) return { text: JSON.stringify(first), cut };
  open(first);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.index >= frame.length) {
      stack.pop();
      onPath.delete(frame.container);
      const close = frame.keys ? '}' : ']';
      const indented = frame.wrote && options.indent && stack.length < INDENTED_LEVELS;
      parts.push(indented ? `\n${options.indent.repeat(stack.length)}${close}` : close);
      continue;
    }
    const index = frame.index;
    frame.index += 1;
    const key = frame.keys ? (frame.keys[index] as string) : String(index);
    const item = withToJson(
      frame.keys ? (frame.container as Record<string, unknown>)[key] : (frame.container as unknown[])[index],
      key,
    );
    const text = isContainer(item) ? undefined : JSON.stringify(item);
    if (frame.keys && !isContainer(item) && text === undefined) continue;
    parts.push(frame.wrote ? ',' : '');
    const indented = options.indent && stack.length <= INDENTED_LEVELS;
    if (indented) parts.push(`\n${options.indent.repeat(stack.length)}`);
    if (frame.keys) parts.push(JSON.stringify(key), indented ? ': ' : ':');
    frame.wrote = true;
    if (!isContainer(item)) parts.push(text ?? 'null');
    else if (stack.length >= options.maxDepth) {
      cut = true;
      parts.push(CUT_MARK);
    } else open(item);
  }
  return { text: parts.join(''), cut };
}

const indentText = (indent: number | undefined): string => ' '.repeat(Math.min(10, Math.max(0, indent ?? 0)));

/**
 * `JSON.stringify(value, null, indent)` for data of any depth: a value too deep for the native writer is written
 * without recursion instead of throwing `RangeError` (the same JSON; levels past 100 are not indented).
 */
export function stringifyJson(value: unknown, indent?: number): string | undefined {
  try {
    return JSON.stringify(value, null, indent);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return writeJson(value, { indent: indentText(indent), maxDepth: Infinity }).text;
  }
}

/** Text for people: pretty JSON of the first `maxDepth` levels; when cut, how deep the value really is. */
export interface ShownJson {
  text: string;
  /** The value's whole depth when levels were cut (say "nested too deep to show: {depth} levels"). */
  cutDepth?: number;
}

/** Pretty JSON for a view or a readable export, its deeper levels written as {@link CUT_MARK}. */
export function showJson(value: unknown, options: { indent?: number; maxDepth?: number } = {}): ShownJson {
  const written = writeJson(value, {
    indent: indentText(options.indent ?? 2),
    maxDepth: options.maxDepth ?? SHOWN_DEPTH,
  });
  const text = written.text ?? String(value);
  return written.cut ? { text, cutDepth: jsonDepth(value) } : { text };
}

/**
 * A value safe to store and clone: as it is when at most `limit` levels deep, else its JSON text (nothing lost;
 * views parse JSON text again and cut what they show).
 */
export function storableJson(value: unknown, limit = SAFE_DEPTH): unknown {
  if (!isContainer(value) || !deeperThan(value, limit)) return value;
  return stringifyJson(value) ?? null;
}

/**
 * A copy of a JSON-like value with every string passed through `text` and the object keys `keep` refuses left out,
 * at any depth (a value that contains itself becomes `[Circular]` there).
 */
export function mapJson(
  value: unknown,
  text: (value: string) => string,
  keep: (key: string) => boolean = () => true,
): unknown {
  if (!isContainer(value)) return typeof value === 'string' ? text(value) : value;
  interface CopyFrame {
    source: Container;
    target: Container;
    entries: ReadonlyArray<readonly [string, unknown]>;
    index: number;
  }
  const onPath = new Set<object>();
  const stack: CopyFrame[] = [];
  const start = (source: Container): Container => {
    const target: Container = Array.isArray(source) ? [] : {};
    const entries = Array.isArray(source)
      ? source.map((item, index) => [String(index), item] as const)
      : Object.entries(source).filter(([key]) => keep(key));
    onPath.add(source);
    stack.push({ source, target, entries, index: 0 });
    return target;
  };
  const root = start(value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as CopyFrame;
    const entry = frame.entries[frame.index];
    frame.index += 1;
    if (!entry) {
      stack.pop();
      onPath.delete(frame.source);
      continue;
    }
    const [key, item] = entry;
    const copied = !isContainer(item)
      ? typeof item === 'string'
        ? text(item)
        : item
      : onPath.has(item)
        ? '[Circular]'
        : start(item);
    if (Array.isArray(frame.target)) (frame.target as unknown[]).push(copied);
    else (frame.target as Record<string, unknown>)[key] = copied;
  }
  return root;
}
