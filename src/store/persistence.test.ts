import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../config/settings.ts';
import { assistantEntry, sequentialIds, span, userEntry } from '../db/test-fixtures.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { createIndexedDbPersistence } from './indexeddb-persistence.ts';
import { createMemoryPersistence } from './memory-persistence.ts';
import type { Persistence } from './persistence.ts';

interface ExportedSessions {
  sessions: Array<
    Record<string, unknown> & { id: string; messages: Array<{ id: string; seq: number }>; toolState: unknown[] }
  >;
}

/** Every id replaced by its order of first appearance: equal means equal "ids aside", with links intact. */
function idsAside(file: ExportedSessions): unknown {
  const names = new Map<string, string>();
  const idKeys = new Set(['id', 'spanId', 'parentSpanId', 'runId', 'activeRunId']);
  const visit = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string' && key && idKeys.has(key)) {
      if (!names.has(node)) names.set(node, `#${names.size}`);
      return names.get(node);
    }
    if (Array.isArray(node)) return node.map((item) => visit(item));
    if (node && typeof node === 'object')
      return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, visit(value, name)]));
    return node;
  };
  return visit(file.sessions);
}

const kinds: Array<[string, () => Promise<Persistence>]> = [
  ['IndexedDB', async () => createIndexedDbPersistence(await openTestDb(), { newId: sequentialIds(), now: clock() })],
  ['memory', async () => createMemoryPersistence({ newId: sequentialIds(), now: clock() })],
];

function clock(): () => number {
  let time = 1_000_000;
  return () => (time += 1000);
}

/** A session with a tool round trip, a span and a todo, saved the way a run saves it. */
async function seeded(persistence: Persistence) {
  const session = await persistence.createSession();
  const id = session.id;
  await persistence.saveStep({
    sessionId: id,
    entries: [
      userEntry(id, 'msg_u1', 'Plan a trip to Lisbon please'),
      {
        ...assistantEntry(id, 'msg_a1', ''),
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'todo', arguments: '{"action":"add","text":"book flights"}' },
            },
          ],
        },
      },
      { ...assistantEntry(id, 'msg_t1', ''), message: { role: 'tool', tool_call_id: 'call_1', content: 'Added #1' } },
    ],
    spans: [span(id, 'aaaaaaaaaaaaaaa1', { attributes: { model: 'm', apiKeyHint: 'x' } })],
    session: { status: 'done' },
  });
  await persistence.toolState.set(id, 'todos', [{ id: 1, text: 'book flights', done: false }]);
  return id;
}

