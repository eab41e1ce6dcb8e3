import { describe, expect, it, vi } from 'vitest';
import { defaultSettings } from '../config/settings.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { addAttachment } from './attachments.ts';
import { listMessages } from './messages.ts';
import { addNote, listNotes, searchNotes } from './notes.ts';
import { saveStep } from './save-step.ts';
import { createSession, getSession, listSessions, updateSession } from './sessions.ts';
import { exportSessions, importParsed, parseImportFile, sessionFileName, type SessionFile } from './session-file.ts';
import { saveSettings } from './settings.ts';
import { listSpans } from './spans.ts';
import { StorageError } from './storage-error.ts';
import { entry, sequentialIds, span, userEntry } from './test-fixtures.ts';
import { setToolState } from './tool-state.ts';
import type { GlassboxDatabase } from './transaction.ts';

const NOW = new Date('2026-11-30T10:00:00Z');

/** A session with a tool call, spans, a summary, tool state and an attachment. */
async function seed(db: GlassboxDatabase, id: string, updatedAt: number): Promise<void> {
  await createSession(db, { id, now: updatedAt - 100 });
  const run = `${id.slice(-1)}`.repeat(16);
  const tool = `${id.slice(-1)}`.repeat(15) + 'f';
  await saveStep(db, {
    sessionId: id,
    entries: [
      { ...userEntry(id, `${id}_m1`, `Trip plan for ${id}`), runId: run },
      entry(
        id,
        `${id}_m2`,
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"3*4"}' } },
          ],
        },
        { runId: run, spanId: run, reasoning: 'think' },
      ),
      entry(
        id,
        `${id}_m3`,
        { role: 'tool', tool_call_id: 'call_1', content: '12' },
        { runId: run, spanId: tool, meta: { toolStatus: 'ok', toolName: 'calculator' } },
      ),
    ],
    spans: [
      span(id, run, { startTime: 1, attributes: { model: 'glassbox-demo', 'gen_ai.usage.input_tokens': 12 } }),
      span(id, tool, {
        startTime: 2,
        kind: 'tool',
        name: 'calculator',
        parentSpanId: run,
        runId: run,
        attributes: { result: '12' },
      }),
    ],
    session: { status: 'done', updatedAt },
  });
  await updateSession(db, id, { summary: { text: 'Summary so far', coveredUntilSeq: 0, updatedAt } });
  await setToolState(db, id, 'todos', [{ id: 1, text: 'pack', done: false, createdAt: 1 }], 7);
  await addAttachment(db, {
    id: `file_${id}`,
    sessionId: id,
    name: 'list.txt',
    mimeType: 'text/plain',
    size: 4,
    text: 'socks',
    createdAt: 3,
  });
}

/** The file with every id replaced by its order of first appearance: equal means equal "ids aside". */
function idsAside(file: SessionFile): unknown {
  const names = new Map<string, string>();
  const rename = (value: string) => {
    if (!names.has(value)) names.set(value, `#${names.size}`);
    return names.get(value) ?? value;
  };
  const idKeys = new Set(['id', 'spanId', 'parentSpanId', 'runId', 'activeRunId', 'sessionId']);
  const visit = (node: unknown, key?: string): unknown => {
    if (typeof node === 'string' && key && idKeys.has(key)) return rename(node);
    if (Array.isArray(node)) return node.map((item) => visit(item));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, k)]));
    }
    return node;
  };
  return visit({ ...file, exportedAt: undefined });
}

function parsedOrThrow(text: string, name = 'export.json') {
  const parsed = parseImportFile(text, name);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed;
}

