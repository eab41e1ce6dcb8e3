import { describe, expect, it } from 'vitest';
import { deepArray, deepArrayText, deepObject, deepObjectText } from '../testing/deep-session.ts';
import { CUT_MARK, isRecord, jsonDepth, mapJson, showJson, storableJson, stringifyJson } from './deep-json.ts';

const DEEP = 100_000;

describe('isRecord', () => {
  it('is true for plain objects only', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isRecord)).toEqual([true, true, true]);
    expect([null, undefined, [], [1], 'x', 1, true].map(isRecord)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('jsonDepth', () => {
  it('counts nested arrays and objects without recursion', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth([])).toBe(1);
    expect(jsonDepth({ a: [1, { b: {} }], c: 2 })).toBe(4);
    expect(jsonDepth(JSON.parse(deepArrayText(DEEP)))).toBe(DEEP);
    expect(jsonDepth(JSON.parse(deepObjectText(DEEP)))).toBe(DEEP);
  });

  it('stops past a limit', () => {
    expect(jsonDepth(deepArray(DEEP), 10)).toBe(11);
  });
});

describe('stringifyJson', () => {
  it('writes what JSON.stringify writes, indented or not', () => {
    const value = {
      a: [1, 'two', null, undefined, () => 1, { b: true }],
      c: undefined,
      d: {},
      e: [],
      f: new Date(0),
      g: 'quote " and \\ and \n',
      h: Number.NaN,
    };
    // The iterative writer (the native one is the reference): through showJson, which never cuts this value.
    expect(showJson(value, { maxDepth: 10 }).text).toBe(JSON.stringify(value, null, 2));
    expect(showJson(value, { maxDepth: 10, indent: 0 }).text).toBe(JSON.stringify(value));
    // Under a value too deep for the native writer (10,000 levels are enough for that).
    const deep = [deepArray(10_000), value];
    expect(stringifyJson(deep)).toBe(`[${deepArrayText(10_000)},${JSON.stringify(value)}]`);
    const indented = stringifyJson(deep, 2) ?? '';
    expect(indented.startsWith('[\n  [\n    [\n')).toBe(true);
    expect(stringifyJson(JSON.parse(indented))).toBe(stringifyJson(deep));
  });

  it('writes 100,000-level arrays that JSON.stringify cannot', () => {
    const deep = deepArray(DEEP);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(stringifyJson(deep)).toBe(deepArrayText(DEEP));
  });

  it('writes 100,000-level objects, indented where an indent fits', () => {
    const text = stringifyJson(deepObject(DEEP), 2) ?? '';
    expect(text.startsWith('{\n  "a": {\n    "a": {')).toBe(true);
    expect(text.replace(/\s/g, '')).toBe(deepObjectText(DEEP));
  });

  it('still refuses a cycle', () => {
    const cyclic: unknown[] = [deepArray(DEEP)];
    cyclic.push(cyclic);
    expect(() => stringifyJson(cyclic)).toThrow(TypeError);
  });
});

describe('showJson', () => {
  it('shows shallow data whole', () => {
    expect(showJson({ a: [1] })).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}' });
  });

  it('cuts deep data at the shown depth and says how deep it was', () => {
    const shown = showJson(JSON.parse(deepArrayText(DEEP)), { maxDepth: 3 });
    expect(shown.cutDepth).toBe(DEEP);
    expect(shown.text).toBe(`[\n  [\n    [\n      ${CUT_MARK}\n    ]\n  ]\n]`);
    const object = showJson(deepObject(DEEP));
    expect(object.cutDepth).toBe(DEEP);
    expect(object.text.length).toBeLessThan(10_000);
  });
});

describe('storableJson', () => {
  it('keeps shallow values and turns deep ones into their JSON text', () => {
    const shallow = { a: [1] };
    expect(storableJson(shallow)).toBe(shallow);
    expect(storableJson('text')).toBe('text');
    const stored = storableJson(deepObject(DEEP));
    expect(stored).toBe(deepObjectText(DEEP));
    expect(() => structuredClone(stored)).not.toThrow();
  });
});

describe('mapJson', () => {
  it('copies at any depth, mapping strings and leaving out keys', () => {
    const copy = mapJson(
      { keep: 'sk-1', apiKey: 'x', list: ['sk-1', 2] },
      (text) => text.replace('sk-1', '[R]'),
      (key) => key !== 'apiKey',
    );
    expect(copy).toEqual({ keep: '[R]', list: ['[R]', 2] });
    const deep = mapJson(JSON.parse(deepObjectText(DEEP).replace('1}', '"sk-1"}')), (text) => text.toUpperCase());
    expect(stringifyJson(deep)).toBe(deepObjectText(DEEP).replace('1}', '"SK-1"}'));
  });

  it('marks a value that contains itself, and copies a shared one twice', () => {
    const shared = { s: 1 };
    const cyclic: Record<string, unknown> = { a: shared, b: shared };
    cyclic['self'] = cyclic;
    expect(mapJson(cyclic, (text) => text)).toEqual({ a: { s: 1 }, b: { s: 1 }, self: '[Circular]' });
  });
});

describe('a value that holds itself', () => {
  it('has a finite depth, with or without a limit', () => {
    const cyclic: unknown[] = [[1]];
    cyclic.push(cyclic);
    expect(jsonDepth(cyclic)).toBe(2);
    expect(jsonDepth(cyclic, 50)).toBe(51);
  });
});
