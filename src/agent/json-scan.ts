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
  let index = start;

  const found = (): string =>
    index >= text.length ? 'found the end of the text' : `found ${quote(text[index] as string)}`;
  const fail = (expected: string): never => {
    if (index >= text.length)
      throw new ScanFailure(index, `unexpected end of the text: the JSON is incomplete (${expected})`);
    throw new ScanFailure(index, `${expected}, ${found()}`);
  };
  const skipWhitespace = (): void => {
    while (index < text.length && ' \t\n\r'.includes(text[index] as string)) index += 1;
  };

  const scanString = (): void => {
    index += 1; // opening quote
    while (index < text.length) {
      const char = text[index] as string;
      if (char === '"') {
        index += 1;
        return;
      }
      if (char === '\\') {
        const escape = text[index + 1];
        if (escape === undefined) {
          index += 1;
          return fail('expected an escape character after a backslash');
        }
        if (escape === 'u') {
          const hex = text.slice(index + 2, index + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
            index += 2;
            fail('expected four hex digits after \\u');
          }
          index += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(escape)) {
          index += 1;
          fail('expected a valid escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)');
        }
        index += 2;
        continue;
      }
      if (char.charCodeAt(0) < 0x20)
        fail('a line break or control character inside a string must be escaped (write \\n)');
      index += 1;
    }
    fail('the string is not closed with a double quote');
  };

  const scanDigits = (what: string): void => {
    const begin = index;
    while (index < text.length && /[0-9]/.test(text[index] as string)) index += 1;
    if (index === begin) fail(`expected a digit ${what}`);
  };

  const scanNumber = (): void => {
    if (text[index] === '-') index += 1;
    if (text[index] === '0') index += 1;
    else scanDigits('in the number');
    if (text[index] === '.') {
      index += 1;
      scanDigits('after the decimal point');
    }
    if (text[index] === 'e' || text[index] === 'E') {
      index += 1;
      if (text[index] === '+' || text[index] === '-') index += 1;
      scanDigits('in the exponent');
    }
  };

  const scanLiteral = (literal: string): void => {
    if (text.startsWith(literal, index)) {
      index += literal.length;
      return;
    }
    fail(`expected a value (object, array, string, number, true, false or null)`);
  };

  const scanObject = (depth: number): void => {
    index += 1;
    skipWhitespace();
    if (text[index] === '}') {
      index += 1;
      return;
    }
    for (;;) {
      if (text[index] !== '"') {
        if (text[index] === "'") fail('expected a property name in double quotes (single quotes are not JSON)');
        fail('expected a property name in double quotes');
      }
      scanString();
      skipWhitespace();
      if (text[index] !== ':') fail("expected ':' after the property name");
      index += 1;
      scanValue(depth + 1);
      skipWhitespace();
      if (text[index] === '}') {
        index += 1;
        return;
      }
      if (text[index] !== ',') fail("expected ',' or '}' after a property value");
      index += 1;
      skipWhitespace();
      if (text[index] === '}') fail('expected another property after the comma (trailing commas are not JSON)');
    }
  };

  const scanArray = (depth: number): void => {
    index += 1;
    skipWhitespace();
    if (text[index] === ']') {
      index += 1;
      return;
    }
    for (;;) {
      scanValue(depth + 1);
      skipWhitespace();
      if (text[index] === ']') {
        index += 1;
        return;
      }
      if (text[index] !== ',') fail("expected ',' or ']' after an array item");
      index += 1;
      skipWhitespace();
      if (text[index] === ']') fail('expected another item after the comma (trailing commas are not JSON)');
    }
  };

  function scanValue(depth: number): void {
    if (depth > MAX_JSON_DEPTH) fail(`the JSON is nested more than ${MAX_JSON_DEPTH} levels deep`);
    skipWhitespace();
    const char = text[index];
    if (char === '{') scanObject(depth);
    else if (char === '[') scanArray(depth);
    else if (char === '"') scanString();
    else if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) scanNumber();
    else if (char === 't') scanLiteral('true');
    else if (char === 'f') scanLiteral('false');
    else if (char === 'n') scanLiteral('null');
    else fail('expected a value (object, array, string, number, true, false or null)');
  }

  try {
    scanValue(0);
    return { ok: true, end: index };
  } catch (error) {
    if (!(error instanceof ScanFailure)) throw error;
    const { line, column } = lineAndColumn(text, error.position);
    return { ok: false, position: error.position, line, column, problem: error.problem };
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
