// Datasets and Knowledge documents between two devices through the test CouchDB server.
import { describe, expect, it } from 'vitest';
import { createIndexedDbDatasetStore } from '../../db/datasets.ts';
import {
  addKnowledgeDocument,
  deleteKnowledgeDocument,
  listKnowledgeDocuments,
  listKnowledgePassages,
} from '../../db/knowledge.ts';
import type { GlassboxDatabase } from '../../db/transaction.ts';
import { passageId } from '../../knowledge/knowledge-events.ts';
import { KEYCHECK_ID, open, seal, verifyKeyCheck, type KeyCheck } from './crypto.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';

const MARKDOWN = '# Tea\n\nThe secret blend is oolong with bergamot.\n';

async function addLibrary(db: GlassboxDatabase): Promise<void> {
  const datasets = createIndexedDbDatasetStore(db);
  await datasets.save({ id: 'ds_tea', name: 'Tea questions', scorers: [], createdAt: 1_000, updatedAt: 1_000 });
  await datasets.addItems(
    [{ id: 'item_tea', datasetId: 'ds_tea', input: 'Which blend is secret?', expected: 'oolong', createdAt: 1_001 }],
    1_001,
  );
  const passage = { id: passageId('kd_tea', 0), documentId: 'kd_tea', ordinal: 0, headings: ['Tea'] };
  await addKnowledgeDocument(
    db,
    { id: 'kd_tea', name: 'tea.md', format: 'markdown', bytes: MARKDOWN.length, passages: 1, addedAt: 2_000 },
    [{ ...passage, text: 'The secret blend is oolong with bergamot.' }],
    new Blob([MARKDOWN], { type: 'text/markdown' }),
  );
}

/** Device A with the library, then device B, both synced through a new test server. */
async function twoDevicesWithLibrary() {
  const server = await couchServer();
  const a = await device();
  const b = await device();
  await addLibrary(a.db);
  await a.engine.start(settingsFor(server.url));
  await b.engine.start(settingsFor(server.url));
  return { a, b };
}

/** A syncs, then B, then A again: each has what the other wrote. */
async function settle(a: { engine: { syncNow(): Promise<void> } }, b: { engine: { syncNow(): Promise<void> } }) {
  await a.engine.syncNow();
  await b.engine.syncNow();
  await a.engine.syncNow();
}

async function teaItemIds(db: GlassboxDatabase): Promise<string[]> {
  return (await createIndexedDbDatasetStore(db).items('ds_tea')).map((item) => item.id);
}

async function original(db: GlassboxDatabase, documentId: string): Promise<string | undefined> {
  const record = await db.get('knowledgeOriginals', documentId);
  return record && new TextDecoder().decode(record.data);
}

