import { stringifyJson } from '../../json/deep-json.ts';

/** A column of a loaded table: its cleaned SQL name, the header it came from and its inferred type. */
export interface TableColumn {
  name: string;
  header: string;
  type: 'INTEGER' | 'REAL' | 'TEXT';
}

/** A cell value as SQLite stores it; an empty cell is NULL. */
export type Cell = string | number | null;

/** A data file parsed into a table: cleaned column names, inferred types and typed rows. */
export interface LoadedTable {
  name: string;
  columns: TableColumn[];
  rows: Cell[][];
}

/** The formats `query_data` reads. */
export type DataFormat = 'csv' | 'tsv' | 'json';

/** Words SQLite reserves; a column or table with such a name gets a trailing underscore so it needs no quoting. */
const RESERVED = new Set(
  (
    'abort action add after all alter analyze and as asc attach autoincrement before begin between by cascade case cast check collate column ' +
    'commit conflict constraint create cross current current_date current_time current_timestamp database default deferrable deferred delete ' +
    'desc detach distinct do drop each else end escape except exclusive exists explain fail filter following for foreign from full glob group ' +
    'groups having if ignore immediate in index indexed initially inner insert instead intersect into is isnull join key last left like limit ' +
    'match natural no not nothing notnull null of offset on or order others outer over partition plan pragma preceding primary query raise ' +
    'range recursive references regexp reindex release rename replace restrict returning right rollback row rows savepoint select set table ' +
    'temp temporary then ties to transaction trigger unbounded union unique update using vacuum values view virtual when where window with without'
  ).split(' '),
);

/** A header or file name as a valid SQL identifier: lower-case words joined by `_`, letters of any script kept. */
export function cleanIdentifier(raw: string, fallback: string): string {
  let name = raw
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '_')
    .replace(/^_+|_+$/gu, '');
  if (name === '') name = fallback;
  if (/^\p{N}/u.test(name)) name = `c_${name}`;
  if (RESERVED.has(name)) name = `${name}_`;
  return name;
}

/** The table name of a file: `sales.csv` → `sales`, `Q3 report (final).tsv` → `q3_report_final`. */
export function tableNameOf(fileName: string): string {
  return cleanIdentifier(fileName.replace(/\.[^.]+$/u, ''), 'data');
}

/** The format of an attached file from its name and type, or undefined when `query_data` cannot read it. */
export function dataFormatOf(name: string, mimeType: string): DataFormat | undefined {
  const extension = /\.([^.]+)$/u.exec(name)?.[1]?.toLowerCase() ?? '';
  if (extension === 'csv' || mimeType === 'text/csv') return 'csv';
  if (extension === 'tsv' || mimeType === 'text/tab-separated-values') return 'tsv';
  if (extension === 'json' || extension === 'jsonl' || mimeType === 'application/json') return 'json';
  return undefined;
}

/** Why a file could not become a table. */
export class TableLoadError extends Error {}

/** Parses delimited text (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, CRLF). */
export function parseDelimited(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const length = body.length;
  let row: string[] = [];
  let index = 0;
  while (index < length) {
    let field: string;
    if (body[index] === '"') {
      let value = '';
      let start = index + 1;
      for (;;) {
        const quote = body.indexOf('"', start);
        if (quote === -1) throw new TableLoadError(`a quoted field that opens near character ${index} is never closed`);
        value += body.slice(start, quote);
        if (body[quote + 1] === '"') {
          value += '"';
          start = quote + 2;
          continue;
        }
        index = quote + 1;
        break;
      }
      // Text between the closing quote and the delimiter is kept, as spreadsheets do.
      const end = nextBreak(body, index, delimiter);
      field = value + body.slice(index, end);
      index = end;
    } else {
      const end = nextBreak(body, index, delimiter);
      field = body.slice(index, end);
      index = end;
    }
    row.push(field);
    const separator = body[index];
    if (separator === delimiter) {
      index += 1;
      if (index === length) row.push('');
      continue;
    }
    if (separator === '\r') index += body[index + 1] === '\n' ? 2 : 1;
    else if (separator === '\n') index += 1;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return rows.filter((cells) => cells.length > 1 || (cells[0] ?? '').trim() !== '');
}

/** The index of the next delimiter or line break at or after `from`. */
function nextBreak(text: string, from: number, delimiter: string): number {
  let index = from;
  const length = text.length;
  while (index < length) {
    const character = text[index];
    if (character === delimiter || character === '\n' || character === '\r') return index;
    index += 1;
  }
  return length;
}

const INTEGER = /^[+-]?\d{1,15}$/u;
const REAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/u;

/** The type every non-empty value of a column fits: INTEGER, else REAL, else TEXT. A value with a leading zero stays text ("007"). */
function inferType(values: readonly string[]): TableColumn['type'] {
  let type: TableColumn['type'] = 'INTEGER';
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    if (/^[+-]?0\d/u.test(value)) return 'TEXT';
    if (type === 'INTEGER' && INTEGER.test(value)) continue;
    if (REAL.test(value)) type = 'REAL';
    else return 'TEXT';
  }
  return type;
}

