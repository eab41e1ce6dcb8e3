/** Where a JSON text stops being valid, in words a model can act on. */
export interface JsonSyntaxProblem {
  /** 0-based offset into the scanned text. */
  position: number;
  line: number;
  column: number;
  /** e.g. `expected ',' or '}' after a property value, found '"'` */
  problem: string;
}

/** The end of the first complete JSON value in `text`, or where and why it is not valid JSON. */
export type JsonScanResult = { ok: true; end: number } | ({ ok: false } & JsonSyntaxProblem);

/** The deepest nesting a reply's JSON may have. */
export const MAX_JSON_DEPTH = 256;

class ScanFailure {
  constructor(
    readonly position: number,
    readonly problem: string,
  ) {}
}

/** Scans one JSON value starting at `start` (after optional whitespace) without building it. */
export function scanJsonValue(text: string, start = 0): JsonScanResult {
  const scanner = new JsonScanner(text, start);
  try {
    scanner.scanValue(0);
    return { ok: true, end: scanner.index };
  } catch (error) {
    if (!(error instanceof ScanFailure)) throw error;
    const { line, column } = lineAndColumn(text, error.position);
    return { ok: false, position: error.position, line, column, problem: error.problem };
  }
}

/** A cursor over the text; each method consumes one kind of JSON value or throws a ScanFailure. */
class JsonScanner {
  constructor(
    private readonly text: string,
    public index: number,
  ) {}

  private char(offset = 0): string | undefined {
    return this.text[this.index + offset];
  }

  private found(): string {
    return this.index >= this.text.length ? 'found the end of the text' : `found ${quote(this.char() as string)}`;
  }

  private fail(expected: string): never {
    if (this.index >= this.text.length)
      throw new ScanFailure(this.index, `unexpected end of the text: the JSON is incomplete (${expected})`);
    throw new ScanFailure(this.index, `${expected}, ${this.found()}`);
  }

  private skipWhitespace(): void {
    while (this.index < this.text.length && ' \t\n\r'.includes(this.char() as string)) this.index += 1;
  }

  scanValue(depth: number): void {
    if (depth > MAX_JSON_DEPTH) this.fail(`the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
    this.skipWhitespace();
    const char = this.char();
    if (char === '{') this.scanObject(depth);
    else if (char === '[') this.scanArray(depth);
    else if (char === '"') this.scanString();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) this.scanNumber();
    else if (char === 't') this.scanLiteral('true');
    else if (char === 'f') this.scanLiteral('false');
    else if (char === 'n') this.scanLiteral('null');
    else this.fail('expected a value (object, array, string, number, true, false or null)');
  }

  private scanString(): void {
    this.index += 1; // opening quote
    while (this.index < this.text.length) {
      const char = this.char() as string;
      if (char === '"') {
        this.index += 1;
        return;
      }
      if (char === '\\') {
        this.scanEscape();
        continue;
      }
      if (char.charCodeAt(0) < 0x20)
        this.fail('a line break or control character inside a string must be escaped (write \\n)');
      this.index += 1;
    }
    this.fail('the string is not closed with a double quote');
  }

  private scanEscape(): void {
    const escape = this.char(1);
    if (escape === undefined) {
      this.index += 1;
      this.fail('expected an escape character after a backslash');
    }
    if (escape === 'u') {
      const hex = this.text.slice(this.index + 2, this.index + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
        this.index += 2;
        this.fail('expected four hex digits after \\u');
      }
      this.index += 6;
      return;
    }
    if (!'"\\/bfnrt'.includes(escape)) {
      this.index += 1;
      this.fail('expected a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
    }
    this.index += 2;
  }

  private scanDigits(what: string): void {
    const begin = this.index;
    while (this.index < this.text.length && /[0-9]/.test(this.char() as string)) this.index += 1;
    if (this.index === begin) this.fail(`expected a digit ${what}`);
  }

  private scanNumber(): void {
    if (this.char() === '-') this.index += 1;
    if (this.char() === '0') this.index += 1;
    else this.scanDigits('in the number');
    if (this.char() === '.') {
      this.index += 1;
      this.scanDigits('after the decimal point');
    }
    if (this.char() === 'e' || this.char() === 'E') {
      this.index += 1;
      if (this.char() === '+' || this.char() === '-') this.index += 1;
      this.scanDigits('in the exponent');
    }
  }

  private scanLiteral(literal: string): void {
    if (this.text.startsWith(literal, this.index)) {
      this.index += literal.length;
      return;
    }
    this.fail(`expected a value (object, array, string, number, true, false or null)`);
  }

  private scanObject(depth: number): void {
    this.scanItems('}', 'property', () => {
      if (this.char() !== '"') {
        if (this.char() === "'") this.fail('expected a property name in double quotes (single quotes are not JSON)');
        this.fail('expected a property name in double quotes');
      }
      this.scanString();
      this.skipWhitespace();
      if (this.char() !== ':') this.fail("expected ':' after the property name");
      this.index += 1;
      this.scanValue(depth + 1);
    });
  }

  private scanArray(depth: number): void {
    this.scanItems(']', 'item', () => this.scanValue(depth + 1));
  }

  /** The items of an object or array after its opening bracket, separated by commas, up to `close`. */
  private scanItems(close: '}' | ']', noun: 'property' | 'item', scanItem: () => void): void {
    this.index += 1;
    this.skipWhitespace();
    if (this.char() === close) {
      this.index += 1;
      return;
    }
    const after = noun === 'property' ? 'a property value' : 'an array item';
    for (;;) {
      scanItem();
      this.skipWhitespace();
      if (this.char() === close) {
        this.index += 1;
        return;
      }
      if (this.char() !== ',') this.fail(`expected ',' or '${close}' after ${after}`);
      this.index += 1;
      this.skipWhitespace();
      if (this.char() === close) this.fail(`expected another ${noun} after the comma (trailing commas are not JSON)`);
    }
  }
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1) ?? '').length + 1 };
}

function quote(char: string): string {
  if (char === '\n') return 'a line break';
  if (char === '\t') return 'a tab';
  return `'${char}'`;
}
