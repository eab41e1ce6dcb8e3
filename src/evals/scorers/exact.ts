import { excerpt, makeScore, normalise, type Scorer } from './scorer-kit.ts';

/** `Exact match`: the answer, trimmed, equals the expected output, trimmed (not applicable without one). */
export const exactScorer: Scorer = ({ item, answer }, _config, { t }) => {
  if (item.expected === undefined) return undefined;
  const same = normalise(answer) === normalise(item.expected);
  return same
    ? makeScore('exact', 1, t('score.exactPass'))
    : makeScore('exact', 0, t('score.exactFail', { expected: excerpt(item.expected), answer: excerpt(answer) }));
};
