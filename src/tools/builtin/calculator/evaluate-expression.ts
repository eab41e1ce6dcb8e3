import { ToolError } from '../../tool-error.ts';
import { MATH_CONSTANTS, MATH_FUNCTIONS } from './math-functions.ts';
import type { ExpressionNode } from './parse-expression.ts';

/** Computes the value of a parsed expression; division by zero and non-finite results throw a `ToolError`. */
export function evaluateExpression(node: ExpressionNode): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'name':
      return lookUpConstant(node.name, node.position);
    case 'unary': {
      const operand = evaluateExpression(node.operand);
      return node.operator === '-' ? -operand : operand;
    }
    case 'binary':
      return evaluateBinary(node);
    case 'call':
      return evaluateCall(node);
  }
}

function evaluateBinary(node: Extract<ExpressionNode, { type: 'binary' }>): number {
  const left = evaluateExpression(node.left);
  const right = evaluateExpression(node.right);
  switch (node.operator) {
    case '+':
      return finite(left + right, `${show(left)} + ${show(right)}`);
    case '-':
      return finite(left - right, `${show(left)} - ${show(right)}`);
    case '*':
      return finite(left * right, `${show(left)} * ${show(right)}`);
    case '/':
      if (right === 0) throw new ToolError(`Division by zero at position ${node.position}.`);
      return finite(left / right, `${show(left)} / ${show(right)}`);
    case '%':
      if (right === 0)
        throw new ToolError(`Division by zero (remainder of ${show(left)} % 0) at position ${node.position}.`);
      return finite(left % right, `${show(left)} % ${show(right)}`);
    case '**':
      if (left === 0 && right < 0)
        throw new ToolError(`Division by zero (0 raised to a negative power) at position ${node.position}.`);
      return finite(left ** right, `${show(left)} ** ${show(right)}`);
  }
}

function evaluateCall(node: Extract<ExpressionNode, { type: 'call' }>): number {
  const definition = MATH_FUNCTIONS.get(node.name);
  if (!definition) {
    if (MATH_CONSTANTS.has(node.name)) {
      throw new ToolError(`'${node.name}' at position ${node.position} is a constant, not a function.`);
    }
    throw new ToolError(
      `Unknown function '${node.name}' at position ${node.position}. Available functions: ${[...MATH_FUNCTIONS.keys()].join(', ')}.`,
    );
  }
  const count = node.arguments.length;
  if (count < definition.minArguments || count > definition.maxArguments) {
    throw new ToolError(
      `${node.name} takes ${describeArity(definition.minArguments, definition.maxArguments)}, got ${count}: use ${definition.usage}.`,
    );
  }
  const values = node.arguments.map(evaluateExpression);
  if (node.name === 'round' && values[1] !== undefined && (!Number.isInteger(values[1]) || Math.abs(values[1]) > 15)) {
    throw new ToolError(`round's digits must be a whole number from -15 to 15, got ${show(values[1])}.`);
  }
  return finite(definition.apply(values), `${node.name}(${values.map(showPlain).join(', ')})`);
}

function lookUpConstant(name: string, position: number): number {
  const value = MATH_CONSTANTS.get(name);
  if (value !== undefined) return value;
  if (MATH_FUNCTIONS.has(name)) {
    throw new ToolError(`'${name}' at position ${position} is a function: call it with parentheses, e.g. ${name}(2).`);
  }
  throw new ToolError(
    `Unknown name '${name}' at position ${position}. Known constants: ${[...MATH_CONSTANTS.keys()].join(', ')}; variables are not supported.`,
  );
}

function finite(value: number, description: string): number {
  if (Number.isNaN(value)) throw new ToolError(`${description} is not a real number.`);
  if (!Number.isFinite(value))
    throw new ToolError(`${description} has no finite result (too large, or undefined there).`);
  return value;
}

function describeArity(min: number, max: number): string {
  if (max === Infinity) return `at least ${min} argument${min === 1 ? '' : 's'}`;
  if (min === max) return `${min} argument${min === 1 ? '' : 's'}`;
  return `${min} to ${max} arguments`;
}

function showPlain(value: number): string {
  return String(Number(value.toPrecision(12)));
}

function show(value: number): string {
  return value < 0 ? `(${showPlain(value)})` : showPlain(value);
}
