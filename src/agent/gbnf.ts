/**
 * JSON Schema → GBNF (llama.cpp's grammar format), for the subset Glassbox's decision and tool schemas use: `type`
 * (one or a list), `enum`, `const`, objects with `properties` (written in the order given; keys not in `required`
 * may be left out, in order), arrays with `items` (and `minItems`/`maxItems`), `anyOf`/`oneOf`. Anything else is
 * any JSON value. Output is compact JSON (no whitespace between tokens); strings and arrays are bounded, so even a
 * model that never wants to stop must close its reply.
 */
import type { JsonSchema } from '../model/model.ts';

export interface GbnfOptions {
  /** The longest a string may be, in characters. */
  maxStringChars: number;
  /** The most items an array may have when its schema says no fewer. */
  maxItems: number;
}

const PRIMITIVES: Record<string, string> = {
  char: String.raw`[^"\\\x00-\x1f] | "\\" (["\\/bfnrt] | "u" [0-9a-fA-F]{4})`,
  number: String.raw`"-"? ([0-9] | [1-9] [0-9]{1,15}) ("." [0-9]{1,15})? ([eE] [-+]? [0-9]{1,3})?`,
  integer: String.raw`"-"? ([0-9] | [1-9] [0-9]{1,15})`,
  boolean: String.raw`"true" | "false"`,
  null: String.raw`"null"`,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A GBNF string literal for this exact text (a JSON value's text, e.g. `"\"plan\""`). */
export function gbnfLiteral(text: string): string {
  return JSON.stringify(text);
}

/** Builds one grammar: rules are added by name, each written once. */
export class GbnfBuilder {
  private readonly rules = new Map<string, string>();
  private readonly used = new Set<string>();
  constructor(private readonly options: GbnfOptions) {}

  /** Adds a rule under a fresh name derived from `hint`; returns the name. */
  add(hint: string, body: string): string {
    const base = hint.replace(/[^a-zA-Z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'r';
    let name = base;
    for (let i = 2; this.rules.has(name) || this.used.has(name); i++) name = `${base}-${i}`;
    this.rules.set(name, body);
    return name;
  }

  private primitive(name: keyof typeof PRIMITIVES): string {
    if (!this.rules.has(name)) this.rules.set(name, PRIMITIVES[name] ?? '');
    return name;
  }

  /** A string of 0..max characters, or of 1..max whose first is not a space (`nonBlank`). */
  string(nonBlank = false, max = this.options.maxStringChars): string {
    const key = `string${nonBlank ? '-nonblank' : ''}${max === this.options.maxStringChars ? '' : `-${max}`}`;
    if (this.rules.has(key)) return key;
    const char = this.primitive('char');
    this.rules.set(
      key,
      nonBlank ? String.raw`"\"" [^"\\\x00-\x20] ${char}{0,${max - 1}} "\""` : String.raw`"\"" ${char}{0,${max}} "\""`,
    );
    return key;
  }

  /** Any JSON value, compact (for schemas this converter does not narrow). */
  anyValue(): string {
    if (this.rules.has('value')) return 'value';
    this.rules.set('value', 'object | array | string | number | boolean | null');
    this.rules.set('object', String.raw`"{" (string ":" value ("," string ":" value)*)? "}"`);
    this.rules.set('array', String.raw`"[" (value ("," value)*)? "]"`);
    this.string();
    for (const name of ['number', 'boolean', 'null'] as const) this.primitive(name);
    return 'value';
  }

  /** The rule name (or inline expression) matching `schema`. */
  schema(schema: unknown, hint: string): string {
    if (!isRecord(schema)) return this.anyValue();
    if ('const' in schema) return gbnfLiteral(JSON.stringify(schema.const));
    if (Array.isArray(schema.enum)) return `(${schema.enum.map((v) => gbnfLiteral(JSON.stringify(v))).join(' | ')})`;
    const union = schema.anyOf ?? schema.oneOf;
    if (Array.isArray(union)) {
      return this.add(hint, union.map((item, i) => this.schema(item, `${hint}-${i}`)).join(' | '));
    }
    if (Array.isArray(schema.type)) {
      const alternatives = schema.type.map((type) => this.schema({ ...schema, type }, `${hint}-${String(type)}`));
      return `(${alternatives.join(' | ')})`;
    }
    switch (schema.type) {
      case 'string':
        return this.string(
          typeof schema.minLength === 'number' && schema.minLength > 0,
          typeof schema.maxLength === 'number' ? schema.maxLength : this.options.maxStringChars,
        );
      case 'number':
      case 'integer':
      case 'boolean':
      case 'null':
        return this.primitive(schema.type);
      case 'array':
        return this.array(schema, hint);
      case 'object':
        return isRecord(schema.properties) ? this.object(schema, hint) : this.anyValue();
      default:
        return this.anyValue();
    }
  }

  private array(schema: Record<string, unknown>, hint: string): string {
    const item = this.schema(schema.items, `${hint}-item`);
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const max = Math.max(min, typeof schema.maxItems === 'number' ? schema.maxItems : this.options.maxItems);
    if (max === 0) return gbnfLiteral('[]');
    const rest = `("," ${item}){${Math.max(0, min - 1)},${max - 1}}`;
    const body = min === 0 ? `"[" (${item} ${rest})? "]"` : `"[" ${item} ${rest} "]"`;
    return this.add(hint, body);
  }

  /** Keys in schema order; required ones always, others optional (a comma before each key but the first). */
  private object(schema: Record<string, unknown>, hint: string): string {
    const properties = Object.entries(schema.properties as Record<string, unknown>);
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    if (properties.length === 0) return gbnfLiteral('{}');
    const pair = (key: string, value: unknown): string =>
      `${gbnfLiteral(JSON.stringify(key) + ':')} ${this.schema(value, `${hint}-${key}`)}`;
    // With every key required (the strict subset Glassbox writes) the object is a fixed sequence.
    if (properties.every(([key]) => required.has(key))) {
      const body = properties.map(([key, value]) => pair(key, value)).join(' "," ');
      return this.add(hint, `"{" ${body} "}"`);
    }
    // Otherwise optional keys may be left out; commas go only between the keys present.
    const pairs = properties.map(([key, value]) => ({ text: pair(key, value), required: required.has(key) }));
    const tail = (from: number): string =>
      pairs
        .slice(from)
        .map((p) => (p.required ? `"," ${p.text}` : `("," ${p.text})?`))
        .join(' ');
    const first = pairs.findIndex((p) => p.required);
    const firstPair = pairs[first];
    if (firstPair) {
      const before = pairs.slice(0, first).map((p) => `(${p.text} ",")?`);
      return this.add(hint, `"{" ${[...before, firstPair.text, tail(first + 1)].join(' ')} "}"`);
    }
    // No key required: the first key present decides where the list starts.
    const starts = pairs.map((p, i) => `${p.text} ${tail(i + 1)}`.trim());
    return this.add(hint, `"{" (${starts.join(' | ')})? "}"`);
  }

  /** The whole grammar with `root` as its start rule. */
  build(root: string): string {
    const lines = [`root ::= ${root}`];
    for (const [name, body] of this.rules) lines.push(`${name} ::= ${body}`);
    return `${lines.join('\n')}\n`;
  }
}

/** A grammar accepting exactly the JSON values `schema` describes (within the subset; see the module comment). */
export function jsonSchemaToGbnf(schema: JsonSchema, options: GbnfOptions): string {
  const builder = new GbnfBuilder(options);
  return builder.build(builder.schema(schema, 'root-value'));
}