describe('exportSessions', () => {
  it('writes a versioned file with messages, summary, tool state, spans and attachments', async () => {
    const db = await openTestDb();
    await seed(db, 'sess_1', 500);
    const file = await exportSessions(db, { sessionIds: ['sess_1'], includeNotes: false, now: NOW });
    expect(file).toMatchObject({
      format: 'glassbox.sessions',
      version: 1,
      exportedAt: '2026-11-30T10:00:00.000Z',
      scope: 'session',
    });
    expect(file.notes).toBeUndefined();
    const [session] = file.sessions;
    expect(session).toMatchObject({
      id: 'sess_1',
      title: 'Trip plan for sess_1',
      status: 'done',
      summary: { text: 'Summary so far' },
    });
    expect(session?.messages.map((m) => [m.seq, m.message.role])).toEqual([
      [0, 'user'],
      [1, 'assistant'],
      [2, 'tool'],
    ]);
    expect(session?.spans).toHaveLength(2);
    expect(session?.toolState).toEqual([
      { key: 'todos', value: [{ id: 1, text: 'pack', done: false, createdAt: 1 }], updatedAt: 7 },
    ]);
    expect(session?.attachments.map((a) => a.text)).toEqual(['socks']);
    expect(sessionFileName(file)).toBe('glassbox-trip-plan-for-sess-1-2026-11-30.json');
    expect(sessionFileName(file, 'Voyage à Kyoto / 京都')).toBe('glassbox-voyage-à-kyoto-京都-2026-11-30.json');
  });

  it('exports all sessions, newest first, with notes', async () => {
    const db = await openTestDb();
    await seed(db, 'sess_1', 500);
    await seed(db, 'sess_2', 900);
    await addNote(db, { content: 'Remember the umbrella', tags: ['travel'] }, { newId: () => 'note_1', now: () => 5 });
    const file = await exportSessions(db, { includeNotes: true, now: NOW });
    expect(file.scope).toBe('all');
    expect(file.sessions.map((s) => s.id)).toEqual(['sess_2', 'sess_1']);
    expect(file.notes?.map((n) => n.content)).toEqual(['Remember the umbrella']);
    expect(sessionFileName(file)).toBe('glassbox-all-sessions-2026-11-30.json');
  });

  it('carries the team of agents in Export all (not in a one-session export)', async () => {
    const db = await openTestDb();
    const agents = [
      ...defaultSettings.agents,
      {
        name: 'translator',
        systemPrompt: 'Translate.',
        model: 'cheap-model',
        tools: [],
        enabled: false,
        builtin: false,
      },
    ];
    await saveSettings(db, { ...defaultSettings, delegation: true, maxDelegations: 4, agents });
    await seed(db, 'sess_1', 500);
    const all = await exportSessions(db, { includeNotes: false, now: NOW });
    expect(all.roster).toMatchObject({ delegation: true, maxDelegationDepth: 2, maxDelegations: 4 });
    expect(all.roster?.agents.map((agent) => agent.name)).toEqual(['researcher', 'coder', 'reviewer', 'translator']);
    expect(all.roster?.agents[3]).toMatchObject({ model: 'cheap-model', enabled: false });
    const one = await exportSessions(db, { sessionIds: ['sess_1'], includeNotes: false, now: NOW });
    expect(one.roster).toBeUndefined();
    // The file parses back: the roster is part of the format, and reaches the import's merge as it was written.
    const parsed = parsedOrThrow(JSON.stringify(all));
    expect(parsed.sessions).toHaveLength(1);
    expect(parsed.roster).toEqual(all.roster);
    expect(parsedOrThrow(JSON.stringify(one)).roster).toBeUndefined();
  });

  it('never contains the API key or any header', async () => {
    const db = await openTestDb();
    await saveSettings(db, {
      ...defaultSettings,
      apiKey: 'sk-live-abcdef123456',
      otlpHeaders: 'Authorization=Basic c2VjcmV0OnB3',
    });
    await createSession(db, { id: 'sess_1', now: 1 });
    await saveStep(db, {
      sessionId: 'sess_1',
      entries: [userEntry('sess_1', 'm1', 'my key is sk-live-abcdef123456, keep it safe')],
      spans: [
        span('sess_1', 'aaaaaaaaaaaaaaaa', {
          attributes: {
            headers: { Authorization: 'Bearer x' },
            request: { apiKey: 'k', model: 'm', note: 'Basic c2VjcmV0OnB3' },
          },
        }),
      ],
      session: {},
    });
    const text = JSON.stringify(await exportSessions(db, { includeNotes: true, now: NOW }));
    expect(text).not.toContain('sk-live-abcdef123456');
    expect(text).not.toContain('c2VjcmV0OnB3');
    expect(text).not.toMatch(/headers|authorization|apiKey/i);
    expect(text).toContain('my key is [redacted], keep it safe');
    expect(text).toContain('"model":"m"');
  });
});

