// The search behind `search_knowledge`: the one owner of the library's search index (full text, and the passages'
// vectors when semantic recall is on). What invalidates it: a document added or deleted (`invalidate()`, called
// from `onKnowledgeChanged`; see store/actions/knowledge-access.ts). Nothing else changes passages: a
// document is parsed once, so its passages never change while it is in the library.
import type { SemanticStatus } from '../context/fused-recall.ts';
import { embeddingTextHash } from '../context/semantic/note-embedding-text.ts';
import { normalise, scanTopK } from '../context/semantic/vector-math.ts';
import { createVectorMatrix, type VectorMatrix } from '../context/semantic/vector-matrix.ts';
import type { KnowledgeDocument, KnowledgeStore, Passage } from './knowledge-types.ts';
import { buildPassageIndex, passageSearchText, type PassageIndex } from './passage-index.ts';
import { rankPassageCandidates, type PassageCandidate, type PassageRankingOptions } from './passage-ranking.ts';

/** A passage's stored embedding: which model made it, its dimensions, and the hash of the text embedded. */
export interface PassageVectorRecord {
  passageId: string;
  documentId: string;
  model: string;
  dimensions: number;
  vector: Float32Array;
  textHash: string;
}

/** Where passage embeddings are kept (IndexedDB in the app; memory in tests). */
export interface PassageVectorStore {
  list(): Promise<PassageVectorRecord[]>;
  put(records: readonly PassageVectorRecord[]): Promise<void>;
  /** Deletes the vectors of passages not in `keep`. */
  prune(keep: ReadonlySet<string>): Promise<number>;
}

