import { excerpt, makeScore, type Scorer } from './scorer-kit.ts';

/** Reads `/pattern/flags` or a bare pattern; throws a SyntaxError for a bad one. */
export function compilePattern(text: string): RegExp {
  const literal = /^\/(.*)\/([dgimsuvy]*)$/su.exec(text.trim());
  // `g` and `y` make `test` stateful: dropped.
  if (literal) return new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/gu, ''));
  return new RegExp(text);
}

/** `Regex`: the answer matches the pattern; a pattern that does not compile scores 0 and says why. */
export const regexScorer: Scorer = ({ answer }, config, { t }) => {
  const pattern = config.text ?? '';
  if (!pattern.trim()) return makeScore('regex', 0, t('score.regexEmpty'));
  let regex: RegExp;
  try {
    regex = compilePattern(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return makeScore('regex', 0, t('score.regexBad', { pattern: excerpt(pattern), reason }));
  }
  const match = regex.exec(answer);
  return match
    ? makeScore('regex', 1, t('score.regexPass', { pattern: excerpt(pattern), match: excerpt(match[0]) }))
    : makeScore('regex', 0, t('score.regexFail', { pattern: excerpt(pattern) }));
};
