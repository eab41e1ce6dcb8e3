import { describe, expect, it } from 'vitest';
import { noteTextHash } from '../context/semantic/note-embedding-text.ts';
import { defaultSettings } from '../config/settings.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { decodeNoteVector, encodeNoteVector } from './note-vector-file.ts';
import { listNoteVectors, putNoteVectors } from './note-vectors.ts';
import { addNote, listNotes, updateNote } from './notes.ts';
import { exportSessions, importParsed, parseImportFile } from './session-file.ts';
import { saveSettings } from './settings.ts';
import { sequentialIds } from './test-fixtures.ts';
import type { GlassboxDatabase } from './transaction.ts';

const NOW = new Date('2026-12-01T10:00:00Z');

/** A unit vector of this many dimensions with distinct, non-round numbers (exactness is checked). */
function unitVector(dimensions: number, seed = 1): Float32Array {
  const raw = Float32Array.from(
    { length: dimensions },
    (_, index) => Math.sin(seed * 13 + index * 0.7) + 0.001 * index,
  );
  const length = Math.hypot(...raw);
  return raw.map((value) => value / length);
}

/** A database with a note embedded by `model`, its vector current for its text. */
async function seedEmbeddedNote(
  content: string,
  model = 'text-embedding-3-small',
  dimensions = 8,
): Promise<{ db: GlassboxDatabase; vector: Float32Array; id: string }> {
  const db = await openTestDb();
  const note = await addNote(db, { content, tags: ['pets'] }, { newId: () => 'note_1', now: () => 5 });
  const vector = unitVector(dimensions);
  await putNoteVectors(db, [{ noteId: note.id, model, dimensions, vector, textHash: noteTextHash(note) }]);
  return { db, vector, id: note.id };
}

function parsedOrThrow(text: string) {
  const parsed = parseImportFile(text, 'all.json');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed;
}

