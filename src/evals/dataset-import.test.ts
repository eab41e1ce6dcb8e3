import { describe, expect, it } from 'vitest';
import { csvRecords, parseDatasetFile } from './dataset-import.ts';

describe('CSV import', () => {
  it('reads quoted fields with commas, quotes, line breaks, CJK text and a BOM', () => {
    const text =
      '\uFEFFinput,expected,tags\r\n' +
      '"What is 2, plus 2?",4,math;easy\r\n' +
      '"He said ""hi""\nthen left","a\r\nb",\r\n' +
      '北京和上海的温差是多少？,5 度,天气\r\n';
    const read = parseDatasetFile(text, 'items.csv');
    expect(read.problems).toEqual([]);
    expect(read.items).toEqual([
      { input: 'What is 2, plus 2?', expected: '4', tags: ['math', 'easy'] },
      { input: 'He said "hi"\nthen left', expected: 'a\r\nb' },
      { input: '北京和上海的温差是多少？', expected: '5 度', tags: ['天气'] },
    ]);
  });

  it('reads a tools column of comma-separated names inside quotes', () => {
    const read = parseDatasetFile(
      'input,expected,tags,tools\n"(128+374)*2",1004,,"calculator, run_javascript"\n',
      'a.csv',
    );
    expect(read.items).toEqual([
      { input: '(128+374)*2', expected: '1004', tools: { called: ['calculator', 'run_javascript'] } },
    ]);
  });

  it('reports malformed lines by number and keeps the good ones', () => {
    const text = [
      'input,expected', // 1
      'good one,1', // 2
      'too,many,fields', // 3
      'bad "quote" here,2', // 4
      '"multi', // 5
      'line",3', // 6
      ',missing input', // 7
      '"closed" trailing,4', // 8
      'last good,5', // 9
    ].join('\n');
    const read = parseDatasetFile(text, 'items.csv');
    expect(read.items.map((entry) => entry.input)).toEqual(['good one', 'multi\nline', 'last good']);
    expect(read.problems).toEqual([
      { line: 3, key: 'import.fieldCount', values: { count: 3, expected: 2 } },
      { line: 4, key: 'import.strayQuote' },
      { line: 7, key: 'import.noInput' },
      { line: 8, key: 'import.strayQuote' },
    ]);
  });

  it('reports an unclosed quote by the line it starts on and goes on with the next line', () => {
    const read = parseDatasetFile('input,expected\n"never closed,1\nnext,2\n', 'items.csv');
    expect(read.problems[0]).toEqual({ line: 2, key: 'import.unclosedQuote' });
    expect(read.items).toEqual([{ input: 'next', expected: '2' }]);
  });

  it('refuses a header without an input column', () => {
    const read = parseDatasetFile('question,answer\nx,y\n', 'items.csv');
    expect(read.items).toEqual([]);
    expect(read.problems).toEqual([{ line: 1, key: 'import.noInputColumn' }]);
  });

  it('counts lines through quoted line breaks', () => {
    const records = [...csvRecords('a,b\n"1\n2\n3",x\nlast,y')];
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
  });
});

describe('JSONL import', () => {
  it('reads items with tags and tools in either form', () => {
    const text = [
      '{"input":"2+2","expected":"4","tags":["math"],"tools":["calculator"]}',
      '',
      '{"input":"天气","tools":{"notCalled":["search_web"],"maxSteps":3}}',
      '{"input":"n","expected":42}',
    ].join('\n');
    const read = parseDatasetFile(text, 'items.jsonl');
    expect(read.problems).toEqual([]);
    expect(read.items).toEqual([
      { input: '2+2', expected: '4', tags: ['math'], tools: { called: ['calculator'] } },
      { input: '天气', tools: { notCalled: ['search_web'], maxSteps: 3 } },
      { input: 'n', expected: '42' },
    ]);
  });

  it('reports each malformed line by number and keeps the rest', () => {
    const text = [
      '{"input":"ok 1"}',
      '{"input": broken',
      '["input"]',
      '{"expected":"no input"}',
      '{"input":"x","tags":[1]}',
      '{"input":"x","tools":{"maxSteps":-1}}',
      '{"input":"ok 2"}',
    ].join('\r\n');
    const read = parseDatasetFile(text, 'items.jsonl');
    expect(read.items.map((entry) => entry.input)).toEqual(['ok 1', 'ok 2']);
    expect(read.problems.map((problem) => [problem.line, problem.key])).toEqual([
      [2, 'import.notJson'],
      [3, 'import.notObject'],
      [4, 'import.noInput'],
      [5, 'import.badField'],
      [6, 'import.badField'],
    ]);
  });

  it('is chosen by content when the file name says nothing', () => {
    expect(parseDatasetFile('{"input":"a"}', 'items.txt').format).toBe('jsonl');
    expect(parseDatasetFile('input\na', 'items.txt').format).toBe('csv');
  });
});
