/** Longest result text the sandbox returns. */
export const MAX_RESULT_CHARS = 10_000;
/** Most console entries kept per run. */
export const MAX_LOG_ENTRIES = 100;
/** Most console characters kept per run, all entries together. */
export const MAX_LOG_CHARS = 10_000;
/** Longest single console entry. */
export const MAX_LOG_ENTRY_CHARS = 2_000;

const LINE_WIDTH = 72;

class OutputFull extends Error {}

interface InspectLimits {
  depth: number;
  items: number;
  stringChars: number;
}

interface InspectState extends InspectLimits {
  seen: Set<object>;
  produced: number;
  limit: number;
}

// Generous first; when the value does not fit, it is rendered again with less detail rather than cut mid-way.
const ATTEMPTS: readonly InspectLimits[] = [
  { depth: 6, items: 100, stringChars: Infinity },
  { depth: 3, items: 20, stringChars: 500 },
  { depth: 2, items: 5, stringChars: 80 },
];

/**
 * Renders any value as readable text, like a console would: cycles, functions, BigInt, undefined, Map/Set,
 * Dates and errors included. A top-level string is returned as is. Output beyond `maxChars` is shortened with a
 * marker. Never throws, whatever getters or proxies the value holds.
 */
export function serialiseValue(value: unknown, maxChars = MAX_RESULT_CHARS): string {
  if (typeof value === 'string') return truncateText(value, maxChars);
  for (const [attempt, limits] of ATTEMPTS.entries()) {
    const state: InspectState = { ...limits, seen: new Set(), produced: 0, limit: maxChars };
    try {
      const text = inspect(value, 0, state);
      if (attempt === 0) return truncateText(text, maxChars);
      return `${truncateText(text, maxChars)}\n… [output shortened: the full value is longer than ${maxChars} characters]`;
    } catch (error) {
      if (!(error instanceof OutputFull)) return '[value could not be displayed]';
    }
  }
  return `[value too large to display: longer than ${maxChars} characters]`;
}