describe('note vectors in a sessions file', () => {
  it('encodes a vector exactly and compactly as base64 of float32, and refuses a length that does not match', () => {
    const vector = unitVector(1536);
    const file = encodeNoteVector('m', vector, 'h');
    expect(file).toMatchObject({ model: 'm', dimensions: 1536 });
    // 4 bytes a number, base64: about 8 KB for 1536 dimensions (a JSON array of numbers would be three times that).
    expect(file.data.length).toBe(Math.ceil((1536 * 4) / 3) * 4);
    const decoded = decodeNoteVector(file.data, 1536);
    expect(decoded.ok && [...decoded.vector]).toEqual([...vector]);
    expect(decodeNoteVector(file.data, 1024)).toEqual({
      ok: false,
      reason: 'data holds 1536 numbers for 1024 dimensions',
    });
    expect(decodeNoteVector('not base64!', 4)).toEqual({ ok: false, reason: 'data is not base64' });
    expect(decodeNoteVector(encodeNoteVector('m', Float32Array.of(3, 4), 'h').data, 2)).toEqual({
      ok: false,
      reason: "the vector's length is 5.00, not 1",
    });
    expect(decodeNoteVector(encodeNoteVector('m', Float32Array.of(Number.NaN, 1), 'h').data, 2)).toEqual({
      ok: false,
      reason: 'number 1 is not finite',
    });
  });

  it('round trip: Export all carries each note’s vector with its model and dimension; import stores it under the note', async () => {
    const { db, vector } = await seedEmbeddedNote('Miso is a kitten who hates the vacuum cleaner.');
    const file = await exportSessions(db, { includeNotes: true, now: NOW });
    expect(file.notes?.[0]?.vector).toMatchObject({ model: 'text-embedding-3-small', dimensions: 8 });

    const fresh = await openTestDb();
    const parsed = parsedOrThrow(JSON.stringify(file));
    expect(parsed.warnings).toBeUndefined();
    const result = await importParsed(fresh, parsed, { newId: sequentialIds() });
    expect(result.notes).toBe(1);
    const [note] = await listNotes(fresh);
    const [stored] = await listNoteVectors(fresh);
    expect(stored).toMatchObject({
      noteId: note?.id,
      model: 'text-embedding-3-small',
      dimensions: 8,
      textHash: noteTextHash(note!),
    });
    [...vector].forEach((value, index) => expect(stored?.vector[index]).toBeCloseTo(value, 6));
  });

  it('keeps the vector with a note imported under a new id (its id was taken by another note)', async () => {
    const { db } = await seedEmbeddedNote('Miso is a kitten.');
    const file = await exportSessions(db, { includeNotes: true, now: NOW });
    const target = await openTestDb();
    await addNote(target, { content: 'Something else entirely' }, { newId: () => 'note_1', now: () => 1 });
    await importParsed(target, parsedOrThrow(JSON.stringify(file)), { newId: () => 'note_new' });
    expect((await listNoteVectors(target)).map((record) => record.noteId)).toEqual(['note_new']);
    expect((await listNotes(target)).map((note) => note.id).sort()).toEqual(['note_1', 'note_new']);
  });

  it('a vector of an older text of the note keeps that text’s hash: after import the note counts as not embedded yet', async () => {
    const { db, id } = await seedEmbeddedNote('Miso is a kitten.');
    await updateNote(db, id, { content: 'Miso is a grown cat now.' }, 9);
    const file = await exportSessions(db, { includeNotes: true, now: NOW });
    expect(file.notes?.[0]?.vector?.textHash).toBe(noteTextHash({ content: 'Miso is a kitten.', tags: ['pets'] }));
    const fresh = await openTestDb();
    await importParsed(fresh, parsedOrThrow(JSON.stringify(file)), { newId: sequentialIds() });
    const [note] = await listNotes(fresh);
    const [stored] = await listNoteVectors(fresh);
    expect(stored?.textHash).not.toBe(noteTextHash(note!));
  });

  it('refuses a corrupt vector clearly and still imports the note without it', async () => {
    const { db } = await seedEmbeddedNote('Miso is a kitten.');
    const file = await exportSessions(db, { includeNotes: true, now: NOW });
    const broken = JSON.parse(JSON.stringify(file)) as {
      notes: Array<{ vector: { dimensions: unknown; data: string } }>;
    };
    broken.notes[0]!.vector.dimensions = 1536;
    const parsed = parsedOrThrow(JSON.stringify(broken));
    expect(parsed.warnings).toEqual([
      'all.json: note 1 was imported without its stored embedding (notes.0.vector.data: data holds 8 numbers for 1536 dimensions); it is embedded again when semantic recall needs it.',
    ]);
    expect(parsed.noteVectors).toBeUndefined();
    const fresh = await openTestDb();
    await importParsed(fresh, parsed, { newId: sequentialIds() });
    expect((await listNotes(fresh)).map((note) => note.content)).toEqual(['Miso is a kitten.']);
    expect(await listNoteVectors(fresh)).toEqual([]);

    for (const vector of [
      { model: 'm', dimensions: 'eight', textHash: 'h', data: '' },
      { model: '', dimensions: 2, textHash: 'h', data: 'AAAAAAAAAAA=' },
      { model: 'm', dimensions: 2, textHash: 'h', data: '<script>' },
      { model: 'm', dimensions: 2, data: 'AAAAAAAAAAA=' },
      'a string',
    ]) {
      const withBad = JSON.parse(JSON.stringify(file)) as { notes: Array<{ vector: unknown }> };
      withBad.notes[0]!.vector = vector;
      const checked = parsedOrThrow(JSON.stringify(withBad));
      expect(checked.notes).toHaveLength(1);
      expect(checked.warnings?.[0]).toMatch(
        /^all\.json: note 1 was imported without its stored embedding \(notes\.0\.vector/,
      );
    }
  });

  it('reads an older file whose notes have no vectors, as before', async () => {
    const old = {
      format: 'glassbox.sessions',
      version: 1,
      exportedAt: '2026-10-01T10:00:00.000Z',
      scope: 'all',
      sessions: [],
      notes: [{ id: 'note_9', content: 'Umbrella on Tuesdays', tags: [], createdAt: 1, updatedAt: 2 }],
    };
    const parsed = parsedOrThrow(JSON.stringify(old));
    expect(parsed.noteVectors).toBeUndefined();
    expect(parsed.warnings).toBeUndefined();
    const db = await openTestDb();
    await importParsed(db, parsed, { newId: sequentialIds() });
    expect((await listNotes(db)).map((note) => note.content)).toEqual(['Umbrella on Tuesdays']);
    expect(await listNoteVectors(db)).toEqual([]);
  });

  it('keeps a note’s pin through export and import', async () => {
    const { db, id } = await seedEmbeddedNote('Miso is a kitten.');
    await updateNote(db, id, { pinned: true }, 7);
    const fresh = await openTestDb();
    await importParsed(
      fresh,
      parsedOrThrow(JSON.stringify(await exportSessions(db, { includeNotes: true, now: NOW }))),
      { newId: sequentialIds() },
    );
    expect((await listNotes(fresh))[0]?.pinned).toBe(true);
  });

  it('never writes the API key, the endpoint or a header into the file, only the vector’s model and numbers', async () => {
    const { db } = await seedEmbeddedNote('Miso is a kitten.');
    await saveSettings(db, {
      ...defaultSettings,
      provider: 'openai',
      baseUrl: 'https://llm.internal.example/v1',
      apiKey: 'sk-live-abcdef123456',
      semanticRecall: true,
      embeddingModel: 'text-embedding-3-small',
      otlpHeaders: 'Authorization=Basic c2VjcmV0OnB3',
    });
    const text = JSON.stringify(await exportSessions(db, { includeNotes: true, now: NOW }));
    expect(text).toMatch(
      /"vector":\{"model":"text-embedding-3-small","dimensions":8,"textHash":"[^"]+","data":"[A-Za-z0-9+/]+=*"\}/,
    );
    expect(text).not.toContain('sk-live-abcdef123456');
    expect(text).not.toContain('c2VjcmV0OnB3');
    expect(text).not.toContain('llm.internal.example');
    expect(text).not.toMatch(/apiKey|authorization|baseUrl/i);
  });
});
