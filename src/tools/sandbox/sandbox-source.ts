// Keywords that must stay statements: as the operand of `return (…)` they would fail, or (for function and class
// declarations) lose their hoisting.
const STATEMENT_START =
  /^(?:return|throw|const|let|var|if|else|for|while|do|switch|case|default|try|catch|finally|function|async\s+function|class|break|continue|import|export|debugger|with)\b/;
// A line starting like this may continue the previous one, so it must not be split off.
const CONTINUATION_START = /^[-+*/%&|^<>=?:.,([{`}]/;

/**
 * The function bodies to try compiling, in order, so that code ending in an expression returns its value:
 * the whole code as one expression (`1 + 2`), then the last line returned (`const x = 2;\nx * 21`), then the code
 * as written (which must `return` its result). Only compiled, never run, until one compiles.
 */
export function sourceCandidates(code: string): string[] {
  const candidates: string[] = [];
  const trimmed = code.trim().replace(/;+$/, '');
  if (trimmed) candidates.push(`return (\n${trimmed}\n);`);
  const lastLine = lastLineAsReturn(code);
  if (lastLine) candidates.push(lastLine);
  candidates.push(code);
  return candidates;
}

// A previous line ending like this has finished its statement (ASI applies before an identifier-led line).
const STATEMENT_END = /[;}\w$)\]'"`]$/;
// …unless it ends in a keyword that expects more, or is the head of an if/for/while whose body follows.
const OPEN_KEYWORD_END = /\b(?:else|do|return|throw|typeof|new|await|in|of|instanceof|void|delete|yield|case)$/;
const CONTROL_HEAD = /^(?:\}\s*)?(?:else\b\s*)?(?:if|for|while|with|else)\b/;

function lastLineAsReturn(code: string): string | undefined {
  const lines = code.replace(/\s+$/, '').split('\n');
  if (lines.length < 2) return undefined;
  const lastRaw = lines.pop() ?? '';
  const last = lastRaw.trim().replace(/;+$/, '').trim();
  if (!last || last.startsWith('//') || last.startsWith('/*')) return undefined;
  if (STATEMENT_START.test(last) || CONTINUATION_START.test(last)) return undefined;
  // A top-level statement starts at the code's base indentation; an indented line is a body or a continuation.
  const baseIndent = Math.min(...[...lines, lastRaw].filter((line) => line.trim()).map(indentation));
  if (indentation(lastRaw) > baseIndent) return undefined;
  const previous = lines.findLast((line) => line.trim() !== '' && !line.trim().startsWith('//'))?.trim();
  if (previous !== undefined) {
    if (!STATEMENT_END.test(previous) || OPEN_KEYWORD_END.test(previous)) return undefined;
    if (!/[;}]$/.test(previous) && CONTROL_HEAD.test(previous)) return undefined;
  }
  return `${lines.join('\n')}\nreturn (\n${last}\n);`;
}

function indentation(line: string): number {
  return line.length - line.trimStart().length;
}