describe.each(kinds)('%s persistence', (_name, create) => {
  it('names a session from its first user message and updates a re-saved entry in place', async () => {
    const persistence = await create();
    const { id } = await persistence.createSession();
    expect((await persistence.getSession(id))?.title).toBe('Untitled');
    await persistence.saveStep({
      sessionId: id,
      entries: [userEntry(id, 'msg_1', 'How do tides work?')],
      spans: [],
      session: { status: 'running' },
    });
    // A flush writes the partial answer; the step's end writes the same entry again with the whole text.
    await persistence.saveStep({
      sessionId: id,
      entries: [{ ...assistantEntry(id, 'msg_2', 'The moon'), meta: { partial: true } }],
      spans: [],
      session: {},
    });
    const saved = await persistence.saveStep({
      sessionId: id,
      entries: [assistantEntry(id, 'msg_2', 'The moon pulls the sea.')],
      spans: [],
      session: { status: 'done' },
    });
    expect(saved).toMatchObject({ title: 'How do tides work?', messageCount: 2, nextSeq: 2, status: 'done' });
    const messages = await persistence.listMessages(id);
    expect(messages.map((message) => [message.id, message.message.content, message.meta?.partial])).toEqual([
      ['msg_1', 'How do tides work?', undefined],
      ['msg_2', 'The moon pulls the sea.', undefined],
    ]);
  });

  it('keeps the given updatedAt (settling an interrupted run is not activity) and uses now otherwise', async () => {
    const persistence = await create();
    const { id, updatedAt } = await persistence.createSession();
    const kept = await persistence.saveStep({
      sessionId: id,
      entries: [],
      spans: [],
      session: { status: 'interrupted', updatedAt },
    });
    expect(kept?.updatedAt).toBe(updatedAt);
    const bumped = await persistence.saveStep({ sessionId: id, entries: [], spans: [], session: {} });
    expect(bumped?.updatedAt).toBeGreaterThan(updatedAt);
  });

  it('searches titles and message text', async () => {
    const persistence = await create();
    const id = await seeded(persistence);
    const other = await persistence.createSession();
    await persistence.updateSession(other.id, { title: 'Groceries', titleEdited: true });
    // Both storages give the same matches and snippets; a tool result matches but gives no snippet of its own.
    expect(await persistence.searchSessions('lisbon')).toEqual([
      { sessionId: id, snippets: [{ entryId: 'msg_u1', text: 'Plan a trip to Lisbon please' }] },
    ]);
    expect(await persistence.searchSessions('ADDED #1')).toEqual([{ sessionId: id, snippets: [] }]);
    expect(await persistence.searchSessions('groceries')).toEqual([{ sessionId: other.id, snippets: [] }]);
    expect(await persistence.searchSessions('lisbon groceries')).toEqual([]);
  });

  it('exports messages, spans and tool state without the API key, and an id clash imports as a copy', async () => {
    const persistence = await create();
    await persistence.saveSettings({ ...defaultSettings, apiKey: 'sk-very-secret-123' });
    const id = await seeded(persistence);
    const exported = await persistence.exportSessions({ sessionIds: [id], all: false });
    expect(exported.fileName).toMatch(/^glassbox-plan-a-trip-to-lisbon-please-\d{4}-\d{2}-\d{2}\.json$/);
    expect(exported.text).not.toContain('sk-very-secret-123');
    expect(exported.text).not.toContain('apiKeyHint');
    const file = JSON.parse(exported.text) as ExportedSessions & { format: string; version: number };
    expect(file).toMatchObject({ format: 'glassbox.sessions', version: 1 });
    expect(file.sessions[0]?.messages.map((message) => message.seq)).toEqual([0, 1, 2]);
    expect(JSON.stringify(file.sessions[0]?.toolState)).toContain('book flights');

    const result = await persistence.importFile(exported.text, 'trip.json');
    if (!result.ok) throw new Error(result.error);
    expect(result.copies).toBe(1);
    const copyId = result.sessionIds[0] ?? '';
    expect(copyId).not.toBe(id);
    expect(await persistence.toolState.get(copyId, 'todos')).toEqual([{ id: 1, text: 'book flights', done: false }]);
    const copy = JSON.parse(
      (await persistence.exportSessions({ sessionIds: [copyId], all: false })).text,
    ) as ExportedSessions;
    expect(copy.sessions[0]?.messages.map((message) => message.id)).not.toContain('msg_u1');
    expect(idsAside(copy)).toEqual(idsAside(file));
  });

  it('writes nothing when any session of a file is invalid, and names the file, session and field', async () => {
    const persistence = await create();
    await seeded(persistence);
    const file = JSON.parse((await persistence.exportSessions({ all: true })).text) as {
      sessions: Array<{ id: string; messages: Array<{ message: { role: string } }> }>;
    };
    const good = structuredClone(file.sessions[0]);
    const bad = structuredClone(file.sessions[0]);
    if (!good || !bad?.messages[2]) throw new Error('seed is missing');
    good.id = 'sess_fresh';
    bad.id = 'sess_broken';
    bad.messages[2].message.role = 'robot';
    const before = await persistence.listSessions();
    const result = await persistence.importFile(JSON.stringify({ ...file, sessions: [good, bad] }), 'mixed.json');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        /^mixed\.json: session 2 \("Plan a trip to Lisbon please"\): messages\.2\.message\.role/,
      );
    expect(await persistence.listSessions()).toEqual(before);
  });

  it('removes truncated and deleted entries', async () => {
    const persistence = await create();
    const id = await seeded(persistence);
    await persistence.deleteEntries(id, ['msg_t1']);
    expect((await persistence.listMessages(id)).map((message) => message.id)).toEqual(['msg_u1', 'msg_a1']);
    await persistence.truncateFrom(id, 'msg_a1');
    expect((await persistence.listMessages(id)).map((message) => message.id)).toEqual(['msg_u1']);
    expect((await persistence.getSession(id))?.messageCount).toBe(1);
  });
});
