// A session's history goes out as few documents (new finished runs packed, up to PACK_CHARS a document), each
// written once: packs keep their runs when runs are added later, and the device that applies them writes nothing back.
import { describe, expect, it } from 'vitest';
import { deleteMessages, listMessages } from '../../db/messages.ts';
import { saveStep } from '../../db/save-step.ts';
import { addAttachment } from '../../db/attachments.ts';
import { createSession, renameSession } from '../../db/sessions.ts';
import { setToolState } from '../../db/tool-state.ts';
import type { FileSession } from '../../db/session-file-schema.ts';
import type { GlassboxDatabase } from '../../db/transaction.ts';
import { PACK_CHARS, runDocSchema, runsOfDoc, sessionDocs, sessionRecordsOf } from './docs.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';
import { mergeRunDocs, removalsSince } from './run-merge.ts';

async function run(db: GlassboxDatabase, sessionId: string, runId: string, at: number, answer = `answer ${runId}`) {
  await saveStep(db, {
    sessionId,
    entries: [
      { id: `${runId}_q`, sessionId, runId, createdAt: at, message: { role: 'user', content: `question ${runId}` } },
      { id: `${runId}_a`, sessionId, runId, createdAt: at + 1, message: { role: 'assistant', content: answer } },
    ],
    spans: [],
    session: { status: 'done', updatedAt: at + 1 },
  });
}

const message = (runId: string, seq: number) => ({
  id: `${runId}_m`,
  runId,
  seq,
  createdAt: 10 + seq,
  message: { role: 'user' as const, content: runId },
});

function file(runIds: string[]): FileSession {
  return {
    id: 's',
    title: 'T',
    titleEdited: false,
    createdAt: 1,
    updatedAt: 2,
    status: 'done',
    messages: runIds.map(message),
    spans: [],
    toolState: [],
    attachments: [],
  };
}

