import { describe, it, expect } from 'vitest';
import {
  LogCollector,
  MAX_LOG_ENTRIES,
  MAX_RESULT_CHARS,
  describeThrown,
  formatLogArguments,
  serialiseValue,
  truncateText,
} from './sandbox-serialise.ts';

describe('serialiseValue', () => {
  it('renders primitives like a console', () => {
    expect(serialiseValue(42)).toBe('42');
    expect(serialiseValue(-0)).toBe('-0');
    expect(serialiseValue(Number.NaN)).toBe('NaN');
    expect(serialiseValue(10n ** 20n)).toBe('100000000000000000000n');
    expect(serialiseValue(undefined)).toBe('undefined');
    expect(serialiseValue(null)).toBe('null');
    expect(serialiseValue(true)).toBe('true');
    expect(serialiseValue(Symbol('tag'))).toBe('Symbol(tag)');
    expect(serialiseValue('plain text')).toBe('plain text');
  });

  it('renders structures, quoting nested strings', () => {
    expect(serialiseValue({ a: 1, b: 'two', c: [1, 2n, undefined], 'd-e': null })).toBe(
      '{ a: 1, b: "two", c: [ 1, 2n, undefined ], "d-e": null }',
    );
    expect(serialiseValue(new Map([['k', { v: 1 }]]))).toBe('Map(1) { "k" => { v: 1 } }');
    expect(serialiseValue(new Set([1, 2]))).toBe('Set(2) { 1, 2 }');
    expect(serialiseValue(new Uint8Array([1, 2]))).toBe('Uint8Array(2) [ 1, 2 ]');
    expect(serialiseValue(new Date('2024-01-02T03:04:05Z'))).toBe('2024-01-02T03:04:05.000Z');
    expect(serialiseValue(/a+b/gi)).toBe('/a+b/gi');
    expect(serialiseValue(new RangeError('too far'))).toBe('RangeError: too far');
    expect(serialiseValue([])).toBe('[]');
    expect(serialiseValue({})).toBe('{}');
  });

  it('names functions, classes and custom objects', () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    expect(serialiseValue(function namedThing() {})).toBe('[Function namedThing]');
    expect(serialiseValue(() => 1)).toBe('[Function (anonymous)]');
    expect(serialiseValue(Point)).toBe('[class Point]');
    expect(serialiseValue(new Point(1, 2))).toBe('Point { x: 1, y: 2 }');
    expect(serialiseValue(Object.create(null))).toBe('[null prototype] {}');
  });

  it('marks cycles instead of following them, but repeats shared values', () => {
    const node: Record<string, unknown> = { name: 'root' };
    node.self = node;
    expect(serialiseValue(node)).toBe('{ name: "root", self: [Circular] }');
    const shared = { v: 1 };
    expect(serialiseValue([shared, shared])).toBe('[ { v: 1 }, { v: 1 } ]');
  });

  it('survives throwing getters and hostile proxies', () => {
    const object = {
      get broken(): never {
        throw new Error('nope');
      },
      fine: 1,
    };
    expect(serialiseValue(object)).toBe('{ broken: [getter threw], fine: 1 }');
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(serialiseValue(hostile)).toBe('[uninspectable object]');
  });

  it('breaks long structures over lines', () => {
    const text = serialiseValue({ first: 'a'.repeat(40), second: 'b'.repeat(40) });
    expect(text).toBe(`{\n  first: "${'a'.repeat(40)}",\n  second: "${'b'.repeat(40)}"\n}`);
  });

  it('truncates huge strings and shortens huge structures', () => {
    const long = serialiseValue('x'.repeat(1_000_000));
    expect(long.length).toBeLessThan(MAX_RESULT_CHARS + 100);
    expect(long).toContain('[truncated: 990000 more characters]');
    const rows = serialiseValue(Array.from({ length: 100_000 }, (_, index) => ({ index, text: `row ${index}` })));
    expect(rows).toContain('… 99900 more');
    expect(rows.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    const wide = serialiseValue(Array.from({ length: 200 }, () => 'y'.repeat(200)));
    expect(wide.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    expect(wide).toContain('[output shortened');
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let level = 0; level < 20; level += 1) cursor = (cursor.next = {}) as Record<string, unknown>;
    expect(serialiseValue(deep)).toContain('[Object]');
  });
});

describe('console capture', () => {
  it('formats console arguments', () => {
    expect(formatLogArguments(['total:', 3, { a: [1] }])).toBe('total: 3 { a: [ 1 ] }');
  });

  it('bounds entries and adds one marker when full', () => {
    const collector = new LogCollector();
    for (let index = 0; index < 500; index += 1) collector.add('log', ['line', index]);
    expect(collector.entries).toHaveLength(MAX_LOG_ENTRIES + 1);
    expect(collector.entries[0]).toBe('line 0');
    expect(collector.entries.at(-1)).toContain('further console output was dropped');
    expect(collector.add('log', ['more'])).toBeUndefined();
  });

  it('bounds total characters', () => {
    const collector = new LogCollector();
    for (let index = 0; index < 20; index += 1) collector.add('warn', ['z'.repeat(1500)]);
    expect(collector.entries.slice(0, -1).join('').length).toBeLessThanOrEqual(10_000);
    expect(collector.entries[0]?.startsWith('[warn] ')).toBe(true);
    expect(collector.entries.at(-1)).toContain('dropped');
  });
});

describe('describeThrown', () => {
  it('describes errors and other thrown values', () => {
    expect(describeThrown(new TypeError('x is not a function'))).toBe('TypeError: x is not a function');
    expect(describeThrown('plain')).toBe('Uncaught plain');
    expect(describeThrown({ code: 7 })).toBe('Uncaught { code: 7 }');
    expect(describeThrown({ message: 'error-like' })).toBe('Error: error-like');
  });

  it('truncates text with a count', () => {
    expect(truncateText('abcdef', 3)).toBe('abc… [truncated: 3 more characters]');
  });
});
