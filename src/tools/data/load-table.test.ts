import { describe, expect, it } from 'vitest';
import { cleanIdentifier, dataFormatOf, loadTable, parseDelimited, tableNameOf, TableLoadError } from './load-table.ts';

describe('loadTable', () => {
  it('reads quoted CSV: delimiters, doubled quotes and line breaks inside quotes, CRLF', () => {
    const text = 'name,comment,amount\r\n"Smith, Jo","said ""hi""",12\r\n"Lee","two\r\nlines",3.5\r\n';
    const table = loadTable('sales.csv', 'csv', text);
    expect(table.name).toBe('sales');
    expect(table.columns).toEqual([
      { name: 'name', header: 'name', type: 'TEXT' },
      { name: 'comment', header: 'comment', type: 'TEXT' },
      { name: 'amount', header: 'amount', type: 'REAL' },
    ]);
    expect(table.rows).toEqual([
      ['Smith, Jo', 'said "hi"', 12],
      ['Lee', 'two\r\nlines', 3.5],
    ]);
  });

  it('drops a byte-order mark so the first header is clean', () => {
    const table = loadTable('bom.csv', 'csv', '\uFEFFid,value\n1,2\n');
    expect(table.columns.map((column) => column.name)).toEqual(['id', 'value']);
    expect(table.rows).toEqual([[1, 2]]);
  });

  it('keeps Chinese headers as names and cleans spaces, punctuation, duplicates and reserved words', () => {
    const table = loadTable('销售 数据.csv', 'csv', '地区,销售额 (元),Order,order,2024 total,\n华东,100,1,2,3,x\n');
    expect(table.name).toBe('销售_数据');
    expect(table.columns.map((column) => column.name)).toEqual([
      '地区',
      '销售额_元',
      'order_',
      'order__2',
      'c_2024_total',
      'column_6',
    ]);
    expect(table.columns.map((column) => column.header)).toEqual([
      '地区',
      '销售额 (元)',
      'Order',
      'order',
      '2024 total',
      '',
    ]);
    expect(table.rows[0]).toEqual(['华东', 100, 1, 2, 3, 'x']);
  });

  it('reads empty cells and missing trailing cells as NULL without changing the column type', () => {
    const table = loadTable('gaps.csv', 'csv', 'a,b,c\n1,,x\n,2.5\n3,4,\n');
    expect(table.columns.map((column) => column.type)).toEqual(['INTEGER', 'REAL', 'TEXT']);
    expect(table.rows).toEqual([
      [1, null, 'x'],
      [null, 2.5, null],
      [3, 4, null],
    ]);
  });

  it('keeps codes with leading zeros as text', () => {
    const table = loadTable('codes.csv', 'csv', 'zip,n\n007,1\n010,2\n');
    expect(table.columns.map((column) => column.type)).toEqual(['TEXT', 'INTEGER']);
    expect(table.rows).toEqual([
      ['007', 1],
      ['010', 2],
    ]);
  });

  it('reads TSV and a JSON array of objects (keys of later items become columns too)', () => {
    expect(loadTable('t.tsv', 'tsv', 'a\tb\n1\tx y\n').rows).toEqual([[1, 'x y']]);
    const json = loadTable(
      'people.json',
      'json',
      JSON.stringify([
        { name: 'Ann', age: 30 },
        { name: 'Bo', city: 'Oslo', tags: ['a'] },
      ]),
    );
    expect(json.columns.map((column) => `${column.name} ${column.type}`)).toEqual([
      'name TEXT',
      'age INTEGER',
      'city TEXT',
      'tags TEXT',
    ]);
    expect(json.rows).toEqual([
      ['Ann', 30, null, null],
      ['Bo', null, 'Oslo', '["a"]'],
    ]);
  });

  it('explains a file that is not a table', () => {
    expect(() => loadTable('x.json', 'json', '{"a": 1}')).toThrow(TableLoadError);
    expect(() => loadTable('x.json', 'json', '[1, 2]')).toThrow(/not every item is an object/u);
    expect(() => loadTable('x.csv', 'csv', 'a,b\n"open,1\n')).toThrow(/never closed/u);
    expect(() => loadTable('x.csv', 'csv', '')).toThrow(/no header row/u);
  });

  it('loads a 10 MB CSV whole, every row typed', () => {
    const lines = ['id,region,amount,note'];
    const regions = ['North', 'South', 'East', 'West'];
    let size = lines[0]?.length ?? 0;
    for (let index = 0; size < 10 * 1024 * 1024; index += 1) {
      const line = `${index},${regions[index % 4]},${(index % 1000) / 10},"row ${index}, quoted"`;
      lines.push(line);
      size += line.length + 1;
    }
    const table = loadTable('big.csv', 'csv', lines.join('\n'));
    expect(table.rows).toHaveLength(lines.length - 1);
    expect(table.columns.map((column) => column.type)).toEqual(['INTEGER', 'TEXT', 'REAL', 'TEXT']);
    expect(table.rows.at(-1)?.[0]).toBe(lines.length - 2);
    expect(table.rows[1]).toEqual([1, 'South', 0.1, 'row 1, quoted']);
  });
});

describe('names and formats', () => {
  it('names a table after its file', () => {
    expect(tableNameOf('sales.csv')).toBe('sales');
    expect(tableNameOf('Q3 Report (final).tsv')).toBe('q3_report_final');
    expect(tableNameOf('2024.json')).toBe('c_2024');
    expect(tableNameOf('select.csv')).toBe('select_');
    expect(cleanIdentifier('  ', 'column_1')).toBe('column_1');
  });

  it('knows which attachments are data files', () => {
    expect(dataFormatOf('a.csv', 'text/csv')).toBe('csv');
    expect(dataFormatOf('a.TSV', 'text/plain')).toBe('tsv');
    expect(dataFormatOf('a.jsonl', 'application/jsonl')).toBe('json');
    expect(dataFormatOf('notes.md', 'text/markdown')).toBeUndefined();
  });

  it('skips blank lines between records', () => {
    expect(parseDelimited('a,b\n\n1,2\n\n', ',')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });
});
