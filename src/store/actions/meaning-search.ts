import type { MeaningSearchResult, SemanticStatus } from '../../context/fused-recall.ts';
import type { NotesSearcher } from '../../context/memory-recall.ts';
import { embeddingTextHash, noteEmbeddingText } from '../../context/semantic/note-embedding-text.ts';
import { normalise } from '../../context/semantic/vector-math.ts';
import { createInlineScanner, createWorkerScanner, type VectorScanner } from '../../context/semantic/vector-scanner.ts';
import { DEMO_PROVIDER, type Settings } from '../../config/settings.ts';
import type { NoteVectorRecord } from '../../db/schema.ts';
import { createDemoFetch, DEMO_BASE_URL } from '../../demo/demo-fetch.ts';
import { DEMO_EMBEDDER_LABEL, DEMO_EMBEDDING_MODEL } from '../../demo/local-embedder.ts';
import { embeddingNoticeIn } from '../../i18n/semantic-recall.ts';
import type { RunNotice } from '../../i18n/run-notices.ts';
import type { EmbeddingText } from '../../model/embedding-text.ts';
import { createEmbedder, EmbeddingError, LASTING_EMBEDDING_FAILURES, type Embedder } from '../../model/embeddings.ts';
import { endpointKey, type EmbeddingsFact, type EndpointMemory } from '../../model/endpoint-memory.ts';
import { createLocalEmbedder } from '../../model/local/local-embedder.ts';
import { LOCAL_PROVIDER } from '../../model/local/local-provider.ts';
import type { Note } from '../../tools/tool-context.ts';
import type { Persistence } from '../persistence.ts';
import { currentLanguage } from './current-language.ts';

/** The embedding model used when the setting is empty. */
export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/** Where and with what notes are embedded, resolved from settings; the demo provider embeds locally. */
export interface EmbeddingTarget {
  provider: string;
  baseUrl: string;
  apiKey: string;
  model: string;
  /** What people read as the embedder (the model id, or the demo's labelled local embedder). */
  label: string;
  fetch: typeof fetch;
}

let demoFetch: typeof fetch | undefined;

/** The embedding endpoint and model for these settings. */
export function embeddingTarget(settings: Settings, fetchImplementation: typeof fetch): EmbeddingTarget {
  if (settings.provider === DEMO_PROVIDER) {
    demoFetch ??= createDemoFetch({ chunkDelayMs: 0 });
    return {
      provider: DEMO_PROVIDER,
      baseUrl: DEMO_BASE_URL,
      apiKey: 'demo',
      model: DEMO_EMBEDDING_MODEL,
      label: DEMO_EMBEDDER_LABEL,
      fetch: demoFetch,
    };
  }
  if (settings.provider === LOCAL_PROVIDER) {
    // The model in this browser: `Embedding model` names a stored GGUF file ('' = none chosen).
    const file = settings.embeddingModel.trim();
    return {
      provider: LOCAL_PROVIDER,
      baseUrl: 'opfs:models',
      apiKey: '',
      model: file,
      label: file,
      fetch: fetchImplementation,
    };
  }
  const model = settings.embeddingModel.trim() || DEFAULT_EMBEDDING_MODEL;
  return {
    provider: settings.provider,
    baseUrl: settings.baseUrl.trim().replace(/\/+$/u, ''),
    apiKey: settings.apiKey,
    model,
    label: model,
    fetch: fetchImplementation,
  };
}

function embedderFor(target: EmbeddingTarget, timeoutMs: number): Embedder {
  if (target.provider === LOCAL_PROVIDER) return createLocalEmbedder(target.model);
  return createEmbedder(
    { baseUrl: target.baseUrl, apiKey: target.apiKey, model: target.model },
    { fetch: target.fetch, timeoutMs },
  );
}

/** The endpoint-memory key of an embedding endpoint and model. */
function probeKey(target: EmbeddingTarget): string {
  return endpointKey({ provider: target.provider, baseUrl: target.baseUrl, model: target.model });
}

/** A failure remembered from an earlier probe, told again without a request. */
function rememberedFailure(kind: Exclude<EmbeddingsFact, 'ok'>, target: EmbeddingTarget): EmbeddingError {
  return new EmbeddingError(kind, [
    { key: kind, values: { baseUrl: target.baseUrl, model: target.model, status: kind === 'not-enabled' ? 501 : 404 } },
  ]);
}

interface VectorIndex {
  key: string;
  notes: Note[];
  dimensions: number;
}

let index: VectorIndex | undefined;
let building: Promise<VectorIndex> | undefined;
let scanner: VectorScanner | undefined;

function sharedScanner(): VectorScanner {
  scanner ??=
    typeof Worker === 'undefined'
      ? createInlineScanner()
      : createWorkerScanner(
          new Worker(new URL('../../context/semantic/vector-scan-worker.ts', import.meta.url), {
            type: 'module',
            name: 'glassbox-vectors',
          }),
        );
  return scanner;
}