/** Cuts text to `maxChars`, saying how much was left out. */
export function truncateText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}… [truncated: ${text.length - maxChars} more characters]`;
}

/** Formats the arguments of one console call: strings as they are, other values inspected, joined by spaces. */
export function formatLogArguments(values: readonly unknown[]): string {
  const text = values
    .map((value) => (typeof value === 'string' ? value : serialiseValue(value, MAX_LOG_ENTRY_CHARS)))
    .join(' ');
  return truncateText(text, MAX_LOG_ENTRY_CHARS);
}

/** Console methods the sandbox captures, and the prefix their entries get. */
export const CAPTURED_CONSOLE_METHODS = {
  log: '',
  info: '[info] ',
  warn: '[warn] ',
  error: '[error] ',
  debug: '[debug] ',
  trace: '[trace] ',
  dir: '',
  table: '',
} as const;

/** A console method name the sandbox captures. */
export type ConsoleLevel = keyof typeof CAPTURED_CONSOLE_METHODS;

/** Collects console output within bounds (entries and characters); past them, one marker says output was dropped. */
export class LogCollector {
  readonly entries: string[] = [];
  private characters = 0;
  private full = false;

  /** Adds one console call; returns the entry that was kept (to stream it), or undefined when it was dropped. */
  add(level: ConsoleLevel, values: readonly unknown[]): string | undefined {
    if (this.full) return undefined;
    const entry = `${CAPTURED_CONSOLE_METHODS[level]}${formatLogArguments(values)}`;
    if (this.entries.length >= MAX_LOG_ENTRIES || this.characters + entry.length > MAX_LOG_CHARS) {
      this.full = true;
      const marker = `… further console output was dropped (limit: ${MAX_LOG_ENTRIES} entries or ${MAX_LOG_CHARS} characters)`;
      this.entries.push(marker);
      return marker;
    }
    this.characters += entry.length;
    this.entries.push(entry);
    return entry;
  }
}

/** Describes a thrown value as `Name: message` (or the inspected value for non-errors). */
export function describeThrown(error: unknown): string {
  try {
    if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
      const { name, message } = error as { name?: unknown; message?: unknown };
      return truncateText(
        `${typeof name === 'string' && name ? name : 'Error'}: ${String(message)}`,
        MAX_LOG_ENTRY_CHARS,
      );
    }
    return `Uncaught ${serialiseValue(error, MAX_LOG_ENTRY_CHARS)}`;
  } catch {
    return 'Uncaught exception (could not be displayed)';
  }
}

function emit(text: string, state: InspectState): string {
  state.produced += text.length;
  if (state.produced > state.limit) throw new OutputFull();
  return text;
}

function inspect(value: unknown, depth: number, state: InspectState): string {
  switch (typeof value) {
    case 'string':
      if (depth === 0) return emit(value, state);
      if (value.length > state.stringChars) {
        return emit(`${JSON.stringify(value.slice(0, state.stringChars))}… (${value.length} characters)`, state);
      }
      return emit(JSON.stringify(value), state);
    case 'number':
      return emit(Object.is(value, -0) ? '-0' : String(value), state);
    case 'bigint':
      return emit(`${value}n`, state);
    case 'boolean':
    case 'undefined':
      return emit(String(value), state);
    case 'symbol':
      return emit(value.toString(), state);
    case 'function':
      return emit(describeFunction(value), state);
    default:
      break;
  }
  if (value === null) return emit('null', state);
  const object = value as object;
  if (state.seen.has(object)) return emit('[Circular]', state);
  try {
    state.seen.add(object);
    return inspectObject(object, depth, state);
  } catch (error) {
    if (error instanceof OutputFull) throw error;
    return emit('[uninspectable object]', state);
  } finally {
    state.seen.delete(object);
  }
}

function inspectObject(object: object, depth: number, state: InspectState): string {
  if (object instanceof Date)
    return emit(Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString(), state);
  if (object instanceof RegExp) return emit(String(object), state);
  if (object instanceof Error) return emit(`${object.name}: ${object.message}`, state);
  if (object instanceof Promise) return emit('Promise { … }', state);
  if (object instanceof WeakMap || object instanceof WeakSet) return emit(`${object.constructor.name} { … }`, state);
  if (Array.isArray(object)) {
    if (depth >= state.depth) return emit('[Array]', state);
    return bracket(
      '',
      '[',
      ']',
      listItems(object.length, (index) => inspect(object[index], depth + 1, state), state),
      state,
    );
  }
  if (ArrayBuffer.isView(object) && !(object instanceof DataView)) {
    const typed = object as unknown as ArrayLike<number | bigint>;
    const items = listItems(typed.length, (index) => inspect(typed[index], depth + 1, state), state);
    return bracket(`${object.constructor.name}(${typed.length}) `, '[', ']', items, state);
  }
  if (object instanceof Map) {
    if (depth >= state.depth) return emit('[Map]', state);
    const entries = [...object.entries()];
    const items = listItems(
      entries.length,
      (index) => {
        const [key, entryValue] = entries[index] as [unknown, unknown];
        return `${inspect(key, depth + 1, state)} => ${inspect(entryValue, depth + 1, state)}`;
      },
      state,
    );
    return bracket(`Map(${object.size}) `, '{', '}', items, state);
  }
  if (object instanceof Set) {
    if (depth >= state.depth) return emit('[Set]', state);
    const members = [...object.values()];
    return bracket(
      `Set(${object.size}) `,
      '{',
      '}',
      listItems(members.length, (index) => inspect(members[index], depth + 1, state), state),
      state,
    );
  }
  if (depth >= state.depth) return emit('[Object]', state);
  const keys = Object.keys(object);
  const record = object as Record<string, unknown>;
  const items = listItems(
    keys.length,
    (index) => {
      const key = keys[index] as string;
      const label = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      let shown: string;
      try {
        shown = inspect(record[key], depth + 1, state);
      } catch (error) {
        if (error instanceof OutputFull) throw error;
        shown = '[getter threw]';
      }
      return `${emit(label, state)}: ${shown}`;
    },
    state,
  );
  const name = constructorName(object);
  return bracket(name && name !== 'Object' ? `${name} ` : '', '{', '}', items, state);
}

function listItems(length: number, render: (index: number) => string, state: InspectState): string[] {
  const items: string[] = [];
  for (let index = 0; index < Math.min(length, state.items); index += 1) items.push(render(index));
  if (length > state.items) items.push(emit(`… ${length - state.items} more`, state));
  return items;
}

function bracket(prefix: string, open: string, close: string, items: string[], state: InspectState): string {
  emit(prefix, state);
  if (items.length === 0) return `${prefix}${open}${close}`;
  const oneLine = `${prefix}${open} ${items.join(', ')} ${close}`;
  if (oneLine.length <= LINE_WIDTH && !oneLine.includes('\n')) return oneLine;
  const indented = items.map((item) => `  ${item.replace(/\n/g, '\n  ')}`);
  return `${prefix}${open}\n${indented.join(',\n')}\n${close}`;
}

function describeFunction(value: { name?: unknown }): string {
  let isClass = false;
  try {
    isClass = /^class[\s{]/.test(Function.prototype.toString.call(value));
  } catch {
    // a revoked proxy or similar: describe it as a function
  }
  const name = typeof value.name === 'string' && value.name ? value.name : '(anonymous)';
  return isClass ? `[class ${name}]` : `[Function ${name}]`;
}

function constructorName(object: object): string | undefined {
  const prototype = Object.getPrototypeOf(object) as { constructor?: { name?: unknown } } | null;
  if (prototype === null) return '[null prototype]';
  const name = prototype.constructor?.name;
  return typeof name === 'string' ? name : undefined;
}
