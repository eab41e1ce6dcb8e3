/** What a model costs, in US dollars per 1 million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  /** Cached (prompt-cache hit) input tokens; the input price when the provider has no discount. */
  cachedInput?: number;
}

/** Prices the user entered per model id; a `null` field clears that price. */
export type PriceTable = Record<
  string,
  { input: number | null; output: number | null; cachedInput?: number | null | undefined }
>;

/**
 * Published list prices of well-known models (USD per 1M tokens), matched on the model id without a provider prefix
 * (`openai/gpt-4o` is `gpt-4o`); a dated or suffixed id (`gpt-4o-2024-08-06`) takes the longest matching name.
 * They are defaults to start from: Settings overrides them per model.
 */
export const DEFAULT_PRICES: ReadonlyArray<readonly [string, ModelPrice]> = [
  ['gpt-5-nano', { input: 0.05, cachedInput: 0.005, output: 0.4 }],
  ['gpt-5-mini', { input: 0.25, cachedInput: 0.025, output: 2 }],
  ['gpt-5', { input: 1.25, cachedInput: 0.125, output: 10 }],
  ['gpt-4.1-nano', { input: 0.1, cachedInput: 0.025, output: 0.4 }],
  ['gpt-4.1-mini', { input: 0.4, cachedInput: 0.1, output: 1.6 }],
  ['gpt-4.1', { input: 2, cachedInput: 0.5, output: 8 }],
  ['gpt-4o-mini', { input: 0.15, cachedInput: 0.075, output: 0.6 }],
  ['gpt-4o', { input: 2.5, cachedInput: 1.25, output: 10 }],
  ['o4-mini', { input: 1.1, cachedInput: 0.275, output: 4.4 }],
  ['o3-mini', { input: 1.1, cachedInput: 0.55, output: 4.4 }],
  ['o3', { input: 2, cachedInput: 0.5, output: 8 }],
  ['deepseek-chat', { input: 0.28, cachedInput: 0.028, output: 0.42 }],
  ['deepseek-reasoner', { input: 0.28, cachedInput: 0.028, output: 0.42 }],
  ['mistral-large', { input: 2, output: 6 }],
  ['mistral-small', { input: 0.1, output: 0.3 }],
  ['llama-3.3-70b-versatile', { input: 0.59, output: 0.79 }],
  ['llama-3.1-8b-instant', { input: 0.05, output: 0.08 }],
];

/** A model id without a provider prefix, lowercased: `openai/GPT-4o` → `gpt-4o`. */
function baseModelName(model: string): string {
  const trimmed = model.trim().toLowerCase();
  const slash = trimmed.lastIndexOf('/');
  return slash >= 0 ? trimmed.slice(slash + 1) : trimmed;
}

/** The default price of a well-known model, or undefined. */
export function defaultPrice(model: string): ModelPrice | undefined {
  const name = baseModelName(model);
  if (name === '') return undefined;
  // A GGUF file run in this browser (the local provider's model id is its file name) costs nothing.
  if (name.endsWith('.gguf')) return { input: 0, output: 0 };
  let best: readonly [string, ModelPrice] | undefined;
  for (const entry of DEFAULT_PRICES) {
    const [pattern] = entry;
    const matches = name === pattern || name.startsWith(`${pattern}-`) || name.startsWith(`${pattern}:`);
    if (matches && (!best || pattern.length > best[0].length)) best = entry;
  }
  return best?.[1];
}

/** Where a model's price comes from: the user's table, the defaults, or nowhere ("no price"). */
export type PriceSource = 'settings' | 'default' | 'none';

/** The price a model is charged at: the user's entry for that id wins, then the default; `none` means "no price". */
export function priceFor(
  model: string,
  table: PriceTable = {},
): { price: ModelPrice | undefined; source: PriceSource } {
  const own = table[model];
  if (own && (own.input !== null || own.output !== null)) {
    if (own.input === null || own.output === null) return { price: undefined, source: 'none' };
    const cachedInput = own.cachedInput ?? undefined;
    return {
      price: { input: own.input, output: own.output, ...(cachedInput === undefined ? {} : { cachedInput }) },
      source: 'settings',
    };
  }
  const fallback = defaultPrice(model);
  return fallback ? { price: fallback, source: 'default' } : { price: undefined, source: 'none' };
}

/** Token counts one price applies to. `cachedTokens` are part of `inputTokens` (as endpoints report them). */
export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}

/** US dollars for these tokens at this price; cached input is charged at the cached price (the input price if none). */
export function costOf(tokens: TokenCounts, price: ModelPrice): number {
  const cached = Math.min(tokens.cachedTokens, tokens.inputTokens);
  const fresh = tokens.inputTokens - cached;
  return (
    (fresh * price.input + cached * (price.cachedInput ?? price.input) + tokens.outputTokens * price.output) / 1_000_000
  );
}
