import { normaliseWidth } from './text.ts';

const FUNCTION_NAMES = [
  'sqrt',
  'cbrt',
  'asin',
  'acos',
  'atan',
  'sinh',
  'cosh',
  'tanh',
  'sin',
  'cos',
  'tan',
  'log10',
  'log2',
  'log',
  'ln',
  'exp',
  'abs',
  'round',
  'floor',
  'ceil',
] as const;
const FUNCTION_PATTERN = FUNCTION_NAMES.join('|');

/** Rewrites operator words and symbols (English, Chinese, typographic) into calculator syntax. */
export function normaliseMathText(text: string): string {
  let out = normaliseWidth(text);
  out = out
    .replace(/[×✕✖⨯∗·]/gu, '*')
    .replace(/[÷∕]/gu, '/')
    .replace(/[−–—]/gu, '-')
    .replace(/π/gu, 'pi')
    .replace(/²/gu, '**2')
    .replace(/³/gu, '**3')
    .replace(/√\s*(\d+(?:\.\d+)?)/gu, 'sqrt($1)')
    .replace(/√/gu, 'sqrt')
    .replace(/\^/gu, '**')
    .replace(/(\d),(\d{3})(?!\d)/gu, '$1$2');
  // Chinese operator words only between operands, so words like 添加 stay untouched.
  const operand = String.raw`(?<=[\d)]\s*)`;
  const next = String.raw`(?=\s*[\d(\-.]|\s*根号)`;
  out = out
    .replace(new RegExp(`${operand}(?:乘以|乘上|乘)${next}`, 'gu'), '*')
    .replace(new RegExp(`${operand}(?:除以)${next}`, 'gu'), '/')
    .replace(new RegExp(`${operand}(?:加上|加)${next}`, 'gu'), '+')
    .replace(new RegExp(`${operand}(?:减去|减)${next}`, 'gu'), '-')
    .replace(/(\d+(?:\.\d+)?|\))\s*的平方(?!根)/gu, '$1**2')
    .replace(/(\d+(?:\.\d+)?|\))\s*的立方(?!根)/gu, '$1**3')
    .replace(/(\d+(?:\.\d+)?)\s*的平方根/gu, 'sqrt($1)')
    .replace(/(?:根号|平方根)\s*(\d+(?:\.\d+)?)/gu, 'sqrt($1)')
    .replace(/百分之\s*(\d+(?:\.\d+)?)\s*的?\s*(\d+(?:\.\d+)?)/gu, '($1/100)*$2')
    .replace(/(\d+(?:\.\d+)?)\s*的\s*(\d+(?:\.\d+)?)\s*%/gu, '($2/100)*$1');
  out = out
    .replace(/(\d+(?:\.\d+)?)\s*(?:%|percent)\s+of\s+(\d+(?:\.\d+)?)/giu, '($1/100)*$2')
    .replace(/\bsquare\s+root\s+of\s+(\d+(?:\.\d+)?)/giu, 'sqrt($1)')
    .replace(/\bcube\s+root\s+of\s+(\d+(?:\.\d+)?)/giu, 'cbrt($1)')
    .replace(/\bsqrt\s+of\s+(\d+(?:\.\d+)?)/giu, 'sqrt($1)')
    .replace(/\s+squared\b/giu, '**2')
    .replace(/\s+cubed\b/giu, '**3')
    .replace(/\s+(?:to the power of|raised to(?: the power of)?|to the)\s+/giu, ' ** ')
    .replace(/\s+(?:multiplied by|times)\s+/giu, ' * ')
    .replace(/\s+divided by\s+/giu, ' / ')
    .replace(/\s+plus\s+/giu, ' + ')
    .replace(/\s+minus\s+/giu, ' - ')
    .replace(/\s+(?:mod|modulo)\s+/giu, ' % ');
  return out;
}

const RUN_PATTERN = new RegExp(
  String.raw`(?:\*\*|\d+(?:\.\d+)?|\.\d+|[-+*/%()]|\s+|\b(?:${FUNCTION_PATTERN}|pi)\b)+`,
  'giu',
);

function isBalanced(expression: string): boolean {
  let depth = 0;
  for (const character of expression) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function tidy(candidate: string): string {
  let expression = candidate.trim();
  // Trailing operators (e.g. "=" was cut off, or "… * ") cannot end an expression.
  expression = expression.replace(/[-+*/%\s]+$/u, '');
  // A leading binary operator is prose ("+ 3"); a leading minus is a sign.
  expression = expression.replace(/^[+*/%\s]+/u, '');
  // Drop unmatched edge parentheses such as the "(" of "(see 2+3)" or the ")" closing prose.
  while (expression.startsWith('(') && !isBalanced(expression)) expression = expression.slice(1).trim();
  while (expression.endsWith(')') && !isBalanced(expression)) expression = expression.slice(0, -1).trim();
  return expression;
}

function looksLikeArithmetic(expression: string): boolean {
  if (!/\d|\bpi\b/u.test(expression) || !isBalanced(expression)) return false;
  // Two numbers with only spaces between them are prose, not an expression.
  if (/\d\s+\d/u.test(expression)) return false;
  const hasFunction = new RegExp(String.raw`\b(?:${FUNCTION_PATTERN})\s*\(`, 'u').test(expression);
  const hasBinaryOperator = /[\d)pi]\s*(?:\*\*|[-+*/%])\s*[-\d(.a-z]/iu.test(expression);
  return hasFunction || hasBinaryOperator;
}

/** Pulls the arithmetic expression out of English or Chinese prose, or returns undefined when there is none. */
export function extractExpression(text: string): string | undefined {
  const normalised = normaliseMathText(text);
  let best: string | undefined;
  for (const match of normalised.matchAll(RUN_PATTERN)) {
    const candidate = tidy(match[0]);
    if (!looksLikeArithmetic(candidate)) continue;
    if (best === undefined || candidate.replace(/\s/gu, '').length > best.replace(/\s/gu, '').length) best = candidate;
  }
  return best;
}
