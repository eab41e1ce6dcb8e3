import type { TokenCountRequest, TokenCountResponse } from './token-count-worker.ts';
import type { TokenCounter } from './run-facts.ts';
import { tokenizerEncoding } from './tokenizer-family.ts';

/** Counts done so far, by encoding and text (a hash of it: the texts themselves are not kept). */
const counts = new Map<string, number>();

function hashText(text: string): string {
  // Two FNV-1a hashes with different seeds and the length: a collision would need all three to agree.
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  return `${text.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}

function keyOf(model: string, text: string): string | undefined {
  const encoding = tokenizerEncoding(model);
  return encoding === undefined ? undefined : `${encoding}:${hashText(text)}`;
}

/** The counts done so far, synchronously: undefined for a text not counted (yet) or a model of no known family. */
export const countedTokens: TokenCounter = (model, text) => {
  if (text === '') return tokenizerEncoding(model) === undefined ? undefined : 0;
  const key = keyOf(model, text);
  return key === undefined ? undefined : counts.get(key);
};

let worker: Worker | undefined;
let next = 0;
const waiting = new Map<number, { resolve: (counts: Array<number | null>) => void; reject: (error: Error) => void }>();

function countWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./token-count-worker.ts', import.meta.url), {
    type: 'module',
    name: 'glassbox-tokens',
  });
  started.onmessage = (event: MessageEvent<TokenCountResponse>) => {
    const response = event.data;
    const entry = waiting.get(response.id);
    waiting.delete(response.id);
    if (!entry) return;
    if (response.ok) entry.resolve(response.counts);
    else entry.reject(new Error(response.error));
  };
  started.onerror = (event) => {
    event.preventDefault();
    worker = undefined;
    started.terminate();
    for (const [id, entry] of waiting) {
      waiting.delete(id);
      entry.reject(new Error('The token counter could not start.'));
    }
  };
  worker = started;
  return started;
}

async function countElsewhere(items: Array<{ model: string; text: string }>): Promise<Array<number | null>> {
  if (typeof Worker === 'undefined') {
    // No worker (tests, old browsers): counted here, the vocabularies still loaded only when needed.
    const { countTokens, loadEncodings } = await import('./token-counter.ts');
    await loadEncodings(items.flatMap((item) => tokenizerEncoding(item.model) ?? []));
    return items.map((item) => countTokens(item.model, item.text) ?? null);
  }
  const id = (next += 1);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    countWorker().postMessage({ id, items } satisfies TokenCountRequest);
  });
}

/**
 * Counts the texts not counted yet whose model has a known tokenizer, off the main thread; afterwards
 * `countedTokens` answers them. True when anything new was counted.
 */
export async function countTexts(items: Array<{ model: string; text: string }>): Promise<boolean> {
  const wanted = new Map<string, { model: string; text: string }>();
  for (const item of items) {
    if (item.text === '') continue;
    const key = keyOf(item.model, item.text);
    if (key !== undefined && !counts.has(key)) wanted.set(key, item);
  }
  if (wanted.size === 0) return false;
  const keys = [...wanted.keys()];
  const answers = await countElsewhere([...wanted.values()]);
  let added = false;
  answers.forEach((count, index) => {
    if (count === null) return;
    counts.set(keys[index] as string, count);
    added = true;
  });
  return added;
}
