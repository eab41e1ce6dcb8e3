import { prepareSource } from '../../tools/sandbox/sandbox-source.ts';
import { excerpt, makeScore, type Scorer } from './scorer-kit.ts';

/** How long a scorer's code may run in the sandbox. */
export const JS_SCORER_TIMEOUT_MS = 5000;

/** Longest result text read back as a score (the sandbox bounds it too). */
const MAX_RESULT_CHARS = 2000;

/**
 * The program the sandbox runs: the item's facts as constants, the scorer's code as the body of an async function
 * (its last expression or `return` is its value, as in `run_javascript`), and that value as JSON text.
 */
export function scorerProgram(body: string, facts: Record<string, unknown>): string {
  const declarations = Object.entries(facts)
    .map(([name, value]) => `const ${name} = JSON.parse(${JSON.stringify(JSON.stringify(value ?? null))});`)
    .join('\n');
  return `${declarations}\nconst __score = await (async () => {\n${body}\n})();\nJSON.stringify(__score === undefined ? null : __score)`;
}

/** A number, or `{score, reason?}`, read from the code's JSON result. */
export function readScorerResult(text: string): { score: number; reason?: string } | undefined {
  if (text.length > MAX_RESULT_CHARS) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value === 'boolean') return { score: value ? 1 : 0 };
  if (typeof value === 'number' && Number.isFinite(value)) return { score: value };
  if (typeof value !== 'object' || value === null) return undefined;
  const { score, reason } = value as { score?: unknown; reason?: unknown };
  const number = typeof score === 'boolean' ? (score ? 1 : 0) : score;
  if (typeof number !== 'number' || !Number.isFinite(number)) return undefined;
  return { score: number, ...(typeof reason === 'string' ? { reason: excerpt(reason, 500) } : {}) };
}

/**
 * `JavaScript scorer`: the code runs in the sandbox `run_javascript` uses (a worker in an opaque-origin frame: no
 * DOM, no network, a time limit) with `input`, `expected`, `answer` and `toolCalls`, and gives a number 0–1 or
 * `{score, reason}`. Code that throws, loops, reaches for what the sandbox lacks or returns something else scores 0
 * and says why.
 */
export const javascriptScorer: Scorer = async ({ item, answer, toolCalls }, config, { t, runSandboxed, signal }) => {
  const prepared = prepareSource(config.text ?? '');
  if (!prepared.ok) return makeScore('javascript', 0, t('score.jsThrew', { error: excerpt(prepared.error, 300) }));
  if (!runSandboxed) return makeScore('javascript', 0, t('score.jsNoSandbox'));
  const facts = { input: item.input, expected: item.expected ?? null, answer, toolCalls };
  const outcome = await runSandboxed(scorerProgram(prepared.body, facts), {
    timeoutMs: JS_SCORER_TIMEOUT_MS,
    signal: signal ?? new AbortController().signal,
  });
  if (!outcome.ok) {
    if (outcome.timedOut)
      return makeScore('javascript', 0, t('score.jsTimedOut', { seconds: JS_SCORER_TIMEOUT_MS / 1000 }));
    return makeScore('javascript', 0, t('score.jsThrew', { error: excerpt(outcome.error ?? '', 300) }));
  }
  const read = readScorerResult(outcome.result ?? '');
  if (!read) return makeScore('javascript', 0, t('score.jsBadResult', { result: excerpt(outcome.result ?? '') }));
  return makeScore('javascript', read.score, read.reason ?? t('score.jsScored', { score: read.score }));
};