describe('run packs', () => {
  it('packs new runs, keeps marked runs in their documents and names the runs of each pack', () => {
    const first = sessionDocs(file(['r1', 'r2', 'r3']));
    expect(first.map((doc) => [doc.id, doc.runs])).toEqual([
      ['session:s', undefined],
      ['run:s:r1', ['r1', 'r2', 'r3']],
    ]);
    // r2 removed here, r4 new: the pack keeps the rest, r4 gets a document of its own.
    const later = sessionDocs(file(['r1', 'r3', 'r4']), new Map([['run:s:r1', ['r1', 'r2', 'r3']]]));
    expect(later.map((doc) => [doc.id, doc.runs])).toEqual([
      ['session:s', undefined],
      ['run:s:r1', ['r1', 'r3']],
      ['run:s:r4', undefined],
    ]);
    // The pack's named run removed: the remaining run is said by id, not taken for the named one.
    const [, rest] = sessionDocs(file(['r3']), new Map([['run:s:r1', ['r1', 'r3']]]));
    const parsed = runDocSchema.parse(rest?.body);
    expect(runsOfDoc('s', 'run:s:r1', parsed).map((entry) => entry.id)).toEqual(['r3']);
    // Every run of a pack gone: no document (the exporter removes it).
    expect(sessionDocs(file([]), new Map([['run:s:r1', ['r1']]])).map((doc) => doc.id)).toEqual(['session:s']);
  });

  it('reads a one-run body by its document id, and each span once', () => {
    const [, single] = sessionDocs(file(['r9']));
    const runs = runsOfDoc('s', 'run:s:r9', runDocSchema.parse(single?.body));
    expect(runs.map((entry) => [entry.id, entry.messages.length])).toEqual([['r9', 1]]);
    const span = {
      traceId: 't',
      spanId: 'sp1',
      runId: 'r9',
      kind: 'run' as const,
      name: 'run',
      startTime: 1,
      status: 'ok' as const,
      attributes: {},
    };
    const twice = { ...runs[0], spans: [span] } as (typeof runs)[0];
    const records = sessionRecordsOf('s', {
      meta: { title: 'T', titleEdited: false, createdAt: 1 },
      runs: [twice, twice],
      toolState: undefined,
      files: [],
    });
    expect([records.messages.length, records.spans.length]).toEqual([1, 1]);
  });

  it('syncs a history as packs written once, and runs added later beside them', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_pack', now: 1_000 });
    for (const [index, runId] of ['r1', 'r2', 'r3'].entries()) await run(a.db, 'sess_pack', runId, 2_000 + index * 10);
    await run(a.db, 'sess_pack', 'r4', 3_000, 'long '.repeat(PACK_CHARS / 5));
    await run(a.db, 'sess_pack', 'r5', 4_000);
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    await run(b.db, 'sess_pack', 'r6', 5_000);
    b.engine.localChanged();
    await b.engine.syncNow();
    await a.engine.syncNow();
    const expected = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'].flatMap((runId) => [`${runId}_q`, `${runId}_a`]);
    for (const db of [a.db, b.db])
      expect((await listMessages(db, 'sess_pack')).map((entry) => entry.id)).toEqual(expected);
    const rows = (
      JSON.parse(await server.rawDump('glassbox')) as { rows: Array<{ id: string; value: { rev: string } }> }
    ).rows;
    const runDocs = rows.filter((row) => row.id.startsWith('run:sess_pack:'));
    // r1–r3 in one document; r4 alone is over PACK_CHARS, so r5 starts another; r6 (added on B) its own. Each
    // written once: applying the packs on B wrote nothing back.
    expect(runDocs.map((row) => [row.id, row.value.rev.split('-')[0]])).toEqual([
      ['run:sess_pack:r1', '1'],
      ['run:sess_pack:r4', '1'],
      ['run:sess_pack:r5', '1'],
      ['run:sess_pack:r6', '1'],
    ]);
  });

  it('applies a session so that a later rename on that device writes its session document again, nothing else', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_full', now: 1_000 });
    const spans = ['1111111111111111', '2222222222222222'].map((spanId, index) => ({
      traceId: 'a'.repeat(32),
      spanId,
      sessionId: 'sess_full',
      runId: '1111111111111111',
      kind: index === 0 ? ('run' as const) : ('tool' as const),
      name: index === 0 ? 'run' : 'calculator',
      startTime: 2_000,
      endTime: 2_005,
      status: 'ok' as const,
      attributes: { 'tool.arguments': '{"expression":"2+2"}', 'http.request.header.authorization': 'Bearer x' },
    }));
    for (const runId of ['1111111111111111', 'r2']) {
      await run(a.db, 'sess_full', runId, runId === 'r2' ? 3_000 : 2_000);
    }
    await saveStep(a.db, { sessionId: 'sess_full', entries: [], spans, session: {} });
    await setToolState(a.db, 'sess_full', 'todos', [{ text: 'water the plants', done: false }], 2_500);
    const attachment = { sessionId: 'sess_full', name: 'notes.txt', mimeType: 'text/plain', size: 5, text: 'hello' };
    await addAttachment(a.db, { ...attachment, id: 'file_1', createdAt: 2_600 });
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    await renameSession(b.db, 'sess_full', 'Renamed on B');
    b.engine.localChanged();
    await b.engine.syncNow();
    const rows = (
      JSON.parse(await server.rawDump('glassbox')) as { rows: Array<{ id: string; value: { rev: string } }> }
    ).rows;
    const generations = Object.fromEntries(
      rows.filter((row) => row.id.includes('sess_full')).map((row) => [row.id, row.value.rev.split('-')[0]]),
    );
    expect(generations).toEqual({
      'session:sess_full': '2',
      'run:sess_full:1111111111111111': '1',
      'toolstate:sess_full': '1',
      'file:sess_full:file_1': '1',
    });
  });
});

