import { describe, expect, it } from 'vitest';
import { sequentialIds } from '../db/test-fixtures.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { createIndexedDbPersistence } from './indexeddb-persistence.ts';
import { createMemoryPersistence } from './memory-persistence.ts';
import type { Persistence } from './persistence.ts';

function clock(): () => number {
  let time = 1_000_000;
  return () => (time += 1000);
}

const kinds: Array<[string, () => Promise<Persistence>]> = [
  ['IndexedDB', async () => createIndexedDbPersistence(await openTestDb(), { newId: sequentialIds(), now: clock() })],
  ['memory', async () => createMemoryPersistence({ newId: sequentialIds(), now: clock() })],
];

describe.each(kinds)('a fork link in %s storage', (_name, open) => {
  it('is saved on the fork, survives export and import, and leaves the original as it was', async () => {
    const persistence = await open();
    const original = await persistence.createSession();
    const fork = await persistence.createSession();
    const origin = { sessionId: original.id, runId: 'run_1', spanId: 'span_9', step: 2 };
    await persistence.updateSession(fork.id, { title: 'Q (fork)', titleEdited: true, forkedFrom: origin });
    expect((await persistence.getSession(fork.id))?.forkedFrom).toEqual(origin);
    expect((await persistence.getSession(original.id))?.forkedFrom).toBeUndefined();

    const file = await persistence.exportSessions({ sessionIds: [fork.id], all: false });
    expect(JSON.parse(file.text).sessions[0].forkedFrom).toEqual(origin);
    const target = await open();
    const imported = await target.importFile(file.text, file.fileName);
    expect(imported.ok).toBe(true);
    const [id] = imported.ok ? imported.sessionIds : [];
    expect((await target.getSession(id ?? ''))?.forkedFrom).toEqual(origin);
  });
});
