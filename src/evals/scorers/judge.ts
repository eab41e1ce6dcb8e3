import type { DatasetItem } from '../eval-types.ts';
import { excerpt, makeScore, type Scorer } from './scorer-kit.ts';

/** The rubric used when the dataset's is empty. */
export const DEFAULT_RUBRIC =
  'The answer is correct, complete and answers the question asked. When an expected answer is given, the answer must agree with it (wording may differ).';

/** The judge's messages: the rubric and the reply format, then the item and the answer to grade. */
export function judgeMessages(
  rubric: string,
  item: Pick<DatasetItem, 'input' | 'expected'>,
  answer: string,
): { role: 'system' | 'user'; content: string }[] {
  const system = [
    'You grade an AI assistant’s answer against a rubric.',
    `Rubric:\n${rubric.trim() || DEFAULT_RUBRIC}`,
    'Reply with only a JSON object, no other text: {"score": <a number from 0 to 1>, "reason": "<one or two sentences>"}.',
  ].join('\n\n');
  const parts = [`Question:\n${item.input}`];
  if (item.expected !== undefined) parts.push(`Expected answer:\n${item.expected}`);
  parts.push(`Answer to grade:\n${answer}`);
  return [
    { role: 'system', content: system },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

/** The verdict in a judge's reply: `json` when it was the JSON asked for, `read` when a score was read from text. */
export type JudgeVerdict =
  { kind: 'json'; score: number; reason: string } | { kind: 'read'; score: number } | { kind: 'none' };

function fromObject(value: unknown): { score: number; reason: string } | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { score, reason, verdict } = value as { score?: unknown; reason?: unknown; verdict?: unknown };
  const number = typeof score === 'string' && score.trim() !== '' ? Number(score) : score;
  const fromVerdict = typeof verdict === 'string' ? wordVerdict(verdict) : undefined;
  const value01 = typeof number === 'number' && Number.isFinite(number) ? number : fromVerdict;
  if (value01 === undefined) return undefined;
  return { score: value01, reason: typeof reason === 'string' ? reason : '' };
}

function wordVerdict(text: string): number | undefined {
  if (/^\s*no\W*$|\b(fail(ed|s)?|incorrect|wrong|not correct)\b|不正确|错误|不通过/iu.test(text)) return 0;
  if (/^\s*yes\W*$|\b(pass(ed|es)?|correct)\b|正确|通过/iu.test(text)) return 1;
  return undefined;
}

/** Reads a judge's reply: the JSON asked for (bare, fenced or inside text), else a score or verdict in words. */
export function readJudgeReply(reply: string): JudgeVerdict {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/iu.exec(reply)?.[1];
  const braces = /\{[\s\S]*\}/u.exec(reply)?.[0];
  for (const text of [reply.trim(), fenced, braces]) {
    if (!text) continue;
    try {
      const read = fromObject(JSON.parse(text));
      if (read) return { kind: 'json', ...read };
    } catch {
      // The next form.
    }
  }
  const labelled = /score["']?\s*[:=]\s*(-?\d+(?:\.\d+)?)(?:\s*\/\s*(\d+))?/iu.exec(reply);
  if (labelled) return { kind: 'read', score: Number(labelled[1]) / (labelled[2] ? Number(labelled[2]) : 1) };
  const fraction = /^\s*(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+))?\s*$/u.exec(reply);
  if (fraction) return { kind: 'read', score: Number(fraction[1]) / (fraction[2] ? Number(fraction[2]) : 1) };
  const word = wordVerdict(reply);
  return word === undefined ? { kind: 'none' } : { kind: 'read', score: word };
}

/**
 * `LLM judge`: asks the judge model to grade the answer by the rubric and keeps its score and reason. A reply that
 * is not the JSON asked for is read for a score or verdict; failing that it scores 0 with the reply quoted. The call
 * itself is traced by the caller (its own span in the scored run's trace).
 */
export const judgeScorer: Scorer = async ({ item, answer }, config, { t, judge }) => {
  if (!judge) return makeScore('judge', 0, t('score.judgeMissing'));
  let reply: string;
  try {
    reply = await judge(judgeMessages(config.text ?? '', item, answer));
  } catch (error) {
    return makeScore(
      'judge',
      0,
      t('score.judgeFailed', { error: excerpt(error instanceof Error ? error.message : String(error), 300) }),
    );
  }
  const verdict = readJudgeReply(reply);
  if (verdict.kind === 'json') return makeScore('judge', verdict.score, verdict.reason || t('score.judgeNoReason'));
  if (verdict.kind === 'read')
    return makeScore('judge', verdict.score, t('score.judgeRead', { reply: excerpt(reply, 200) }));
  return makeScore('judge', 0, t('score.judgeNotJson', { reply: excerpt(reply, 200) }));
};
