// The Knowledge library's search for runs (part of the agent runtime chunk): the one KnowledgeSearch of the app.
// What invalidates its index: a document added or deleted in this tab (`onKnowledgeChanged`), or, for another tab's
// changes, a run finding a different document list in storage than the index was built from.
import type { Settings } from '../../config/settings.ts';
import { onKnowledgeChanged } from '../../knowledge/knowledge-events.ts';
import { createKnowledgeSearch, type KnowledgeAccess, type KnowledgeSearch } from '../../knowledge/knowledge-search.ts';
import type { KnowledgeDocument, KnowledgeStore } from '../../knowledge/knowledge-types.ts';
import type { EndpointMemory } from '../../model/endpoint-memory.ts';
import type { Persistence } from '../persistence.ts';
import { embeddingTarget, probedEmbedder } from './meaning-search.ts';

let owner: { library: KnowledgeStore; search: KnowledgeSearch; unsubscribe: () => void } | undefined;

/** The app's knowledge search over this library (made once; made again if the library object was replaced). */
export function sharedKnowledgeSearch(library: KnowledgeStore): KnowledgeSearch {
  if (owner?.library === library) return owner.search;
  owner?.unsubscribe();
  const search = createKnowledgeSearch(library);
  owner = { library, search, unsubscribe: onKnowledgeChanged(() => search.invalidate()) };
  return search;
}

const signature = (documents: readonly KnowledgeDocument[]): string =>
  documents
    .map((document) => document.id)
    .sort()
    .join('\n');

/**
 * The library's search as a run's tool context holds it, or undefined when the library is empty (the tool is then
 * not offered). With Semantic recall on, it searches by meaning too, with the notes' embedder and probing.
 */
export async function runKnowledgeAccess(
  settings: Settings,
  persistence: Pick<Persistence, 'knowledge' | 'knowledgeVectors'>,
  fetchImplementation: typeof fetch,
  memory?: EndpointMemory,
): Promise<KnowledgeAccess | undefined> {
  const library = await persistence.knowledge();
  const stored = await library.listDocuments();
  if (!stored.some((document) => document.passages > 0)) return undefined;
  const search = sharedKnowledgeSearch(library);
  // Another tab may have added or deleted a document: its events do not reach this tab.
  if (signature(await search.documents()) !== signature(stored)) search.invalidate();
  const meaning = settings.semanticRecall
    ? {
        embedder: probedEmbedder(
          embeddingTarget(settings, fetchImplementation),
          settings.requestTimeoutSeconds * 1000,
          memory,
        ),
        vectors: await persistence.knowledgeVectors(),
      }
    : undefined;
  return {
    documents: () => search.documents(),
    search: (query, documentIds) =>
      search.search(query, { ...(documentIds ? { documentIds } : {}), ...(meaning ? { meaning } : {}) }),
  };
}
