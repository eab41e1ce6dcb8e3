import type { ToolExpectations } from './eval-types.ts';

/** An item read from an imported file, before it gets an id and a dataset. */
export interface ImportedItem {
  input: string;
  expected?: string;
  tags?: string[];
  tools?: ToolExpectations;
}

/** Why a line of an imported file was left out: a key of the datasets dictionary and its values. */
export type ImportProblemKey =
  | 'import.notJson'
  | 'import.notObject'
  | 'import.noInput'
  | 'import.badField'
  | 'import.unclosedQuote'
  | 'import.strayQuote'
  | 'import.fieldCount'
  | 'import.noInputColumn';

/** One line that was left out, by its line number in the file (counting from 1). */
export interface ImportProblem {
  line: number;
  key: ImportProblemKey;
  values?: Record<string, string | number>;
}

/** What a file holds: the good items, in file order, and the lines left out. */
export interface DatasetImport {
  format: 'csv' | 'jsonl';
  items: ImportedItem[];
  problems: ImportProblem[];
}

/** The largest file the importer reads (it is read whole). */
export const MAX_DATASET_IMPORT_BYTES = 20 * 1024 * 1024;

/** Reads a CSV (`input,expected[,tags][,tools]` header) or JSONL file; JSONL when named so or its text starts with `{`. */
export function parseDatasetFile(text: string, fileName: string): DatasetImport {
  const body = text.replace(/^\uFEFF/u, '');
  const jsonl = /\.(jsonl|ndjson|json)$/iu.test(fileName) || body.trimStart().startsWith('{');
  return jsonl ? parseJsonl(body) : parseCsv(body);
}

/** Tags from a `;`-separated text or a list: trimmed, without empties and repeats. */
export function splitTags(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(';') : value;
  return [...new Set(parts.map((tag) => tag.trim()).filter(Boolean))];
}

/** Tool names from a comma-separated text: trimmed, without empties and repeats. */
export function splitToolNames(value: string): string[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

function item(input: string, expected: string | undefined, tags: string[], tools: string[] | ToolExpectations) {
  const read: ImportedItem = { input };
  if (expected !== undefined && expected !== '') read.expected = expected;
  if (tags.length > 0) read.tags = tags;
  if (Array.isArray(tools)) {
    if (tools.length > 0) read.tools = { called: tools };
  } else if (Object.keys(tools).length > 0) read.tools = tools;
  return read;
}

// ---------------------------------------------------------------- JSONL

function parseJsonl(text: string): DatasetImport {
  const items: ImportedItem[] = [];
  const problems: ImportProblem[] = [];
  text.split(/\r?\n/u).forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      problems.push({ line, key: 'import.notJson', values: { reason: error instanceof Error ? error.message : '' } });
      return;
    }
    const read = readJsonItem(value);
    if ('key' in read) problems.push({ line, ...read });
    else items.push(read.item);
  });
  return { format: 'jsonl', items, problems };
}

type ItemOrProblem = { item: ImportedItem } | Omit<ImportProblem, 'line'>;

function readJsonItem(value: unknown): ItemOrProblem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { key: 'import.notObject' };
  const record = value as Record<string, unknown>;
  if (typeof record.input !== 'string' || !record.input.trim()) return { key: 'import.noInput' };
  const { expected, tags, tools } = record;
  if (expected !== undefined && expected !== null && typeof expected !== 'string' && typeof expected !== 'number') {
    return { key: 'import.badField', values: { field: 'expected' } };
  }
  const readTags = readJsonTags(tags);
  if (!readTags) return { key: 'import.badField', values: { field: 'tags' } };
  const readTools = readJsonTools(tools);
  if (!readTools) return { key: 'import.badField', values: { field: 'tools' } };
  const expectedText = expected === undefined || expected === null ? undefined : String(expected);
  return { item: item(record.input, expectedText, readTags, readTools) };
}

function readJsonTags(tags: unknown): string[] | undefined {
  if (tags === undefined || tags === null) return [];
  if (typeof tags === 'string') return splitTags(tags);
  if (Array.isArray(tags) && tags.every((tag) => typeof tag === 'string')) return splitTags(tags);
  return undefined;
}

const isNames = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((name) => typeof name === 'string' && name.trim() !== '');