/** Embeds texts (the notes' embedder: src/model/embeddings.ts) and says which model it is. */
export interface PassageEmbedder {
  readonly model: string;
  /** What people read as the embedder. */
  readonly label: string;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** What a search found: every candidate with its scores, and the passages kept. */
export interface KnowledgeSearchResult {
  /** The documents searched (all, or those the call named). */
  documents: KnowledgeDocument[];
  /** The query terms searched for. */
  terms: string[];
  candidates: PassageCandidate[];
  /** The kept passages, in order. */
  passages: Passage[];
  /** Whether meaning took part (absent when semantic recall is off). */
  semantic?: SemanticStatus;
}

/** Options of a search. */
export interface KnowledgeSearchOptions {
  /** Only these documents (ids). */
  documentIds?: readonly string[];
  ranking?: Partial<PassageRankingOptions>;
  /** Search by meaning too, with this embedder (semantic recall on). */
  meaning?: { embedder: PassageEmbedder; vectors: PassageVectorStore };
}

interface Built {
  documents: KnowledgeDocument[];
  passages: Passage[];
  index: PassageIndex;
}

interface Vectors {
  model: string;
  dimensions: number;
  matrix: VectorMatrix;
  /** The passage of each row of the matrix. */
  rows: Passage[];
}

/** Candidates taken from each side before fusion, per passage returned. */
const CANDIDATES_PER_RESULT = 3;

/** What `search_knowledge` is given in its tool context: the library's documents and a search bound to the run. */
export interface KnowledgeAccess {
  documents(): Promise<KnowledgeDocument[]>;
  /** Searches the documents with these ids (all when absent). */
  search(query: string, documentIds?: readonly string[]): Promise<KnowledgeSearchResult>;
}

/** The library's search index and its owner; `invalidate` when a document is added or deleted. */
export interface KnowledgeSearch {
  documents(): Promise<KnowledgeDocument[]>;
  search(query: string, options?: KnowledgeSearchOptions): Promise<KnowledgeSearchResult>;
  invalidate(): void;
}

/** Creates the search over a store; the index is built on the first search and kept until `invalidate`. */
export function createKnowledgeSearch(store: KnowledgeStore): KnowledgeSearch {
  let built: Promise<Built> | undefined;
  let vectors: Promise<Vectors> | undefined;
  let vectorsModel = '';

  const build = (): Promise<Built> => {
    built ??= (async () => {
      const [documents, passages] = await Promise.all([store.listDocuments(), store.listPassages()]);
      const known = new Set(documents.map((document) => document.id));
      const listed = passages.filter((passage) => known.has(passage.documentId));
      return { documents, passages: listed, index: await buildPassageIndex(listed) };
    })();
    const attempt = built;
    // A failed build is not kept: the next search tries again.
    attempt.catch(() => {
      if (built === attempt) built = undefined;
    });
    return attempt;
  };

  /** The passages' vectors for the embedder's model, embedded where missing; kept until `invalidate`. */
  const loadVectors = (library: Built, meaning: NonNullable<KnowledgeSearchOptions['meaning']>): Promise<Vectors> => {
    if (vectors && vectorsModel === meaning.embedder.model) return vectors;
    vectorsModel = meaning.embedder.model;
    const attempt = embedLibrary(library.passages, meaning);
    vectors = attempt;
    attempt.catch(() => {
      if (vectors === attempt) vectors = undefined;
    });
    return attempt;
  };

  return {
    documents: async () => (await build()).documents,
    async search(query, options = {}) {
      const library = await build();
      const ids = options.documentIds ? new Set(options.documentIds) : undefined;
      const limit = options.ranking?.limit ?? 5;
      const candidateLimit = limit * CANDIDATES_PER_RESULT;
      const fullText = library.index.search(query, { limit: candidateLimit, ...(ids ? { documentIds: ids } : {}) });
      let meaning: { hits: Array<{ passage: Passage; similarity: number }>; semantic: SemanticStatus } | undefined;
      if (options.meaning && query.trim() !== '') {
        try {
          const loaded = await loadVectors(library, options.meaning);
          const [raw] = await options.meaning.embedder.embed([query.slice(0, 8000)]);
          const queryVector = normalise(raw ?? []);
          if (loaded.rows.length > 0 && queryVector.length !== loaded.dimensions)
            throw new Error(
              `The query's embedding has ${queryVector.length} dimensions and the passages' ${loaded.dimensions}.`,
            );
          const allowed = ids ? loaded.rows.map((passage) => ids.has(passage.documentId)) : undefined;
          const hits = loaded.rows.length === 0 ? [] : scanTopK(loaded.matrix, queryVector, candidateLimit, allowed);
          meaning = {
            hits: hits.map((hit) => ({ passage: loaded.rows[hit.index] as Passage, similarity: hit.similarity })),
            semantic: { status: 'ok', embedder: options.meaning.embedder.label },
          };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          const text =
            typeof error === 'object' && error !== null && 'text' in error
              ? (error as { text: unknown }).text
              : undefined;
          meaning = { hits: [], semantic: { status: 'failed', reason, ...(text === undefined ? {} : { text }) } };
        }
      }
      const candidates = rankPassageCandidates({
        fullText,
        ...(meaning?.semantic.status === 'ok' ? { meaning: meaning.hits } : {}),
        options: { ...options.ranking, limit },
      });
      return {
        documents: ids ? library.documents.filter((document) => ids.has(document.id)) : library.documents,
        terms: library.index.queryTerms(query),
        candidates,
        passages: candidates.filter((candidate) => candidate.kept).map((candidate) => candidate.passage),
        ...(meaning ? { semantic: meaning.semantic } : {}),
      };
    },
    invalidate() {
      built = undefined;
      vectors = undefined;
    },
  };
}

/**
 * Brings the stored vectors up to date for the embedder (a passage with no vector, or one from another model, is
 * embedded now, in the embedder's batches), prunes those of deleted passages, and lays them out as one matrix.
 */
async function embedLibrary(
  passages: readonly Passage[],
  meaning: NonNullable<KnowledgeSearchOptions['meaning']>,
): Promise<Vectors> {
  const { embedder, vectors: store } = meaning;
  const stored = new Map((await store.list()).map((record) => [record.passageId, record]));
  const texts = new Map(passages.map((passage) => [passage.id, passageSearchText(passage)]));
  const stale = passages.filter((passage) => {
    const record = stored.get(passage.id);
    return (
      !record || record.model !== embedder.model || record.textHash !== embeddingTextHash(texts.get(passage.id) ?? '')
    );
  });
  if (stale.length > 0) {
    const raw = await embedder.embed(stale.map((passage) => texts.get(passage.id) ?? ''));
    const records = stale.map((passage, position): PassageVectorRecord => {
      const vector = normalise(raw[position] ?? []);
      return {
        passageId: passage.id,
        documentId: passage.documentId,
        model: embedder.model,
        dimensions: vector.length,
        vector,
        textHash: embeddingTextHash(texts.get(passage.id) ?? ''),
      };
    });
    await store.put(records);
    for (const record of records) stored.set(record.passageId, record);
  }
  if (stored.size > passages.length) await store.prune(new Set(texts.keys()));
  const dimensions = stored.get(passages[0]?.id ?? '')?.dimensions ?? 0;
  const rows = passages.filter((passage) => {
    const record = stored.get(passage.id);
    return record?.model === embedder.model && record.dimensions === dimensions;
  });
  const matrix = createVectorMatrix(rows.length, dimensions);
  rows.forEach((passage, row) => matrix.setRow(row, (stored.get(passage.id) as PassageVectorRecord).vector));
  return { model: embedder.model, dimensions, matrix, rows };
}
