import { excerpt, makeScore, normalise, type Scorer } from './scorer-kit.ts';

/** `Contains expected`: the answer contains the expected output, ignoring case (not applicable without one). */
export const containsScorer: Scorer = ({ item, answer }, _config, { t }) => {
  if (item.expected === undefined) return undefined;
  const expected = normalise(item.expected).toLowerCase();
  const found = normalise(answer).toLowerCase().includes(expected);
  return makeScore(
    'contains',
    found ? 1 : 0,
    t(found ? 'score.containsPass' : 'score.containsFail', { expected: excerpt(item.expected) }),
  );
};