/** Forgets the vector index (tests; the next search rebuilds it from the stored vectors). */
export function resetMeaningIndex(): void {
  index = undefined;
  building = undefined;
  scanner?.dispose();
  scanner = undefined;
}

type Stores = Pick<Persistence, 'notes' | 'noteVectors'>;

/**
 * Brings the stored vectors up to date for the embedder (a note with no vector, one from another model, or an
 * edited note is embedded now, in batches) and loads them into the scanner; reused while the notes are unchanged.
 */
async function ensureIndex(stores: Stores, embedder: Embedder): Promise<VectorIndex> {
  const signature = stores.notes.signature ? await stores.notes.signature() : undefined;
  const key = `${embedder.model}\n${signature ?? Math.random()}`;
  if (index?.key === key) return index;
  if (building) return building;
  building = (async () => {
    const notes = await stores.notes.list();
    const stored = new Map((await stores.noteVectors.list()).map((record) => [record.noteId, record]));
    const texts = new Map(notes.map((note) => [note.id, noteEmbeddingText(note)]));
    const stale = notes.filter((note) => {
      const record = stored.get(note.id);
      return (
        !record || record.model !== embedder.model || record.textHash !== embeddingTextHash(texts.get(note.id) ?? '')
      );
    });
    if (stale.length > 0) {
      const vectors = await embedder.embed(stale.map((note) => texts.get(note.id) ?? ''));
      const records: NoteVectorRecord[] = stale.map((note, position) => {
        const vector = normalise(vectors[position] ?? []);
        return {
          noteId: note.id,
          model: embedder.model,
          dimensions: vector.length,
          vector,
          textHash: embeddingTextHash(texts.get(note.id) ?? ''),
        };
      });
      await stores.noteVectors.put(records);
      for (const record of records) stored.set(record.noteId, record);
    }
    if (stored.size > notes.length) await stores.noteVectors.prune(new Set(texts.keys()));
    const dimensions = stored.get(notes[0]?.id ?? '')?.dimensions ?? 0;
    const rows = notes.filter((note) => stored.get(note.id)?.dimensions === dimensions);
    const matrix = new Float32Array(rows.length * dimensions);
    rows.forEach((note, row) => matrix.set((stored.get(note.id) as NoteVectorRecord).vector, row * dimensions));
    sharedScanner().load(matrix, dimensions);
    return { key, notes: rows, dimensions };
  })();
  try {
    index = await building;
    return index;
  } finally {
    building = undefined;
  }
}

/** The promise, its rejection marked as handled now (it is awaited later, or dropped when the notes changed). */
function handled<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** The notes of the index nearest the message's embedding: a cosine scan of their vectors in the worker. */
async function nearest(
  built: VectorIndex,
  raw: Float32Array | undefined,
  limit: number,
  embedderLabel: string,
): Promise<MeaningSearchResult> {
  const query = normalise(raw ?? []);
  if (built.notes.length === 0) return { embedder: embedderLabel, hits: [] };
  if (query.length !== built.dimensions) {
    index = undefined;
    throw new Error(
      `The message's embedding has ${query.length} dimensions and the stored ones ${built.dimensions}; they are embedded again next time.`,
    );
  }
  const hits = await sharedScanner().scan(query, limit);
  return {
    embedder: embedderLabel,
    hits: hits.map((hit) => ({ note: built.notes[hit.index] as Note, similarity: hit.similarity })),
  };
}

/**
 * An embedder for another corpus than the notes (the Knowledge library's passages) with the same probing: a lasting
 * failure remembered for the endpoint and model is told again without a request, and a new one is remembered.
 */
export function probedEmbedder(
  target: EmbeddingTarget,
  timeoutMs: number,
  memory?: EndpointMemory,
): { model: string; label: string; embed(texts: readonly string[]): Promise<Float32Array[]> } {
  const embedder = embedderFor(target, timeoutMs);
  return {
    model: embedder.model,
    label: target.label,
    async embed(texts) {
      const known = memory?.get(probeKey(target), 'embeddings');
      if (known !== undefined && known !== 'ok') throw rememberedFailure(known, target);
      try {
        const vectors = await embedder.embed(texts);
        if (known !== 'ok') memory?.set(probeKey(target), 'embeddings', 'ok');
        return vectors;
      } catch (error) {
        if (error instanceof EmbeddingError && LASTING_EMBEDDING_FAILURES.has(error.kind))
          memory?.set(probeKey(target), 'embeddings', error.kind as Exclude<EmbeddingsFact, 'ok'>);
        throw error;
      }
    },
  };
}

/** What a run's recall needs for meaning: the stores, the settings' embedding target, the probe memory. */
export interface MeaningSearchOptions {
  stores: Stores;
  target: EmbeddingTarget;
  memory?: EndpointMemory;
  timeoutMs: number;
}

/**
 * The search by meaning of a run: embeds the message, scans the notes' vectors in the worker (cosine). Support is
 * probed on first use and remembered per endpoint and model: a lasting failure (no /embeddings, llama.cpp without
 * `--embeddings`, a chat-only model) is not asked again, and recall falls back to words only.
 */
