import { describe, expect, it } from 'vitest';
import { JsonArrayError, JsonArraySplitter } from './json-array-stream.ts';

/** Splits `text` fed in chunks of `size` characters. */
function split(text: string, size: number): unknown[] {
  const splitter = new JsonArraySplitter();
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(...splitter.push(text.slice(at, at + size)));
  splitter.end();
  return out.map((element) => JSON.parse(element) as unknown);
}

describe('JsonArraySplitter', () => {
  const value = [
    { title: 'a "quoted" [title] {with} brackets, and commas', mapping: { n1: { children: ['n2'], message: null } } },
    { title: 'escapes \\" \\\\ \u00e9 中文 😀', nested: [[1, 2], { deep: [{}] }] },
    'a string, with ] and }',
    42,
    null,
    true,
    [],
    {},
  ];
  const text = ` \n${JSON.stringify(value, null, 2)}\n `;

  it('gives every element of an array whatever the chunk boundaries', () => {
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(split(text, size), `chunks of ${size}`).toEqual(value);
  });

  it('reads an empty array as no elements', () => {
    expect(split('  [ ]  ', 1)).toEqual([]);
  });

  it('refuses what is not an array, and a broken or truncated one', () => {
    expect(() => split('{"format":"glassbox"}', 4)).toThrow(expect.objectContaining({ notArray: true }));
    expect(() => split('', 4)).toThrow(JsonArrayError);
    expect(() => split('[{"a":1}', 3)).toThrow(/not closed/);
    expect(() => split('[{"a":"1}]', 3)).toThrow(/not closed/);
    expect(() => split('[{"a":1} {"b":2}]', 3)).toThrow(/expected "," or "]"/);
    expect(() => split('[1,]', 3)).toThrow(/unexpected "]"/);
    expect(() => split('[1] x', 3)).toThrow(/after the end/);
  });
});
