// Two devices (two in-memory IndexedDBs, each with its own in-memory PouchDB) syncing through the test CouchDB server.
import { describe, expect, it } from 'vitest';
import type { CouchServer } from '../../../e2e/couch-server/server.ts';
import { defaultSettings } from '../../config/settings.ts';
import { addNote, listNotes } from '../../db/notes.ts';
import { listMessages } from '../../db/messages.ts';
import { saveStep } from '../../db/save-step.ts';
import { createSession, deleteSession, getSession, listSessions, renameSession } from '../../db/sessions.ts';
import { loadSettings, saveSettings } from '../../db/settings.ts';
import type { GlassboxDatabase } from '../../db/transaction.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';
import { localName } from './remote.ts';

async function run(
  db: GlassboxDatabase,
  sessionId: string,
  runId: string,
  at: number,
  question: string,
  answer: string,
) {
  await saveStep(db, {
    sessionId,
    entries: [
      { id: `msg_${runId}_q`, sessionId, runId, createdAt: at, message: { role: 'user', content: question } },
      { id: `msg_${runId}_a`, sessionId, runId, createdAt: at + 1, message: { role: 'assistant', content: answer } },
    ],
    spans: [],
    session: { status: 'done', updatedAt: at + 1 },
  });
}

async function serverDocs(couch: CouchServer): Promise<number> {
  const info = (await (await fetch(`${couch.url}/glassbox`)).json()) as { doc_count: number };
  return info.doc_count;
}