describe('run documents changed on two devices', () => {
  it('keeps what each device removed removed, and says nothing', async () => {
    const server = await couchServer();
    const a = await device();
    await createSession(a.db, { id: 'sess_two', now: 1_000 });
    for (const [index, runId] of ['r1', 'r2', 'r3', 'r4'].entries())
      await run(a.db, 'sess_two', runId, 2_000 + index * 10);
    await a.engine.start(settingsFor(server.url));
    const b = await device();
    await b.engine.start(settingsFor(server.url));
    // Apart: A deletes the turn r1 and r3's answer, B the turn r2; both in the one pack of r1–r4.
    await deleteMessages(a.db, 'sess_two', ['r1_q', 'r1_a', 'r3_a']);
    await deleteMessages(b.db, 'sess_two', ['r2_q', 'r2_a']);
    a.engine.localChanged();
    await a.engine.syncNow();
    b.engine.localChanged();
    await b.engine.syncNow();
    await a.engine.syncNow();
    await b.engine.syncNow();
    for (const db of [a.db, b.db])
      expect((await listMessages(db, 'sess_two')).map((entry) => entry.id)).toEqual(['r3_q', 'r4_q', 'r4_a']);
    expect([...a.conflicts, ...b.conflicts]).toEqual([]);
    const settled = async () =>
      (await (await fetch(`${server.url}/glassbox/run:sess_two:r1?conflicts=true`)).json()) as {
        _rev: string;
        _conflicts?: string[];
      };
    // Both devices merged (the same content twice); a round more each and one of the two is gone.
    for (const side of [a, b, a, b]) await side.engine.syncNow();
    const before = await settled();
    expect(before._conflicts).toBeUndefined();
    for (const side of [a, b]) await side.engine.syncNow();
    expect((await settled())._rev).toBe(before._rev);
  });

  const at = (runId: string, createdAt: number, content = runId) => ({
    id: `${runId}_${createdAt}`,
    runId,
    createdAt,
    message: { role: 'user' as const, content },
  });
  const packed = (runId: string, ...times: number[]) => ({
    id: runId,
    startedAt: times[0] ?? 0,
    messages: times.map((time) => at(runId, time)),
    spans: [],
  });

  it('merges versions written apart: what either holds, less what either removed, messages in time order', () => {
    // Imported on both devices before sync: one has a run the other lacks; each removed something since.
    const one = { runs: [packed('r1', 1, 2), packed('r2', 3, 4)], removed: { runs: ['r0'], messages: ['r1_9'] } };
    const other = { runs: [packed('r0', 0), packed('r1', 1, 2, 9), packed('r3', 5)] };
    const merged = mergeRunDocs('s', 'run:s:r0', [one, other]);
    expect('runs' in merged && merged.runs.map((entry) => [entry.id, entry.messages.map((m) => m.id)])).toEqual([
      ['r1', ['r1_1', 'r1_2']],
      ['r2', ['r2_3', 'r2_4']],
      ['r3', ['r3_5']],
    ]);
    expect(merged.removed).toEqual({ runs: ['r0'], messages: ['r1_9'] });
    // A one-run document stays in its form; a message only one version holds is put in time order.
    const { id: _id, ...single } = packed('r5', 10, 30);
    const later = { ...single, messages: [...single.messages, at('r5', 20)] };
    const one5 = mergeRunDocs('s', 'run:s:r5', [single, later]);
    expect('runs' in one5 ? [] : one5.messages.map((m) => m.createdAt)).toEqual([10, 20, 30]);
  });

  it('says what a version lacks of the one before, with what that one said', () => {
    const before = { runs: [packed('r1', 1, 2), packed('r2', 3)], removed: { runs: ['r0'], messages: [] } };
    const now = { runs: [packed('r1', 1)] };
    expect(removalsSince('s', 'run:s:r0', before, now)).toEqual({ runs: ['r0', 'r2'], messages: ['r1_2'] });
    expect(removalsSince('s', 'run:s:r0', now, now)).toBeUndefined();
  });
});
