import { createDatasetsTranslate } from '../../i18n/datasets.ts';
import type { RunSandboxed } from '../../tools/tool-context.ts';
import type { JudgeCall, Score, ScoreInput, ScoreOptions, ScorerConfig, ScorerKind, ScoreRun } from '../eval-types.ts';
import { containsScorer } from './contains.ts';
import { exactScorer } from './exact.ts';
import { javascriptScorer } from './javascript.ts';
import { jsonSchemaScorer } from './json-schema.ts';
import { judgeScorer } from './judge.ts';
import { numericScorer } from './numeric.ts';
import { regexScorer } from './regex.ts';
import { makeScore, type Scorer } from './scorer-kit.ts';
import { toolsScorer } from './tools.ts';

export { SCORER_NAMES, PASS_THRESHOLD } from './scorer-kit.ts';
export { DEFAULT_RUBRIC } from './judge.ts';

const SCORERS: Record<ScorerKind, Scorer> = {
  exact: exactScorer,
  contains: containsScorer,
  regex: regexScorer,
  numeric: numericScorer,
  'json-schema': jsonSchemaScorer,
  tools: toolsScorer,
  javascript: javascriptScorer,
  judge: judgeScorer,
};

/** What scoring uses besides the run: the reasons' language (English by default), Stop, and the sandbox. */
export interface ScoreRunOptions extends ScoreOptions {
  runSandboxed?: RunSandboxed;
}

/**
 * Scores one finished item run with each enabled scorer, in the order given. A scorer that does not apply to the
 * item (no expected output, no tool expectations) gives no score; one that fails unexpectedly scores 0 with the
 * error, so one scorer never loses the others' scores.
 */
export function createScoreRun(defaults: ScoreRunOptions = {}): ScoreRun {
  return async (input: ScoreInput, scorers: readonly ScorerConfig[], judge?: JudgeCall, options?: ScoreOptions) => {
    const { language = 'en', runSandboxed, signal } = { ...defaults, ...options };
    const t = createDatasetsTranslate(language);
    const context = {
      t,
      ...(judge ? { judge } : {}),
      ...(runSandboxed ? { runSandboxed } : {}),
      ...(signal ? { signal } : {}),
    };
    const scores: Score[] = [];
    for (const config of scorers) {
      if (!config.enabled) continue;
      const scorer = SCORERS[config.kind];
      if (!scorer) continue;
      try {
        const score = await scorer(input, config, context);
        if (score) scores.push(score);
      } catch (error) {
        if (signal?.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        scores.push(makeScore(config.kind, 0, t('score.crashed', { error: message })));
      }
    }
    return scores;
  };
}

/** Scores a run; the JavaScript scorer uses the browser's sandbox (loaded on first use). */
export const scoreRun: ScoreRun = createScoreRun({
  runSandboxed: async (code, options) =>
    (await import('../../tools/sandbox/run-sandboxed.ts')).runSandboxed(code, options),
});