describe('sync engine with two devices', () => {
  it('skips Share session snapshots: they reach the local database unfiltered but are never imported', async () => {
    const server = await couchServer();
    const shareId = 'share:abcdefghijklmnopqrstuv';
    await fetch(`${server.url}/glassbox/${encodeURIComponent(shareId)}`, { method: 'PUT', body: '{"data":"x"}' });
    const a = await device();
    await createSession(a.db, { id: 'sess_one', now: 1_000 });
    await run(a.db, 'sess_one', 'run_1', 2_000, 'What is 2+2?', '4');
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    expect(b.state()).toBe('idle');
    const local = new b.Pouch(await localName(settingsFor(server.url)));
    const ids = (await local.allDocs({})).rows.map((row) => row.id);
    await local.close();
    expect(ids.filter((id) => id.includes('sess_one')).length).toBeGreaterThan(0);
    expect(ids).toContain(shareId);
    // Not an encrypted document of the app: opened, it would count as failed.
    expect(b.status()?.failed).toBe(0);
    expect((await listSessions(b.db)).map((session) => session.id)).toEqual(['sess_one']);
  });

  it('syncs sessions, notes and settings as ciphertext only, without secrets, and refuses a wrong passphrase', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_one', now: 1_000 });
    await run(a.db, 'sess_one', 'run_1', 2_000, 'What is the capital of Mongolia?', 'Ulaanbaatar is the capital.');
    await addNote(a.db, { content: 'Remember the violet umbrella' }, { newId: () => 'note_1', now: () => 3_000 });
    await saveSettings(a.db, {
      ...defaultSettings,
      apiKey: 'sk-very-secret-key-123',
      modelPrices: { 'house-model': { input: 1, output: 2 } },
      maxDelegations: 9,
      mcpServers: [
        {
          url: 'http://mcp.test/',
          name: 'mcp',
          headers: 'Authorization: Bearer mcp-header-secret-77',
          tools: [],
          alwaysAllow: {},
        },
      ],
    });
    await a.engine.start(settingsFor(server.url));
    expect(a.state()).toBe('idle');

    const dump = await server.rawDump('glassbox');
    for (const plain of [
      'Mongolia',
      'Ulaanbaatar',
      'violet umbrella',
      'sk-very-secret',
      'mcp-header-secret',
      'capital',
      'a long passphrase',
    ])
      expect(dump).not.toContain(plain);
    expect(dump).toContain('session:sess_one');

    const docsBefore = await serverDocs(server);
    const wrong = await device();
    await wrong.engine.start(settingsFor(server.url, 'not the passphrase'));
    expect(wrong.state()).toBe('error');
    expect(wrong.problem()).toBe('passphrase');
    expect(await serverDocs(server)).toBe(docsBefore);
    expect(await listSessions(wrong.db)).toEqual([]);

    const b = await device();
    await b.engine.start(settingsFor(server.url));
    expect(b.state()).toBe('idle');
    expect((await getSession(b.db, 'sess_one'))?.title).toBe('What is the capital of Mongolia?');
    expect((await listMessages(b.db, 'sess_one')).map((entry) => entry.message.content)).toEqual([
      'What is the capital of Mongolia?',
      'Ulaanbaatar is the capital.',
    ]);
    expect((await listNotes(b.db)).map((note) => note.content)).toEqual(['Remember the violet umbrella']);
    const settingsB = await loadSettings(b.db);
    expect(settingsB.mcpServers.map((entry) => [entry.url, entry.headers])).toEqual([['http://mcp.test/', '']]);
    expect(settingsB.apiKey).toBe('');
    // The new device took the settings the server had instead of competing with its defaults: no conflict.
    expect(settingsB.modelPrices).toEqual({ 'house-model': { input: 1, output: 2 } });
    expect(settingsB.maxDelegations).toBe(9);
    expect([...a.conflicts, ...b.conflicts]).toEqual([]);
  });

  it('keeps the runs both devices made offline in one session, in time order, none duplicated', async () => {
    const server = await couchServer();
    const a = await device();
    const b = await device();
    await createSession(a.db, { id: 'sess_two', now: 1_000 });
    await run(a.db, 'sess_two', 'run_first', 2_000, 'first question', 'first answer');
    await a.engine.start(settingsFor(server.url));
    await b.engine.start(settingsFor(server.url));
    await server.stop();
    await run(a.db, 'sess_two', 'run_a', 5_000, 'question from A', 'answer on A');
    await run(b.db, 'sess_two', 'run_b', 4_000, 'question from B', 'answer on B');
    await a.engine.syncNow();
    expect(a.state()).toBe('paused');
    await server.start();
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.engine.syncNow();
    const expected = [
      'first question',
      'first answer',
      'question from B',
      'answer on B',
      'question from A',
      'answer on A',
    ];
    for (const db of [a.db, b.db])
      expect((await listMessages(db, 'sess_two')).map((entry) => entry.message.content)).toEqual(expected);
    // Each run is its own document, written once.
    const runs = JSON.parse(await server.rawDump('glassbox')).rows.filter((row: { id: string }) =>
      row.id.startsWith('run:sess_two:'),
    );
    expect(runs.map((row: { value: { rev: string } }) => row.value.rev.split('-')[0])).toEqual(['1', '1', '1']);
  });

  it('keeps the winner of a title edited on both devices and reports the other title as a conflict', async () => {
    const server = await couchServer();
    const a = await device();
    const b = await device();
    await createSession(a.db, { id: 'sess_three', now: 1_000, title: 'Original' });
    await a.engine.start(settingsFor(server.url));
    await b.engine.start(settingsFor(server.url));
    await renameSession(a.db, 'sess_three', 'Alpha title');
    await renameSession(b.db, 'sess_three', 'Beta title');
    a.engine.localChanged();
    b.engine.localChanged();
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.engine.syncNow();
    const titles = [(await getSession(a.db, 'sess_three'))?.title, (await getSession(b.db, 'sess_three'))?.title];
    expect(titles[0]).toBe(titles[1]);
    const reported = [...a.conflicts, ...b.conflicts];
    expect(reported.some((conflict) => conflict.kind === 'session-title')).toBe(true);
    const conflict = reported.find((entry) => entry.kind === 'session-title');
    expect([conflict?.subject, conflict?.detail].sort()).toEqual(['Alpha title', 'Beta title']);
    // Removing the losing revision is not a user's delete.
    expect(reported.some((entry) => entry.kind === 'delete-vs-edit')).toBe(false);
  });

  it('keeps a session deleted on one device and edited on the other, and says so', async () => {
    const server = await couchServer();
    const a = await device();
    const b = await device();
    await createSession(a.db, { id: 'sess_four', now: 1_000 });
    await run(a.db, 'sess_four', 'run_keep', 2_000, 'keep this question', 'keep this answer');
    await a.engine.start(settingsFor(server.url));
    await b.engine.start(settingsFor(server.url));
    expect((await getSession(b.db, 'sess_four'))?.messageCount).toBe(2);
    await deleteSession(a.db, 'sess_four');
    await renameSession(b.db, 'sess_four', 'Edited on B');
    await a.engine.syncNow();
    await b.engine.syncNow();
    await a.engine.syncNow();
    for (const db of [a.db, b.db]) {
      expect((await getSession(db, 'sess_four'))?.title).toBe('Edited on B');
      expect((await listMessages(db, 'sess_four')).map((entry) => entry.message.content)).toEqual([
        'keep this question',
        'keep this answer',
      ]);
    }
    const reported = [...a.conflicts, ...b.conflicts].filter((conflict) => conflict.kind === 'delete-vs-edit');
    expect(reported.length).toBeGreaterThan(0);
    expect(reported[0]?.subject).toBe('Edited on B');
  });

  it('shows progress on a first sync of a large history; cancelled, it keeps what came and the next sync resumes', async () => {
    const server = await couchServer();
    const a = await device();
    for (let index = 0; index < 120; index += 1) {
      const id = `sess_many${String(index).padStart(3, '0')}`;
      await createSession(a.db, { id, now: 1_000 + index });
      await run(a.db, id, `run_many${index}`, 2_000 + index, `question ${index}`, `answer ${index}`);
    }
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    const progress: Array<{ done: number; total: number }> = [];
    let cancelled = false;
    b.engine.onStatus((status) => {
      if (!status.progress) return;
      progress.push(status.progress);
      if (!cancelled) {
        cancelled = true;
        b.engine.cancel();
      }
    });
    await b.engine.start(settingsFor(server.url));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]?.total).toBeGreaterThan(240);
    expect(b.state()).toBe('paused');
    const before = (await listSessions(b.db)).length;
    expect(before).toBeLessThan(120);
    await b.engine.syncNow();
    expect(b.state()).toBe('idle');
    const sessions = await listSessions(b.db);
    expect(sessions).toHaveLength(120);
    expect(await listMessages(b.db, 'sess_many119')).toHaveLength(2);
  });
});
