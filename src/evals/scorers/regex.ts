import { excerpt, makeScore, type Scorer } from './scorer-kit.ts';

/**
 * How long a pattern may run on an answer. A regular expression with nested repetition (`(a+)+$`) can backtrack for
 * minutes on a short answer, and JavaScript cannot interrupt it: it runs in the sandbox (a worker ended at the limit).
 */
export const REGEX_TIMEOUT_MS = 2000;

/** Reads `/pattern/flags` or a bare pattern; throws a SyntaxError for a bad one. */
export function compilePattern(text: string): RegExp {
  const literal = /^\/(.*)\/([dgimsuvy]*)$/su.exec(text.trim());
  // `g` and `y` make `test` stateful: dropped.
  if (literal) return new RegExp(literal[1] ?? '', (literal[2] ?? '').replace(/[gy]/gu, ''));
  return new RegExp(text);
}

/** The sandbox program: the match of the compiled pattern in the answer (its start, or null), as JSON text. */
export function regexProgram(regex: RegExp, answer: string): string {
  const json = (value: string) => `JSON.parse(${JSON.stringify(JSON.stringify(value))})`;
  return [
    `const match = new RegExp(${json(regex.source)}, ${json(regex.flags)}).exec(${json(answer)});`,
    'JSON.stringify(match === null ? null : match[0].slice(0, 200))',
  ].join('\n');
}

/** The match the sandbox reported: its text, null for none, undefined for a result that is neither. */
function readMatch(text: string | undefined): string | null | undefined {
  try {
    const value: unknown = JSON.parse(text ?? '');
    return typeof value === 'string' || value === null ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `Regex`: the answer matches the pattern. The pattern is compiled here (a bad one scores 0 and says why) and run in
 * the sandbox with a time limit, so a catastrophic pattern scores 0 instead of freezing the page.
 */
export const regexScorer: Scorer = async ({ answer }, config, { t, runSandboxed, signal }) => {
  const pattern = config.text ?? '';
  if (!pattern.trim()) return makeScore('regex', 0, t('score.regexEmpty'));
  let regex: RegExp;
  try {
    regex = compilePattern(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return makeScore('regex', 0, t('score.regexBad', { pattern: excerpt(pattern), reason }));
  }
  if (!runSandboxed) return makeScore('regex', 0, t('score.regexNoSandbox'));
  const outcome = await runSandboxed(regexProgram(regex, answer), {
    timeoutMs: REGEX_TIMEOUT_MS,
    signal: signal ?? new AbortController().signal,
  });
  if (outcome.timedOut)
    return makeScore(
      'regex',
      0,
      t('score.regexTimedOut', { pattern: excerpt(pattern), seconds: REGEX_TIMEOUT_MS / 1000 }),
    );
  const match = outcome.ok ? readMatch(outcome.result) : undefined;
  if (match === undefined)
    return makeScore(
      'regex',
      0,
      t('score.regexBad', { pattern: excerpt(pattern), reason: excerpt(outcome.error ?? '') }),
    );
  return match === null
    ? makeScore('regex', 0, t('score.regexFail', { pattern: excerpt(pattern) }))
    : makeScore('regex', 1, t('score.regexPass', { pattern: excerpt(pattern), match: excerpt(match) }));
};
