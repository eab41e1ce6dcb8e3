/** The byte-pair encodings Glassbox counts with a real tokenizer (OpenAI's, as tiktoken names them). */
export type TokenizerEncoding = 'o200k_base' | 'cl100k_base';

// Newest families first: `gpt-4o` and `gpt-4.1` must not fall through to `gpt-4`.
const FAMILIES: ReadonlyArray<[RegExp, TokenizerEncoding]> = [
  [/^(?:chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4)(?:$|[-.:])/, 'o200k_base'],
  [/^(?:gpt-4|gpt-3\.5|gpt-35|text-embedding-3|text-embedding-ada-002)(?:$|[-.:])/, 'cl100k_base'],
];

/**
 * The encoding of a model id when its family is known: OpenAI's gpt-4o, gpt-4.1, gpt-4.5, gpt-5 and o-series models
 * use o200k_base; gpt-4 (and gpt-4-turbo), gpt-3.5 and the text-embedding models cl100k_base. A provider prefix
 * (`openai/gpt-4o`) is ignored. Undefined for every other model: its tokens are estimated.
 */
export function tokenizerEncoding(model: string): TokenizerEncoding | undefined {
  const id = model.trim().toLowerCase().replace(/^ft:/, '');
  const base = id.slice(id.lastIndexOf('/') + 1);
  for (const [pattern, encoding] of FAMILIES) if (pattern.test(base)) return encoding;
  return undefined;
}
