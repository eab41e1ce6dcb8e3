import type { Span } from '../span.ts';
import { costOf, priceFor, type PriceTable } from './prices.ts';
import { llmTokens, modelOf, type TokenCounter, type TokenSource } from './run-facts.ts';

/** The cost of a set of spans (a session, a run, one call): what is priced, and which models have no price. */
export interface CostSummary {
  /** USD of the model calls that have a price. */
  cost: number;
  /** Model calls counted. */
  calls: number;
  /** Model calls without a price (their tokens are not in `cost`). */
  unpricedCalls: number;
  unpricedModels: string[];
  /** Model calls by where their token figures come from. */
  tokenSources: Record<TokenSource, number>;
}

/**
 * Sums the cost of the llm spans among `spans` at the given prices (Settings first, then the defaults); `count`
 * counts the tokens of calls that reported no usage, where it knows the model.
 */
export function costOfSpans(spans: Iterable<Span>, prices: PriceTable = {}, count?: TokenCounter): CostSummary {
  const summary: CostSummary = {
    cost: 0,
    calls: 0,
    unpricedCalls: 0,
    unpricedModels: [],
    tokenSources: { reported: 0, counted: 0, estimated: 0 },
  };
  const unpriced = new Set<string>();
  for (const span of spans) {
    if (span.kind !== 'llm') continue;
    summary.calls += 1;
    const tokens = llmTokens(span, count);
    summary.tokenSources[tokens.tokenSource] += 1;
    const model = modelOf(span);
    const { price } = priceFor(model, prices);
    if (price) summary.cost += costOf(tokens, price);
    else {
      summary.unpricedCalls += 1;
      unpriced.add(model);
    }
  }
  summary.unpricedModels = [...unpriced].sort();
  return summary;
}