export function createMeaningSearch(options: MeaningSearchOptions): NonNullable<NotesSearcher['searchByMeaning']> {
  const { target, memory } = options;
  const embedder = embedderFor(target, options.timeoutMs);
  return async (text, limit): Promise<MeaningSearchResult> => {
    const known = memory?.get(probeKey(target), 'embeddings');
    if (known !== undefined && known !== 'ok') throw rememberedFailure(known, target);
    try {
      const embedMessage = (): Promise<Float32Array[]> => embedder.embed([text.slice(0, 8000)]);
      // Once the endpoint is known to embed and vectors are loaded, the message is embedded and scanned against them
      // while the store is checked for changed notes (a change scans again); before that the notes go first, so one
      // request probes the endpoint.
      const loaded = known === 'ok' ? index : undefined;
      const embedding = loaded ? handled(embedMessage()) : undefined;
      const early =
        loaded && embedding ? handled(embedding.then(([raw]) => nearest(loaded, raw, limit, target.label))) : undefined;
      const built = await ensureIndex(options.stores, embedder);
      if (early && built === loaded) return await early;
      const [raw] = await (embedding ?? embedMessage());
      if (known !== 'ok') memory?.set(probeKey(target), 'embeddings', 'ok');
      return await nearest(built, raw, limit, target.label);
    } catch (error) {
      if (error instanceof EmbeddingError && LASTING_EMBEDDING_FAILURES.has(error.kind))
        memory?.set(probeKey(target), 'embeddings', error.kind as Exclude<EmbeddingsFact, 'ok'>);
      throw error;
    }
  };
}

/**
 * Embeds again what changed in the notes now (an edited note), when Semantic recall is on, instead of at the next
 * recall; a failure is told, and the next recall tries again. Nothing is asked of an endpoint known to have no embeddings.
 */
export async function refreshNoteVectors(
  settings: Settings,
  stores: Stores,
  fetchImplementation: typeof fetch,
  memory?: EndpointMemory,
): Promise<{ ok: true; embedded: boolean } | { ok: false; message: string }> {
  if (!settings.semanticRecall) return { ok: true, embedded: false };
  const target = embeddingTarget(settings, fetchImplementation);
  const known = memory?.get(probeKey(target), 'embeddings');
  if (known !== undefined && known !== 'ok') return { ok: true, embedded: false };
  try {
    await ensureIndex(stores, embedderFor(target, settings.requestTimeoutSeconds * 1000));
    return { ok: true, embedded: true };
  } catch (error) {
    if (error instanceof EmbeddingError) {
      if (LASTING_EMBEDDING_FAILURES.has(error.kind))
        memory?.set(probeKey(target), 'embeddings', error.kind as Exclude<EmbeddingsFact, 'ok'>);
      return { ok: false, message: embeddingNoticeIn(currentLanguage(), error.text) };
    }
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The recall searcher of a run: words, pinned notes, and meaning when Semantic recall is on. */
export function recallSearcher(
  settings: Settings,
  stores: Stores,
  fetchImplementation: typeof fetch,
  memory?: EndpointMemory,
): NotesSearcher {
  const searcher: NotesSearcher = { search: (query, limit) => stores.notes.search(query, limit) };
  if (stores.notes.pinned) searcher.pinned = stores.notes.pinned;
  if (settings.semanticRecall) {
    searcher.searchByMeaning = createMeaningSearch({
      stores,
      target: embeddingTarget(settings, fetchImplementation),
      ...(memory ? { memory } : {}),
      timeoutMs: settings.requestTimeoutSeconds * 1000,
    });
  }
  return searcher;
}

/** The chat notice when recall fell back to words only (data: the chat words it in its language). */
export function semanticFallbackNotice(semantic: Extract<SemanticStatus, { status: 'failed' }>): RunNotice {
  const reason: EmbeddingText[] = Array.isArray(semantic.text)
    ? (semantic.text as EmbeddingText[])
    : [{ key: 'said', values: { message: semantic.reason } }];
  return { kind: 'recall-fallback', reason };
}

/** Probes the settings' embedding endpoint now (the Test button), remembering what it learns. */
export async function probeEmbeddings(
  settings: Settings,
  fetchImplementation: typeof fetch,
  memory?: EndpointMemory,
): Promise<{ ok: true; model: string; dimensions: number } | { ok: false; message: string }> {
  const target = embeddingTarget(settings, fetchImplementation);
  try {
    const [vector] = await embedderFor(target, settings.requestTimeoutSeconds * 1000).embed([
      'Glassbox embedding probe',
    ]);
    memory?.set(probeKey(target), 'embeddings', 'ok');
    return { ok: true, model: target.label, dimensions: vector?.length ?? 0 };
  } catch (error) {
    if (error instanceof EmbeddingError) {
      if (LASTING_EMBEDDING_FAILURES.has(error.kind))
        memory?.set(probeKey(target), 'embeddings', error.kind as Exclude<EmbeddingsFact, 'ok'>);
      return { ok: false, message: embeddingNoticeIn(currentLanguage(), error.text) };
    }
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
