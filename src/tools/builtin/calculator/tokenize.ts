import { ToolError } from '../../tool-error.ts';

/** One lexical token of an arithmetic expression; `position` is 1-based. */
export interface Token {
  type: 'number' | 'name' | 'operator' | 'left-paren' | 'right-paren' | 'comma' | 'end';
  text: string;
  position: number;
  /** The numeric value of a `number` token. */
  value?: number;
}

/** Longest expression the calculator accepts. */
export const MAX_EXPRESSION_LENGTH = 2000;

// Characters that people (and models writing Chinese) use for ASCII arithmetic; each maps to one character,
// so positions in error messages still point into the original input.
const EQUIVALENT_CHARACTERS: Record<string, string> = {
  '×': '*',
  '✕': '*',
  '⋅': '*',
  '·': '*',
  '÷': '/',
  '−': '-',
  '（': '(',
  '）': ')',
  '＋': '+',
  '－': '-',
  '＊': '*',
  '／': '/',
  '％': '%',
  '＾': '^',
  '，': ',',
  '．': '.',
  '\u3000': ' ',
};

/** Maps full-width digits/letters/operators and ×, ÷ to their ASCII equivalents, one character for one. */
export function normalizeExpression(input: string): string {
  let output = '';
  for (const character of input) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0xff10 && code <= 0xff19) output += String.fromCharCode(code - 0xff10 + 48);
    else if ((code >= 0xff21 && code <= 0xff3a) || (code >= 0xff41 && code <= 0xff5a))
      output += String.fromCharCode(code - 0xfee0);
    else output += EQUIVALENT_CHARACTERS[character] ?? character;
  }
  return output;
}

const NUMBER_PATTERN = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NAME_PATTERN = /[A-Za-z_π][A-Za-z0-9_]*/y;

/** Splits an expression into tokens; throws a `ToolError` naming the first character it cannot read. */
export function tokenize(input: string): Token[] {
  if (input.length > MAX_EXPRESSION_LENGTH) {
    throw new ToolError(`Expression is too long (${input.length} characters; the limit is ${MAX_EXPRESSION_LENGTH}).`);
  }
  const source = normalizeExpression(input);
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const character = source[index] ?? '';
    const position = index + 1;
    if (/\s/.test(character)) {
      index += 1;
      continue;
    }
    NUMBER_PATTERN.lastIndex = index;
    const numberMatch = NUMBER_PATTERN.exec(source);
    if (numberMatch) {
      const text = numberMatch[0];
      const value = Number(text);
      if (!Number.isFinite(value)) throw new ToolError(`Number '${text}' at position ${position} is too large.`);
      tokens.push({ type: 'number', text, position, value });
      index += text.length;
      continue;
    }
    NAME_PATTERN.lastIndex = index;
    const nameMatch = NAME_PATTERN.exec(source);
    if (nameMatch) {
      tokens.push({ type: 'name', text: nameMatch[0], position });
      index += nameMatch[0].length;
      continue;
    }
    if (character === '*' && source[index + 1] === '*') {
      tokens.push({ type: 'operator', text: '**', position });
      index += 2;
      continue;
    }
    if ('+-*/%^'.includes(character)) tokens.push({ type: 'operator', text: character, position });
    else if (character === '(') tokens.push({ type: 'left-paren', text: character, position });
    else if (character === ')') tokens.push({ type: 'right-paren', text: character, position });
    else if (character === ',') tokens.push({ type: 'comma', text: character, position });
    else {
      const shown = String.fromCodePoint(source.codePointAt(index) ?? 0);
      throw new ToolError(`Unexpected character '${shown}' at position ${position}.${characterHint(character)}`);
    }
    index += 1;
  }
  tokens.push({ type: 'end', text: 'end of expression', position: source.length + 1 });
  return tokens;
}

function characterHint(character: string): string {
  if (character === '=') return ' Write only the expression, without "=".';
  if (character === '!') return ' Factorials are not supported.';
  if (character === '.') return ' Property access is not supported; use functions like sqrt(x).';
  if (character === "'" || character === '"' || character === '`') return ' Strings are not supported; only numbers.';
  return ' Only numbers, + - * / % ** ^, parentheses, commas and function/constant names are allowed.';
}