describe('sync of datasets and Knowledge documents', () => {
  it('carries them encrypted to another device, and a delete on one device removes them on the other', async () => {
    const server = await couchServer();
    const a = await device();
    await addLibrary(a.db);
    await a.engine.start(settingsFor(server.url));
    expect(a.state()).toBe('idle');
    const dump = await server.rawDump('glassbox');
    expect(dump).toContain('dataset:ds_tea');
    expect(dump).toContain('ditem:ds_tea:item_tea');
    expect(dump).toContain('kdoc:kd_tea');
    for (const plain of ['Tea questions', 'secret blend', 'oolong', 'bergamot', 'tea.md', 'Which blend'])
      expect(dump).not.toContain(plain);

    const b = await device();
    await b.engine.start(settingsFor(server.url));
    expect(b.state()).toBe('idle');
    const datasetsB = createIndexedDbDatasetStore(b.db);
    expect((await datasetsB.list()).map((dataset) => dataset.name)).toEqual(['Tea questions']);
    expect((await datasetsB.items('ds_tea')).map((item) => [item.input, item.expected])).toEqual([
      ['Which blend is secret?', 'oolong'],
    ]);
    expect((await listKnowledgeDocuments(b.db)).map((doc) => [doc.name, doc.passages])).toEqual([['tea.md', 1]]);
    expect(await listKnowledgePassages(b.db)).toEqual(await listKnowledgePassages(a.db));
    expect(await original(b.db, 'kd_tea')).toBe(MARKDOWN);

    // Applying does not echo back: B's next sync writes none of them again.
    await b.engine.syncNow();
    const revs = JSON.parse(await server.rawDump('glassbox')).rows.flatMap(
      (row: { id: string; value: { rev: string } }) =>
        /^(dataset|kdoc|kfile):/.test(row.id) ? [row.value.rev.split('-')[0]] : [],
    );
    expect(revs).toEqual(['1', '1', '1']);

    // An item added on B reaches A; then A deletes both, and B loses them too.
    await datasetsB.addItems(
      [{ id: 'item_two', datasetId: 'ds_tea', input: 'Second question', createdAt: 3_000 }],
      3_000,
    );
    await b.engine.syncNow();
    await a.engine.syncNow();
    const datasetsA = createIndexedDbDatasetStore(a.db);
    expect((await datasetsA.items('ds_tea')).map((item) => item.id)).toEqual(['item_tea', 'item_two']);
    await datasetsA.remove('ds_tea');
    await deleteKnowledgeDocument(a.db, 'kd_tea');
    await a.engine.syncNow();
    await b.engine.syncNow();
    expect(await datasetsB.list()).toEqual([]);
    expect(await datasetsB.items('ds_tea')).toEqual([]);
    expect(await listKnowledgeDocuments(b.db)).toEqual([]);
    expect(await listKnowledgePassages(b.db)).toEqual([]);
    expect(await original(b.db, 'kd_tea')).toBeUndefined();
    expect([...a.conflicts, ...b.conflicts]).toEqual([]);
  });

  it('reports a body that does not decrypt and keeps what the device has', async () => {
    const server = await couchServer();
    const a = await device();
    await addLibrary(a.db);
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    // Someone with write access to the server replaces both bodies with garbage.
    for (const id of ['dataset:ds_tea', 'kdoc:kd_tea']) {
      const url = `${server.url}/glassbox/${encodeURIComponent(id)}`;
      const current = (await (await fetch(url)).json()) as { _rev: string; v: unknown };
      const put = await fetch(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          _rev: current._rev,
          v: current.v,
          iv: 'AAAAAAAAAAAAAAAA',
          c: 'AAAAAAAAAAAAAAAAAAAAAAAA',
        }),
      });
      expect(put.ok).toBe(true);
    }
    await b.engine.syncNow();
    expect(b.status()?.failed).toBeGreaterThanOrEqual(2);
    expect(b.problem()).toBe('decrypt');
    const datasetsB = createIndexedDbDatasetStore(b.db);
    expect((await datasetsB.items('ds_tea')).map((item) => item.input)).toEqual(['Which blend is secret?']);
    expect((await listKnowledgeDocuments(b.db)).map((doc) => doc.name)).toEqual(['tea.md']);
    expect(await original(b.db, 'kd_tea')).toBe(MARKDOWN);
  });

  it('keeps the winner of a dataset edited on both devices and reports the other as a conflict', async () => {
    const { a, b } = await twoDevicesWithLibrary();
    const rename = async (db: GlassboxDatabase, name: string) => {
      const store = createIndexedDbDatasetStore(db);
      const [dataset] = await store.list();
      if (dataset) await store.save({ ...dataset, name });
    };
    await rename(a.db, 'Name from A');
    await rename(b.db, 'Name from B');
    await settle(a, b);
    const names = await Promise.all(
      [a.db, b.db].map(async (db) => (await createIndexedDbDatasetStore(db).list())[0]?.name),
    );
    expect(names[0]).toBe(names[1]);
    const conflict = [...a.conflicts, ...b.conflicts][0];
    expect(conflict?.subject).toBe(names[0]);
    expect(conflict?.detail).toContain(names[0] === 'Name from A' ? 'Name from B' : 'Name from A');
  });

  it('keeps every item two devices added to one dataset while apart, with no conflict', async () => {
    const { a, b } = await twoDevicesWithLibrary();
    const add = (db: GlassboxDatabase, id: string, createdAt: number) =>
      createIndexedDbDatasetStore(db).addItems([{ id, datasetId: 'ds_tea', input: id, createdAt }], createdAt);
    await add(a.db, 'item_from_a', 5_000);
    await add(b.db, 'item_from_b', 6_000);
    await settle(a, b);
    for (const db of [a.db, b.db]) expect(await teaItemIds(db)).toEqual(['item_tea', 'item_from_a', 'item_from_b']);
    expect([...a.conflicts, ...b.conflicts]).toEqual([]);
  });

  it('reads a dataset written with its items inside, then writes it again as one document per item', async () => {
    const server = await couchServer();
    const a = await device();
    await a.engine.start(settingsFor(server.url));
    const url = (id: string) => `${server.url}/glassbox/${encodeURIComponent(id)}`;
    const check = (await (await fetch(url(KEYCHECK_ID))).json()) as KeyCheck;
    const key = await verifyKeyCheck('a long passphrase', check);
    if (!key) throw new Error('the test passphrase did not open the key check');
    // How a device built before items had documents of their own wrote a dataset.
    const item = { id: 'item_old', datasetId: 'ds_old', input: 'Older question', createdAt: 2 };
    const legacy = { id: 'ds_old', name: 'Old set', scorers: [], createdAt: 1, updatedAt: 2, items: [item] };
    const put = await fetch(url('dataset:ds_old'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(await seal(key, 'dataset:ds_old', legacy)),
    });
    expect(put.ok).toBe(true);

    await a.engine.syncNow();
    expect((await createIndexedDbDatasetStore(a.db).items('ds_old')).map((each) => each.input)).toEqual([
      'Older question',
    ]);
    await a.engine.syncNow();
    const read = async (id: string) => {
      const doc = (await (await fetch(url(id))).json()) as { _rev: string; iv: string; c: string };
      return { rev: doc._rev, body: await open(key, id, doc) };
    };
    const rewritten = await read('dataset:ds_old');
    expect(rewritten.rev.startsWith('2-')).toBe(true);
    expect(rewritten.body).not.toHaveProperty('items');
    expect((await read('ditem:ds_old:item_old')).body).toEqual(item);
  });

  it('brings a dataset deleted on one device back whole when another added an item meanwhile, and says so', async () => {
    const { a, b } = await twoDevicesWithLibrary();
    await createIndexedDbDatasetStore(a.db).remove('ds_tea');
    await createIndexedDbDatasetStore(b.db).addItems(
      [{ id: 'item_late', datasetId: 'ds_tea', input: 'Added while A deleted it', createdAt: 7_000 }],
      7_000,
    );
    await settle(a, b);
    for (const db of [a.db, b.db]) expect(await teaItemIds(db)).toEqual(['item_tea', 'item_late']);
    const reported = [...a.conflicts, ...b.conflicts].filter((conflict) => conflict.kind === 'delete-vs-edit');
    expect(reported.map((conflict) => conflict.subject)).toContain('Tea questions');
  });
});
