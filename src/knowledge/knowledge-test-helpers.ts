import type { PassageEmbedder } from './knowledge-search.ts';

export { MemoryPassageVectors } from './memory-passage-vectors.ts';
import type { KnowledgeDocument, KnowledgeStore, Passage } from './knowledge-types.ts';

/** A document and its passages, for an in-memory library. */
export interface TestDocument {
  id: string;
  name: string;
  passages: Array<{ text: string; page?: number; headings?: string[] }>;
  format?: KnowledgeDocument['format'];
}

/** An in-memory KnowledgeStore (tests and the bench), with add and delete. */
export class MemoryKnowledgeStore implements KnowledgeStore {
  private readonly documents = new Map<string, KnowledgeDocument>();
  private readonly passages = new Map<string, Passage[]>();

  constructor(documents: readonly TestDocument[] = []) {
    for (const document of documents) this.add(document);
  }

  add(input: TestDocument): KnowledgeDocument {
    const passages = input.passages.map((passage, ordinal): Passage => ({
      id: `${input.id}:${ordinal}`,
      documentId: input.id,
      ordinal,
      text: passage.text,
      ...(passage.page === undefined ? {} : { page: passage.page }),
      ...(passage.headings ? { headings: passage.headings } : {}),
    }));
    const pages = passages.reduce((most, passage) => Math.max(most, passage.page ?? 0), 0);
    const document: KnowledgeDocument = {
      id: input.id,
      name: input.name,
      format: input.format ?? (pages > 0 ? 'pdf' : 'markdown'),
      bytes: passages.reduce((sum, passage) => sum + passage.text.length, 0),
      ...(pages > 0 ? { pages } : {}),
      passages: passages.length,
      addedAt: this.documents.size,
    };
    this.documents.set(document.id, document);
    this.passages.set(document.id, passages);
    return document;
  }

  delete(id: string): void {
    this.documents.delete(id);
    this.passages.delete(id);
  }

  async listDocuments(): Promise<KnowledgeDocument[]> {
    return [...this.documents.values()];
  }

  async listPassages(documentIds?: readonly string[]): Promise<Passage[]> {
    const ids = documentIds ?? [...this.passages.keys()];
    return ids.flatMap((id) => this.passages.get(id) ?? []);
  }

  async getPassage(id: string): Promise<Passage | undefined> {
    return [...this.passages.values()].flat().find((passage) => passage.id === id);
  }

  async getOriginal(): Promise<Blob | undefined> {
    return undefined;
  }
}

/**
 * A fake embedder over a few topics: each text's vector counts the words of each topic it holds, so texts on the
 * same topic are similar whatever their exact words. `calls` counts the texts embedded.
 */
export function topicEmbedder(
  topics: ReadonlyArray<readonly string[]>,
  model = 'topic-test',
): PassageEmbedder & {
  calls: number;
} {
  const embedder = {
    model,
    label: model,
    calls: 0,
    async embed(texts: readonly string[]): Promise<Float32Array[]> {
      embedder.calls += texts.length;
      return texts.map((text) => {
        const lower = text.toLowerCase();
        const vector = topics.map((words) => words.filter((word) => lower.includes(word)).length);
        return Float32Array.from([...vector, 0.01]);
      });
    },
  };
  return embedder;
}
