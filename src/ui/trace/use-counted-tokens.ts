import { useEffect, useState } from 'react';
import { countedTokens, countTexts } from '../../trace/insights/counted-tokens.ts';
import { reportedTokens, tokenTexts, type TokenCounter } from '../../trace/insights/run-facts.ts';
import { tokenizerEncoding } from '../../trace/insights/tokenizer-family.ts';
import type { Span } from '../../trace/span.ts';

type Texts = Array<{ model: string; text: string }>;

/** The texts to count of each span already seen (spans are replaced, never changed, when they update). */
const seen = new WeakMap<Span, Texts>();

function textsToCount(span: Span): Texts {
  let texts = seen.get(span);
  if (!texts) {
    texts = [];
    if (span.kind === 'llm' && span.status !== 'running' && !reportedTokens(span)) {
      const { model, input, output } = tokenTexts(span);
      if (tokenizerEncoding(model) !== undefined) texts.push({ model, text: input }, { model, text: output });
    }
    seen.set(span, texts);
  }
  return texts;
}

/**
 * A token counter for the finished model calls among `spans` that reported no usage: their texts are counted off the
 * main thread with the real tokenizer of their model family (when known), and the counter answers once they are.
 * Until then (and for other models) it answers nothing, so figures stay estimated.
 */
export function useCountedTokens(spans: readonly Span[]): TokenCounter {
  // A new function once more is counted, so figures memoised on it are computed again.
  const [counter, setCounter] = useState<TokenCounter>(() => countedTokens);
  useEffect(() => {
    const items = spans.flatMap(textsToCount);
    if (items.length === 0) return undefined;
    let live = true;
    countTexts(items).then(
      (added) => {
        if (live && added) setCounter(() => (model: string, text: string) => countedTokens(model, text));
      },
      // No tokenizer (its chunk could not load): the figures stay estimated, and say so.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [spans]);
  return counter;
}
