import { renderText, type TextRef } from './message-text.ts';

/**
 * The English wording of embedding failures and of recall's fallback. src/i18n/semantic-recall.ts adds the Chinese
 * table for the same keys.
 */
export const embeddingTextEnglish = {
  'no-endpoint':
    'The endpoint at {baseUrl} has no embeddings API: /embeddings answered 404 Not Found. Some providers (DeepSeek, for one) offer chat only.',
  'not-enabled':
    'The server at {baseUrl} can embed but was started without embeddings: /embeddings answered {status} Not Implemented. llama.cpp needs `llama-server --embeddings`.',
  'chat-only':
    'The model “{model}” at {baseUrl} is a chat model, not an embedding model, so the server refused to embed with it. Set an embedding model in Settings (vLLM serves one with `--task embed`).',
  'unknown-model':
    'The endpoint at {baseUrl} does not know the embedding model “{model}”. Check the name in Settings → Memory → Embedding model.',
  unauthorized: 'The endpoint at {baseUrl} refused the API key for embeddings (HTTP {status}).',
  unreachable:
    'The embeddings request to {baseUrl} got no answer (the server is down, or it refuses cross-origin requests from this page).',
  'bad-response':
    'The endpoint at {baseUrl} answered the embeddings request with something that is not a list of vectors.',
  failed: 'The embeddings request to {baseUrl} failed (HTTP {status}).',
  'local-none':
    'No embedding model file is chosen for the model in this browser: choose a GGUF file in Settings → Memory → Embedding model.',
  'local-failed': 'The embedding model file “{model}” could not embed in this browser.',
  said: 'It said: “{message}”',
  fallback: 'Semantic recall is unavailable, so notes were recalled by words only. {reason}',
} as const;

/** A key of the embedding wording. */
export type EmbeddingTextKey = keyof typeof embeddingTextEnglish;

/** An embedding message: key and values. */
export type EmbeddingText = TextRef<EmbeddingTextKey>;

/** An embedding message in English. */
export function embeddingEnglish(text: EmbeddingText | readonly EmbeddingText[]): string {
  return renderText(embeddingTextEnglish, text);
}
