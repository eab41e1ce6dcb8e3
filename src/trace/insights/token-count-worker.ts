// Counts tokens off the main thread for the trace panel and Span details: loads the vocabularies the asked models
// need (once) and answers each text's count, or null for a model of no known family.
import { countTokens, loadEncodings } from './token-counter.ts';
import { tokenizerEncoding, type TokenizerEncoding } from './tokenizer-family.ts';

/** What the page asks: texts to count, each for a model. */
export interface TokenCountRequest {
  id: number;
  items: Array<{ model: string; text: string }>;
}

/** The counts in the order asked (null: not counted), or why none could be. */
export type TokenCountResponse =
  { id: number; ok: true; counts: Array<number | null> } | { id: number; ok: false; error: string };

interface WorkerScope {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<TokenCountRequest>) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, items } = event.data;
  const encodings = items
    .map((item) => tokenizerEncoding(item.model))
    .filter((encoding): encoding is TokenizerEncoding => encoding !== undefined);
  loadEncodings(encodings).then(
    () =>
      scope.postMessage({
        id,
        ok: true,
        counts: items.map((item) => countTokens(item.model, item.text) ?? null),
      } satisfies TokenCountResponse),
    (error: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies TokenCountResponse),
  );
};
