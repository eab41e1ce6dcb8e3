import type { RunSandboxed } from '../../tools/tool-context.ts';
import type { DatasetsKey } from '../../i18n/datasets.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { JudgeCall, Score, ScoreInput, ScorerConfig, ScorerKind } from '../eval-types.ts';

/** What a scorer may use besides the run: the reasons' language, the judge's model call, the sandbox. */
export interface ScorerContext {
  t: Translate<DatasetsKey>;
  judge?: JudgeCall;
  runSandboxed?: RunSandboxed;
  signal?: AbortSignal;
}

/** One scorer: a score, or undefined when it does not apply to the item (e.g. no expected output). */
export type Scorer = (
  input: ScoreInput,
  config: ScorerConfig,
  context: ScorerContext,
) => Score | undefined | Promise<Score | undefined>;

/** The shown name of each scorer (the contract's checkbox names, the same in every language). */
export const SCORER_NAMES: Record<ScorerKind, string> = {
  exact: 'Exact match',
  contains: 'Contains expected',
  regex: 'Regex',
  numeric: 'Numeric',
  'json-schema': 'JSON Schema',
  tools: 'Tool expectations',
  javascript: 'JavaScript scorer',
  judge: 'LLM judge',
};

/** The score at or above which a scorer passes: 1 for exact checks, 0.5 for graded ones. */
export const PASS_THRESHOLD: Record<ScorerKind, number> = {
  exact: 1,
  contains: 1,
  regex: 1,
  numeric: 1,
  'json-schema': 1,
  tools: 1,
  javascript: 0.5,
  judge: 0.5,
};

/** A score of `kind`, its value clamped to 0–1 (not a number: 0). */
export function makeScore(kind: ScorerKind, value: number, reason: string): Score {
  const clamped = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  return { scorer: kind, name: SCORER_NAMES[kind], value: clamped, pass: clamped >= PASS_THRESHOLD[kind], reason };
}

/** Text quoted in a reason: on one line, at most `max` characters. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Text compared loosely: Unicode-normalised (full-width forms folded), trimmed. */
export function normalise(text: string): string {
  return text.normalize('NFKC').trim();
}
