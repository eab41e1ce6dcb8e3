/**
 * PLACEHOLDER (branch evals-run): a minimal `scoreRun` (exact, contains, tool expectations, judge) so experiments run before
 * the evals-data branch lands; at merge the lead takes evals-data's src/evals/scorers/index.ts instead of this file.
 */
import type { Score, ScoreInput, ScoreRun, ScorerConfig, ScorerKind } from '../eval-types.ts';

const NAMES: Record<ScorerKind, string> = {
  exact: 'Exact match',
  contains: 'Contains expected',
  regex: 'Regex',
  numeric: 'Numeric',
  'json-schema': 'JSON Schema',
  tools: 'Tool expectations',
  javascript: 'JavaScript scorer',
  judge: 'LLM judge',
};

const norm = (text: string) => text.normalize('NFKC').trim().toLowerCase();

function score(config: ScorerConfig, value: number, reason: string, threshold = 1): Score {
  return { scorer: config.kind, name: NAMES[config.kind], value, pass: value >= threshold, reason };
}

/** Tool expectations: the tools that must be called, and at most N steps. */
function toolScore(config: ScorerConfig, input: ScoreInput): Score {
  const expected = input.item.tools ?? {};
  const problems: string[] = [];
  let checks = 0;
  for (const name of expected.called ?? []) {
    checks += 1;
    if (!input.toolCalls.some((call) => call.name === name)) problems.push(`${name} was not called`);
  }
  if (expected.maxSteps !== undefined) {
    checks += 1;
    if (input.steps > expected.maxSteps) problems.push(`${input.steps} steps, more than ${expected.maxSteps}`);
  }
  const value = checks === 0 ? 1 : (checks - problems.length) / checks;
  return score(config, value, problems.length === 0 ? 'Tool expectations met' : problems.join('; '));
}

export const scoreRun: ScoreRun = async (input, scorers, judge) => {
  const expected = input.item.expected ?? '';
  const scores: Score[] = [];
  for (const config of scorers) {
    if (!config.enabled) continue;
    if (config.kind === 'exact') {
      const same = norm(input.answer) === norm(expected);
      scores.push(score(config, same ? 1 : 0, same ? 'The answer is the expected text' : 'The answer differs'));
    } else if (config.kind === 'contains') {
      const found = expected !== '' && norm(input.answer).includes(norm(expected));
      scores.push(score(config, found ? 1 : 0, found ? `Contains “${expected}”` : `Does not contain “${expected}”`));
    } else if (config.kind === 'tools' && input.item.tools) {
      scores.push(toolScore(config, input));
    } else if (config.kind === 'judge' && judge) {
      const reply = await judge([
        {
          role: 'system',
          content: config.text ?? 'Judge whether the answer is right. Reply {"score":0..1,"reason":"…"}',
        },
        { role: 'user', content: `Question: ${input.item.input}\nExpected: ${expected}\nAnswer: ${input.answer}` },
      ]);
      const match = /"score"\s*:\s*([\d.]+)[\s\S]*?"reason"\s*:\s*"([^"]*)"/u.exec(reply);
      const value = match ? Math.min(1, Math.max(0, Number(match[1]))) : 0;
      scores.push(score(config, value, match ? (match[2] ?? '') : `Unreadable verdict: ${reply.slice(0, 200)}`, 0.5));
    }
  }
  return scores;
};