describe('import', () => {
  it('round-trips: export, import into an empty database, export again gives the same file', async () => {
    const source = await openTestDb();
    await seed(source, 'sess_1', 500);
    await seed(source, 'sess_2', 900);
    await addNote(source, { content: 'Remember the umbrella' }, { newId: () => 'note_1', now: () => 5 });
    const first = await exportSessions(source, { includeNotes: true, now: NOW });

    const target = await openTestDb();
    const result = await importParsed(target, parsedOrThrow(JSON.stringify(first)), { newId: sequentialIds() });
    expect(result).toMatchObject({ sessionIds: ['sess_2', 'sess_1'], copies: 0, notes: 1 });
    const second = await exportSessions(target, { includeNotes: true, now: NOW });
    expect(second).toEqual(first);
    expect(await getSession(target, 'sess_1')).toEqual(await getSession(source, 'sess_1'));
    expect((await searchNotes(target, 'umbrella')).map((hit) => hit.note.id)).toEqual(['note_1']);
  });

  it('imports a session whose ids already exist as a copy with new ids and remapped links', async () => {
    const db = await openTestDb();
    await seed(db, 'sess_1', 500);
    const file = await exportSessions(db, { sessionIds: ['sess_1'], includeNotes: false, now: NOW });
    const result = await importParsed(db, parsedOrThrow(JSON.stringify(file)), { newId: sequentialIds() });
    expect(result.copies).toBe(1);
    const [copyId] = result.sessionIds;
    expect(copyId).not.toBe('sess_1');
    expect((await listSessions(db)).map((s) => s.id).sort()).toEqual([copyId, 'sess_1'].sort());

    const copy = await exportSessions(db, { sessionIds: [copyId ?? ''], includeNotes: false, now: NOW });
    expect(idsAside(copy)).toEqual(idsAside(file));
    const copiedMessages = await listMessages(db, copyId ?? '');
    const copiedSpans = await listSpans(db, copyId ?? '');
    const spanIds = new Set(copiedSpans.map((s) => s.spanId));
    expect(copiedMessages.every((m) => m.sessionId === copyId && !m.id.startsWith('sess_1'))).toBe(true);
    expect(copiedMessages.every((m) => spanIds.has(m.runId))).toBe(true);
    expect(copiedSpans.find((s) => s.kind === 'tool')?.parentSpanId).toBe(
      copiedSpans.find((s) => s.kind === 'run')?.spanId,
    );
    // The original is untouched.
    expect(await listMessages(db, 'sess_1')).toHaveLength(3);
    expect((await getSession(db, copyId ?? ''))?.messageCount).toBe(3);
  });

  it('skips notes that already exist unchanged and copies changed ones', async () => {
    const db = await openTestDb();
    await addNote(db, { content: 'Same' }, { newId: () => 'note_same', now: () => 1 });
    await addNote(db, { content: 'Original' }, { newId: () => 'note_changed', now: () => 1 });
    const file = {
      format: 'glassbox.sessions',
      version: 1,
      exportedAt: NOW.toISOString(),
      scope: 'all',
      sessions: [],
      notes: [
        { id: 'note_same', content: 'Same', tags: [], createdAt: 1, updatedAt: 1 },
        { id: 'note_changed', content: 'Edited elsewhere', tags: [], createdAt: 1, updatedAt: 2 },
      ],
    };
    const result = await importParsed(db, parsedOrThrow(JSON.stringify(file)), { newId: sequentialIds() });
    expect(result.notes).toBe(1);
    expect((await listNotes(db)).map((n) => n.content).sort()).toEqual(['Edited elsewhere', 'Original', 'Same']);
  });

  it('marks a session exported mid-run as interrupted', async () => {
    const db = await openTestDb();
    await seed(db, 'sess_1', 500);
    await updateSession(db, 'sess_1', { status: 'running', activeRunId: '1111111111111111' });
    const file = await exportSessions(db, { includeNotes: false, now: NOW });
    const target = await openTestDb();
    await importParsed(target, parsedOrThrow(JSON.stringify(file)), { newId: sequentialIds() });
    expect(await getSession(target, 'sess_1')).toMatchObject({
      status: 'interrupted',
      activeRunId: '1111111111111111',
    });
  });

  it('writes nothing when the import transaction fails part way', async () => {
    const source = await openTestDb();
    await seed(source, 'sess_1', 500);
    await seed(source, 'sess_2', 900);
    const parsed = parsedOrThrow(JSON.stringify(await exportSessions(source, { includeNotes: false, now: NOW })));
    const target = await openTestDb();
    let adds = 0;
    const original = IDBObjectStore.prototype.add;
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(function (this: IDBObjectStore, ...args) {
      adds += 1;
      if (adds === 8) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    });
    try {
      const error = await importParsed(target, parsed, { newId: sequentialIds() }).catch((e: unknown) => e);
      expect((error as StorageError).kind).toBe('quota');
    } finally {
      add.mockRestore();
    }
    expect(adds).toBeGreaterThan(7);
    expect(await listSessions(target)).toEqual([]);
    expect(await target.count('messageChunks')).toBe(0);
    expect(await target.count('spanChunks')).toBe(0);
  });
});