/** `["calculator"]` (must be called), `"a, b"`, or the full expectations object. */
function readJsonTools(tools: unknown): string[] | ToolExpectations | undefined {
  if (tools === undefined || tools === null) return [];
  if (typeof tools === 'string') return splitToolNames(tools);
  if (isNames(tools)) return tools.map((name) => name.trim());
  if (typeof tools !== 'object' || Array.isArray(tools)) return undefined;
  const { called, notCalled, calledWith, inOrder, maxSteps } = tools as Record<string, unknown>;
  const read: ToolExpectations = {};
  for (const [key, names] of [
    ['called', called],
    ['notCalled', notCalled],
    ['inOrder', inOrder],
  ] as const) {
    if (names === undefined) continue;
    if (!isNames(names)) return undefined;
    read[key] = names;
  }
  if (calledWith !== undefined) {
    if (typeof calledWith !== 'object' || calledWith === null || Array.isArray(calledWith)) return undefined;
    if (!Object.values(calledWith).every((text) => typeof text === 'string')) return undefined;
    read.calledWith = calledWith as Record<string, string>;
  }
  if (maxSteps !== undefined) {
    if (typeof maxSteps !== 'number' || !Number.isInteger(maxSteps) || maxSteps < 0) return undefined;
    read.maxSteps = maxSteps;
  }
  return read;
}

// ---------------------------------------------------------------- CSV (RFC 4180)

/** One CSV record and the line it starts on, or why it could not be read. */
type CsvRecord = { line: number; fields: string[] } | { line: number; key: ImportProblemKey };

const COLUMNS = ['input', 'expected', 'tags', 'tools'] as const;

function parseCsv(text: string): DatasetImport {
  const items: ImportedItem[] = [];
  const problems: ImportProblem[] = [];
  let header: (string | undefined)[] | undefined;
  for (const record of csvRecords(text)) {
    if ('key' in record) {
      problems.push({ line: record.line, key: record.key });
      if (!header) break;
      continue;
    }
    if (!header) {
      header = record.fields.map((name) => {
        const column = name.trim().toLowerCase();
        return (COLUMNS as readonly string[]).includes(column) ? column : undefined;
      });
      if (!header.includes('input')) {
        problems.push({ line: record.line, key: 'import.noInputColumn' });
        break;
      }
      continue;
    }
    if (record.fields.length !== header.length) {
      const values = { count: record.fields.length, expected: header.length };
      problems.push({ line: record.line, key: 'import.fieldCount', values });
      continue;
    }
    const row = new Map(header.map((column, index) => [column, record.fields[index] ?? '']));
    const input = row.get('input') ?? '';
    if (!input.trim()) {
      problems.push({ line: record.line, key: 'import.noInput' });
      continue;
    }
    items.push(
      item(input, row.get('expected'), splitTags(row.get('tags') ?? ''), splitToolNames(row.get('tools') ?? '')),
    );
  }
  return { format: 'csv', items, problems };
}

/**
 * The records of a CSV text (RFC 4180: fields in double quotes may hold commas, line breaks and `""` for a quote;
 * CRLF or LF). Blank lines are skipped. A record with an unclosed quote or a quote inside an unquoted field is
 * reported by the line it starts on, and reading goes on at the next line.
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  let position = 0;
  let line = 1;
  while (position < text.length) {
    const read = readRecord(text, position, line);
    if ('key' in read) {
      yield { line, key: read.key };
      // Go on after the line the bad record starts on.
      const next = text.indexOf('\n', position);
      position = next === -1 ? text.length : next + 1;
      line += 1;
      continue;
    }
    if (!(read.fields.length === 1 && read.fields[0] === '' && !read.quoted)) yield { line, fields: read.fields };
    position = read.end;
    line = read.nextLine;
  }
}

interface ReadRecord {
  fields: string[];
  quoted: boolean;
  end: number;
  nextLine: number;
}

function readRecord(text: string, start: number, startLine: number): ReadRecord | { key: ImportProblemKey } {
  const fields: string[] = [];
  let position = start;
  let line = startLine;
  let quoted = false;
  for (;;) {
    let value = '';
    if (text[position] === '"') {
      quoted = true;
      position += 1;
      for (;;) {
        const close = text.indexOf('"', position);
        if (close === -1) return { key: 'import.unclosedQuote' };
        value += text.slice(position, close);
        position = close + 1;
        if (text[position] !== '"') break;
        value += '"';
        position += 1;
      }
      line += countNewlines(value);
      const after = text[position];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') return { key: 'import.strayQuote' };
    } else {
      let end = position;
      while (end < text.length && text[end] !== ',' && text[end] !== '\n' && text[end] !== '\r') end += 1;
      value = text.slice(position, end);
      if (value.includes('"')) return { key: 'import.strayQuote' };
      position = end;
    }
    fields.push(value);
    const separator = text[position];
    if (separator === ',') {
      position += 1;
      continue;
    }
    if (separator === '\r') position += 1;
    if (text[position] === '\n') position += 1;
    return { fields, quoted, end: position, nextLine: line + 1 };
  }
}

function countNewlines(value: string): number {
  let count = 0;
  for (let index = value.indexOf('\n'); index !== -1; index = value.indexOf('\n', index + 1)) count += 1;
  return count;
}
