import { ToolError } from '../../tool-error.ts';
import { tokenize, type Token } from './tokenize.ts';

/** A binary arithmetic operator after normalisation (`^` becomes `**`). */
export type BinaryOperator = '+' | '-' | '*' | '/' | '%' | '**';

/** The syntax tree of an arithmetic expression; positions are 1-based. */
export type ExpressionNode =
  | { type: 'number'; value: number; text: string; position: number }
  | { type: 'name'; name: string; position: number }
  | { type: 'call'; name: string; arguments: ExpressionNode[]; position: number }
  | { type: 'unary'; operator: '+' | '-'; operand: ExpressionNode; position: number }
  | { type: 'binary'; operator: BinaryOperator; left: ExpressionNode; right: ExpressionNode; position: number };

/** Deepest nesting of parentheses, calls and unary signs the parser accepts. */
export const MAX_NESTING_DEPTH = 100;

/**
 * Parses an arithmetic expression into a tree. Precedence, loosest first: `+ -`, `* / %`, unary `-`/`+`,
 * `**`/`^` (right-associative, so `2**3**2` is 512 and `-2**2` is -4). Throws a `ToolError` with the position.
 */
export function parseExpression(input: string): ExpressionNode {
  const parser = new Parser(tokenize(input));
  return parser.parseWhole();
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parseWhole(): ExpressionNode {
    if (this.peek().type === 'end') throw new ToolError('The expression is empty.');
    const node = this.parseAdditive();
    const next = this.peek();
    if (next.type !== 'end') throw unexpected(next);
    return node;
  }

  private parseAdditive(): ExpressionNode {
    let left = this.parseMultiplicative();
    for (;;) {
      const token = this.peek();
      if (token.type !== 'operator' || (token.text !== '+' && token.text !== '-')) return left;
      this.index += 1;
      const right = this.parseMultiplicative();
      left = { type: 'binary', operator: token.text, left, right, position: token.position };
    }
  }

  private parseMultiplicative(): ExpressionNode {
    let left = this.parseUnary();
    for (;;) {
      const token = this.peek();
      if (token.type !== 'operator' || (token.text !== '*' && token.text !== '/' && token.text !== '%')) return left;
      this.index += 1;
      const right = this.parseUnary();
      left = { type: 'binary', operator: token.text, left, right, position: token.position };
    }
  }

  private parseUnary(): ExpressionNode {
    const token = this.peek();
    if (token.type === 'operator' && (token.text === '-' || token.text === '+')) {
      this.index += 1;
      const operand = this.nested(() => this.parseUnary());
      return { type: 'unary', operator: token.text, operand, position: token.position };
    }
    return this.parsePower();
  }

  private parsePower(): ExpressionNode {
    const base = this.parsePrimary();
    const token = this.peek();
    if (token.type === 'operator' && (token.text === '**' || token.text === '^')) {
      this.index += 1;
      // The exponent may carry its own sign (2 ** -1) and is itself a power, which makes ** right-associative.
      const exponent = this.nested(() => this.parseUnary());
      return { type: 'binary', operator: '**', left: base, right: exponent, position: token.position };
    }
    return base;
  }

  private parsePrimary(): ExpressionNode {
    const token = this.next();
    switch (token.type) {
      case 'number':
        return { type: 'number', value: token.value ?? Number(token.text), text: token.text, position: token.position };
      case 'name': {
        const name = token.text === 'π' ? 'pi' : token.text.toLowerCase();
        if (this.peek().type !== 'left-paren') return { type: 'name', name, position: token.position };
        this.index += 1;
        const callArguments = this.nested(() => this.parseArguments());
        return { type: 'call', name, arguments: callArguments, position: token.position };
      }
      case 'left-paren': {
        const inner = this.nested(() => this.parseAdditive());
        this.expectRightParen(token);
        return inner;
      }
      case 'end':
        throw new ToolError(
          `The expression ends too early: a number, name or '(' is missing at position ${token.position}.`,
        );
      default:
        throw unexpected(token);
    }
  }

  private parseArguments(): ExpressionNode[] {
    const open = this.tokens[this.index - 1] as Token;
    const callArguments: ExpressionNode[] = [];
    if (this.peek().type === 'right-paren') {
      this.index += 1;
      return callArguments;
    }
    for (;;) {
      callArguments.push(this.parseAdditive());
      if (this.peek().type === 'comma') {
        this.index += 1;
        continue;
      }
      this.expectRightParen(open);
      return callArguments;
    }
  }

  private expectRightParen(open: Token): void {
    const token = this.peek();
    if (token.type === 'right-paren') {
      this.index += 1;
      return;
    }
    if (token.type === 'end') throw new ToolError(`Missing ')' to close the '(' at position ${open.position}.`);
    throw unexpected(token);
  }

  private nested<T>(parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_NESTING_DEPTH)
      throw new ToolError(`The expression is nested too deeply (more than ${MAX_NESTING_DEPTH} levels).`);
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }

  private peek(): Token {
    return this.tokens[this.index] ?? this.endToken();
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private endToken(): Token {
    return this.tokens[this.tokens.length - 1] as Token;
  }
}

/** The error for a token that cannot follow a complete operand. */
function unexpected(token: Token): ToolError {
  if (token.type === 'number' || token.type === 'name' || token.type === 'left-paren') {
    return new ToolError(`Missing operator before '${token.text}' at position ${token.position} (use * to multiply).`);
  }
  if (token.type === 'comma') {
    return new ToolError(
      `Unexpected ',' at position ${token.position}: commas only separate function arguments (write numbers without thousands separators).`,
    );
  }
  return new ToolError(`Unexpected token '${token.text}' at position ${token.position}.`);
}
