import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings } from '../../config/settings.ts';
import { recallNotes } from '../../context/memory-recall.ts';
import { noteTextHash } from '../../context/semantic/note-embedding-text.ts';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { localEmbeddingsResponse } from '../../demo/local-embedder.ts';
import { openTestDb } from '../../testing/fake-db.ts';
import { useAppStore } from '../app-store.ts';
import { createIndexedDbPersistence } from '../indexeddb-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices } from '../services.ts';
import { recallSearcher, resetMeaningIndex } from './meaning-search.ts';
import { addNote, changeNote, forgetNote, listNotes, pinNote } from './note-actions.ts';

const initialApp = useAppStore.getState();
const semantic: Settings = {
  ...defaultSettings,
  provider: 'custom',
  baseUrl: 'http://127.0.0.1:9/v1',
  model: 'chat-model',
  semanticRecall: true,
  embeddingModel: 'embed-a',
};

let persistence: Persistence;
let embedded: string[];
let fetchEmbeddings: typeof fetch;

beforeEach(async () => {
  useAppStore.setState(initialApp, true);
  let time = 1_000;
  const now = () => (time += 1);
  persistence = createIndexedDbPersistence(await openTestDb(), { newId: sequentialIds(), now });
  embedded = [];
  // An OpenAI-compatible /embeddings (the demo's deterministic embedder) that records what it embedded.
  fetchEmbeddings = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as { input: string[] };
    embedded.push(...body.input);
    return new Response(JSON.stringify((localEmbeddingsResponse(body) as { body: unknown }).body), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  setServices({ persistence, fetch: fetchEmbeddings, now, newId: sequentialIds() });
});

afterEach(() => resetMeaningIndex());

const useSettings = (settings: Settings) => useAppStore.setState({ settings });

describe('note actions (the Memory dialog and a memory span’s details)', () => {
  it('a pinned note is always recalled, kept as "pinned", even for a question it has nothing to do with; unpinned it is not', async () => {
    await addNote('Answer in metric units.', []);
    await addNote('Miso is a kitten.', []);
    const [units] = (await listNotes()).filter((note) => note.content.startsWith('Answer'));
    await pinNote(units!.id, true);
    const searcher = recallSearcher(defaultSettings, persistence, fetchEmbeddings);
    const pinned = await recallNotes(searcher, 'What pet do I have?');
    expect(pinned.hits.map((hit) => hit.note.content)).toContain('Answer in metric units.');
    expect(pinned.ranked.find((candidate) => candidate.note.id === units!.id)).toMatchObject({
      kept: true,
      reason: 'pinned',
    });

    await pinNote(units!.id, false);
    const unpinned = await recallNotes(
      recallSearcher(defaultSettings, persistence, fetchEmbeddings),
      'What pet do I have?',
    );
    expect(unpinned.hits.map((hit) => hit.note.content)).not.toContain('Answer in metric units.');
  });

  it('an edited note is embedded again right away when Semantic recall is on (and only that note)', async () => {
    useSettings(semantic);
    await addNote('Miso is a kitten.', []);
    await addNote('Green tea in the morning.', []);
    // The first recall embeds both notes and the question.
    await recallSearcher(semantic, persistence, fetchEmbeddings).searchByMeaning?.('pets', 5);
    expect(embedded).toHaveLength(3);
    const [miso] = (await listNotes()).filter((note) => note.content.startsWith('Miso'));

    expect(await changeNote(miso!.id, { content: 'Miso is a grown cat now.' })).toBeUndefined();
    expect(embedded.slice(3)).toEqual(['Miso is a grown cat now.']);
    const record = (await persistence.noteVectors.list()).find((vector) => vector.noteId === miso!.id);
    expect(record?.textHash).toBe(noteTextHash({ content: 'Miso is a grown cat now.', tags: [] }));
  });

  it('does not embed when Semantic recall is off, or when only the pin changed', async () => {
    useSettings({ ...semantic, semanticRecall: false });
    await addNote('Miso is a kitten.', []);
    const [miso] = await listNotes();
    await changeNote(miso!.id, { content: 'Miso is a cat.' });
    useSettings(semantic);
    await changeNote(miso!.id, { pinned: true });
    expect(embedded).toEqual([]);
  });

  it('says why a new embedding failed, with the note saved all the same', async () => {
    useSettings(semantic);
    await addNote('Miso is a kitten.', []);
    const [miso] = await listNotes();
    setServices({
      persistence,
      fetch: (async () => new Response('{"error":{"message":"Not Found"}}', { status: 404 })) as typeof fetch,
      now: () => 5,
      newId: sequentialIds(),
    });
    expect(await changeNote(miso!.id, { content: 'Miso is a cat.' })).toMatch(/no embeddings API/);
    expect((await listNotes())[0]?.content).toBe('Miso is a cat.');
  });

  it('forgetting a note deletes it and its vector', async () => {
    useSettings(semantic);
    await addNote('Miso is a kitten.', []);
    await addNote('Green tea in the morning.', []);
    await recallSearcher(semantic, persistence, fetchEmbeddings).searchByMeaning?.('pets', 5);
    const [miso, tea] = [...(await listNotes())].sort((a, b) => a.content.localeCompare(b.content)).toReversed();
    expect(await persistence.noteVectors.list()).toHaveLength(2);
    await forgetNote(miso!.id);
    expect((await listNotes()).map((note) => note.id)).toEqual([tea!.id]);
    expect((await persistence.noteVectors.list()).map((record) => record.noteId)).toEqual([tea!.id]);
  });
});
