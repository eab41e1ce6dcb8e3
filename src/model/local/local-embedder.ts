/**
 * Semantic recall with a GGUF embedding model in the page: the same Embedder as an endpoint's `/embeddings`, so the
 * vectors are stored with their model (the file name) and dimension, and probing and the fallback to words work as
 * for an endpoint. The model runs in a second wllama instance (loaded with `embeddings: true`), beside the chat model;
 * wllama loads on the first embedding only.
 */
import { EmbeddingError, type Embedder } from '../embeddings.ts';
import { localThreads } from './local-provider.ts';
import { openModelFiles } from './model-files.ts';

/** The context an embedding model is loaded with: what it was trained on, within 512..8,192 tokens. */
export function embeddingContextSize(trained: number | undefined): number {
  return Math.max(512, Math.min(8192, trained ?? 2048));
}

export interface LocalEmbedderOptions {
  /** Tests may open files from elsewhere; by default the file is read from OPFS. */
  open?: (name: string) => Promise<Blob | Blob[]>;
  threads?: number;
}

/** An embedder for a stored GGUF file ('' = none chosen: every call fails with a reason, remembered as lasting). */
export function createLocalEmbedder(file: string, options: LocalEmbedderOptions = {}): Embedder {
  return {
    model: file,
    async embed(texts, signal) {
      if (!file) throw new EmbeddingError('not-enabled', [{ key: 'local-none' }]);
      signal?.throwIfAborted();
      try {
        const runtime = await import('./wllama-runtime.ts');
        const open = options.open ?? openModelFiles;
        const loaded = await runtime.loadedEmbeddingModel({
          file,
          open,
          threads: options.threads ?? localThreads().threads,
          contextSize: (info) => embeddingContextSize(info.contextLength),
        });
        return await runtime.embedTexts(loaded, texts);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new EmbeddingError('failed', [
          { key: 'local-failed', values: { model: file } },
          { key: 'said', values: { message } },
        ]);
      }
    },
  };
}