/** Cleaned, unique column names for these headers. */
function columnNames(headers: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headers.map((header, index) => {
    const base = cleanIdentifier(header, `column_${index + 1}`);
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}_${count}`;
  });
}

function toCell(raw: string | undefined, type: TableColumn['type']): Cell {
  if (raw === undefined) return null;
  const value = type === 'TEXT' ? raw : raw.trim();
  if (value.trim() === '') return null;
  return type === 'TEXT' ? value : Number(value);
}

/** Builds a typed table from a header row and string rows (short rows are padded with NULL, extra cells dropped). */
export function tableFromStrings(
  name: string,
  headers: readonly string[],
  records: readonly (readonly string[])[],
): LoadedTable {
  if (headers.length === 0) throw new TableLoadError('it has no header row');
  const names = columnNames(headers);
  const columns: TableColumn[] = names.map((columnName, index) => ({
    name: columnName,
    header: (headers[index] ?? '').trim(),
    type: inferType(records.map((record) => record[index] ?? '')),
  }));
  const rows = records.map((record) => columns.map((column, index) => toCell(record[index], column.type)));
  return { name, columns, rows };
}

function jsonText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return stringifyJson(value) ?? '';
}

/** Reads a JSON array of objects (or JSON Lines, one object a line) as header + string rows. */
function parseJsonRecords(text: string): { headers: string[]; records: string[][] } {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch (error) {
    const lines = text.split(/\r?\n/u).filter((line) => line.trim() !== '');
    try {
      items = lines.map((line) => JSON.parse(line) as unknown);
    } catch {
      throw new TableLoadError(`it is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (!Array.isArray(items)) throw new TableLoadError('it is JSON but not an array of objects');
  const headers: string[] = [];
  const known = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new TableLoadError('it is a JSON array, but not every item is an object');
    for (const key of Object.keys(item)) {
      if (!known.has(key)) {
        known.add(key);
        headers.push(key);
      }
    }
  }
  const records = items.map((item: Record<string, unknown>) => headers.map((key) => jsonText(item[key])));
  return { headers, records };
}

/** Parses an attached file into a table named after it; throws {@link TableLoadError} with the reason when it cannot. */
export function loadTable(fileName: string, format: DataFormat, text: string): LoadedTable {
  const name = tableNameOf(fileName);
  if (format === 'json') {
    const { headers, records } = parseJsonRecords(text.replace(/^\uFEFF/u, ''));
    return tableFromStrings(name, headers, records);
  }
  const [headers, ...records] = parseDelimited(text, format === 'tsv' ? '\t' : ',');
  return tableFromStrings(name, headers ?? [], records);
}

/** How much of a file its column outline is inferred from (a query reads all of it). */
const OUTLINE_SAMPLE_CHARS = 256 * 1024;

/** The start of a file that is enough to read its columns: whole lines of delimited text, a small JSON file whole. */
function sampleOf(text: string, format: DataFormat): string | undefined {
  if (text.length <= OUTLINE_SAMPLE_CHARS) return text;
  if (format === 'json') return undefined;
  const end = text.lastIndexOf('\n', OUTLINE_SAMPLE_CHARS);
  return text.slice(0, end === -1 ? OUTLINE_SAMPLE_CHARS : end);
}

/** A file's columns and types inferred from its first rows, for the tool description; none when they cannot be read. */
export function outlineColumns(
  fileName: string,
  format: DataFormat,
  text: string,
): Pick<TableColumn, 'name' | 'type'>[] {
  const sample = sampleOf(text, format);
  if (sample === undefined) return [];
  try {
    return loadTable(fileName, format, sample).columns.map((column) => ({ name: column.name, type: column.type }));
  } catch (error) {
    if (error instanceof TableLoadError) return [];
    throw error;
  }
}
