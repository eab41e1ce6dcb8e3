import { describe, expect, it } from 'vitest';
import { describeContradiction, findContradictions, readDates, readNumbers, type Evidence } from './answer-facts.ts';

const calculator = (expression: string, result: number): Evidence => ({
  tool: 'calculator',
  arguments: JSON.stringify({ expression }),
  result: JSON.stringify({ expression, result }),
});
const dateCalc: Evidence = {
  tool: 'date_calc',
  arguments: JSON.stringify({ date: '2024-05-20', add_days: 150 }),
  result: JSON.stringify({
    date: '2024-10-17',
    weekday: 'Thursday',
    description: '2024-10-17 is 150 days after 2024-05-20',
  }),
};
const search: Evidence = {
  tool: 'search_web',
  arguments: JSON.stringify({ query: 'Ada Lovelace' }),
  result: 'Ada Lovelace was an English mathematician and writer, chiefly known for her work on the Analytical Engine.',
};

describe('readNumbers', () => {
  it('reads thousands separators (comma, apostrophe, no-break and thin spaces), decimals, signs and Chinese scale words', () => {
    const numbers = readNumbers("1,234,567 and 1\u00a0234 and 12\u202f345.5 and 1'000'000, −42, 3.14, 6.9万 and 2亿");
    expect(numbers.map((number) => number.value)).toEqual([
      1234567, 1234, 12345.5, 1000000, -42, 3.14, 69000, 200000000,
    ]);
  });

  it('reads numbers glued to Chinese text, but not parts of words, dates or clock times', () => {
    expect(readNumbers('结果是381。共计2,496元').map((number) => number.value)).toEqual([381, 2496]);
    expect(readNumbers('H2O at 10:30 on 2024-10-17 or 2024年10月17日, v8').map((number) => number.value)).toEqual([]);
  });

  it('does not take a plain space or a list comma for a thousands separator', () => {
    expect(readNumbers('1 234').map((number) => number.value)).toEqual([1, 234]);
    expect(readNumbers('1, 2, 3 and 1,2345').map((number) => number.value)).toEqual([1, 2, 3]);
  });
});

describe('readDates', () => {
  it('reads ISO, slashed and Chinese dates', () => {
    expect(
      readDates('2024-10-17, 2024/1/5 与 2024年10月17日').map((date) => [date.year, date.month, date.day]),
    ).toEqual([
      [2024, 10, 17],
      [2024, 1, 5],
      [2024, 10, 17],
    ]);
  });
});

describe('findContradictions', () => {
  it('flags a calculator result restated with swapped digits', () => {
    const found = findContradictions('1234 × 56 = **69,140**', [calculator('1234*56', 69104)]);
    expect(found).toEqual([{ kind: 'expression', claim: '1234*56 = 69140', expected: '69104', tool: 'calculator' }]);
    expect(describeContradiction(found[0]!)).toBe('1234*56 = 69140 ≠ 69104 (calculator)');
  });

  it('flags a restated expression with any other result, in Chinese too', () => {
    expect(findContradictions('17 × 23 等于 400。', [calculator('17 * 23', 391)])).toMatchObject([
      { kind: 'expression', expected: '391' },
    ]);
  });

  it('flags a near twin of a tool number (one digit changed) in Chinese text', () => {
    const found = findContradictions('总数是2,486件。', [
      { tool: 'query_data', arguments: '{"sql":"SELECT SUM(units) FROM sales"}', result: '{"rows":[{"total":2496}]}' },
    ]);
    expect(found).toEqual([{ kind: 'number', claim: '2,486', expected: '2496', tool: 'query_data' }]);
  });

  it('accepts the right number however it is written: separators, rounding, scale words', () => {
    const evidence = [
      calculator('1234*56', 69104),
      { tool: 'calculator', arguments: '{"expression":"10/3"}', result: '{"result":3.3333333333}' },
    ];
    expect(findContradictions('1234 × 56 = 69,104 (about 6.9万), and 10/3 ≈ 3.33', evidence)).toEqual([]);
    expect(findContradictions('1234 × 56 = 69\u202f104', evidence)).toEqual([]);
    expect(findContradictions('结果是 69104。', evidence)).toEqual([]);
  });

  it('leaves alone numbers the tools never came near, small numbers, round numbers and years', () => {
    const evidence = [calculator('1234*56', 69104), dateCalc];
    expect(
      findContradictions('It took 150 days; Babbage was born in 1791; about 70,000 people; 69 items', evidence),
    ).toEqual([]);
    // 2025 is one digit away from 2024, but a year is too often right for other reasons.
    expect(findContradictions('Next year, 2025, will be different.', [dateCalc])).toEqual([]);
    // Numbers of the question support the answer even when a tool number is their near twin.
    expect(
      findContradictions('You asked about 69,105 too.', [calculator('1234*56', 69104)], 'what about 69105?'),
    ).toEqual([]);
  });

  it('flags a date one digit off a tool date, ISO and Chinese', () => {
    expect(findContradictions('150 days after 2024-05-20 is 2024-10-18.', [dateCalc])).toEqual([
      { kind: 'date', claim: '2024-10-18', expected: '2024-10-17', tool: 'date_calc' },
    ]);
    expect(findContradictions('是2024年10月18日。', [dateCalc])).toMatchObject([
      { kind: 'date', claim: '2024年10月18日' },
    ]);
    // A date in the question is support: it is not a twin of the tool's date.
    expect(findContradictions('2024-05-20 plus 150 days is 2024-10-17.', [dateCalc])).toEqual([]);
  });

  it('flags a tool date named with the wrong day of the week, in English and Chinese', () => {
    expect(findContradictions('It is 2024-10-17, a Friday.', [dateCalc])).toEqual([
      { kind: 'weekday', claim: '2024-10-17 Friday', expected: '2024-10-17 Thursday', tool: 'date_calc' },
    ]);
    expect(findContradictions('那天是 2024-10-17，星期五。', [dateCalc])).toMatchObject([
      { kind: 'weekday', claim: '2024-10-17 星期五' },
    ]);
    expect(findContradictions('2024-10-17 is a Thursday, 2024年10月17日（星期四）', [dateCalc])).toEqual([]);
    // The weekday after another date belongs to that date.
    expect(findContradictions('2024-10-17 and 2024-05-20 (Monday)', [dateCalc])).toEqual([]);
  });

  it('flags a quotation that a tool returned in other words, and accepts exact ones', () => {
    expect(
      findContradictions('Wikipedia says she was “an English mathematician and painter, chiefly known for her work”.', [
        search,
      ]),
    ).toMatchObject([{ kind: 'quote', tool: 'search_web' }]);
    expect(findContradictions('Wikipedia: "an English mathematician and writer".', [search])).toEqual([]);
    // A quotation the tools never came near (or too short to judge) is the model verdict's business.
    expect(
      findContradictions('As the saying goes, "the early bird catches the worm". She was "a genius".', [search]),
    ).toEqual([]);
  });

  it('compares Chinese quotations character by character', () => {
    const evidence: Evidence = {
      tool: 'search_web',
      arguments: '{}',
      result: '阿达·洛夫莱斯是英国数学家和作家，以分析机方面的工作闻名。',
    };
    expect(findContradictions('资料说她是「英国数学家和画家」。', [evidence])).toMatchObject([{ kind: 'quote' }]);
    expect(findContradictions('资料说她是「英国数学家和作家」。', [evidence])).toEqual([]);
  });

  it('finds nothing without tool results', () => {
    expect(findContradictions('1234 × 56 = 69,140', [])).toEqual([]);
  });
});
