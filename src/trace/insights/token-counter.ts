import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import cl100kUrl from 'gpt-tokenizer/data/cl100k_base.tiktoken?url';
import o200kUrl from 'gpt-tokenizer/data/o200k_base.tiktoken?url';
import type { TokenCounter } from './run-facts.ts';
import { tokenizerEncoding, type TokenizerEncoding } from './tokenizer-family.ts';

type CountTokens = (text: string) => number;

/**
 * Where each vocabulary is fetched from: the `.tiktoken` file the tokenizer package ships, emitted as an asset of its
 * own (1.7–3.6 MB, never in first load nor precached) and fetched only when a model of its family needs counting.
 * Workers are single scripts here, so the vocabulary is data fetched at run time, not a chunk imported.
 */
const VOCABULARY_URL: Record<TokenizerEncoding, string> = { o200k_base: o200kUrl, cl100k_base: cl100kUrl };

/**
 * Where fetched vocabularies are kept (Cache Storage, shared by the page's workers), so counting works offline after
 * the first use: not precached, so the service worker's install fetches none of their megabytes.
 */
export const VOCABULARY_CACHE = 'glassbox-tokenizer-vocabularies';

async function openVocabularyCache(): Promise<Cache | undefined> {
  // No Cache Storage (an insecure origin, a private mode that refuses it): fetched each time, as before.
  if (typeof caches === 'undefined') return undefined;
  return caches.open(VOCABULARY_CACHE).catch(() => undefined);
}

let readVocabulary = async (encoding: TokenizerEncoding): Promise<string> => {
  const url = new URL(VOCABULARY_URL[encoding], globalThis.location.href).href;
  const cache = await openVocabularyCache();
  const kept = await cache?.match(url).catch(() => undefined);
  if (kept) return kept.text();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The ${encoding} vocabulary could not be fetched (HTTP ${response.status}).`);
  if (cache) {
    // A new build names the file anew (its hash): the copy of an older build of this vocabulary goes.
    const older = (await cache.keys().catch(() => [])).filter(
      (request) => request.url !== url && request.url.includes(encoding),
    );
    await Promise.all([cache.put(url, response.clone()), ...older.map((request) => cache.delete(request))]).catch(
      () => undefined,
    );
  }
  return response.text();
};

/** Reads vocabularies another way (tests read the package's files from disk). */
export function setVocabularyReader(reader: (encoding: TokenizerEncoding) => Promise<string>): void {
  readVocabulary = reader;
}

const strict = new TextDecoder('utf-8', { fatal: true });

/**
 * The ranks of a `.tiktoken` file (one `base64-token rank` per line) as the tokenizer takes them: a token's text
 * where its bytes are valid UTF-8, else its bytes.
 */
export function parseTiktoken(text: string): Array<string | number[]> {
  const ranks: Array<string | number[]> = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const space = text.indexOf(' ', start);
    if (space > start && space < end) {
      const binary = atob(text.slice(start, space));
      // Most tokens are ASCII: their bytes are their text already.
      ranks[Number(text.slice(space + 1, end))] = ASCII.test(binary) ? binary : fromBytes(binary);
    }
    start = end + 1;
  }
  return ranks;
}

const ASCII = /^\p{ASCII}*$/u;

function fromBytes(binary: string): string | number[] {
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  try {
    return strict.decode(bytes);
  } catch {
    return Array.from(bytes);
  }
}

const loaded = new Map<TokenizerEncoding, Promise<CountTokens>>();
const ready = new Map<TokenizerEncoding, CountTokens>();

// Text that looks like a special token (`<|endoftext|>`) is counted as the plain text it is, never refused.
const PLAIN = { disallowedSpecial: new Set<string>() };

async function loadEncoding(encoding: TokenizerEncoding): Promise<CountTokens> {
  const ranks = parseTiktoken(await readVocabulary(encoding));
  const api = GptEncoding.getEncodingApi(encoding, () => ranks);
  return (text) => api.countTokens(text, PLAIN);
}

/** Loads the vocabularies of the given encodings (once each; a failed load is tried again next time). */
export async function loadEncodings(encodings: Iterable<TokenizerEncoding>): Promise<void> {
  await Promise.all(
    [...new Set(encodings)].map((encoding) => {
      let promise = loaded.get(encoding);
      if (!promise) {
        promise = loadEncoding(encoding).then((count) => {
          ready.set(encoding, count);
          return count;
        });
        promise.catch(() => loaded.delete(encoding));
        loaded.set(encoding, promise);
      }
      return promise;
    }),
  );
}

/** Counts with the vocabularies loaded so far: undefined for a model of no known family or one not loaded yet. */
export const countTokens: TokenCounter = (model, text) => {
  const encoding = tokenizerEncoding(model);
  const count = encoding === undefined ? undefined : ready.get(encoding);
  return count === undefined ? undefined : text === '' ? 0 : count(text);
};
