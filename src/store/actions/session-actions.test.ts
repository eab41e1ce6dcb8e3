// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { assistantEntry, sequentialIds, span, userEntry } from '../../db/test-fixtures.ts';
import { useAppStore } from '../app-store.ts';
import { onJournalWritten, readFlushJournal, writeFlushJournal } from '../flush-journal.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices, type Services } from '../services.ts';
import { onTabMessage } from './boot.ts';
import { importFiles } from './file-actions.ts';
import { RUNNING_ELSEWHERE, RUNNING_ELSEWHERE_NOTICE, runSession } from './run-session.ts';
import { loadOlderSpans } from './long-session.ts';
import { loadSession } from './session-actions.ts';

const initialState = useAppStore.getState();
let time = 5_000_000;
const now = () => (time += 1000);

function install(overrides: Partial<Services> = {}): Persistence {
  const persistence = createMemoryPersistence({ newId: sequentialIds(), now });
  setServices({
    persistence,
    fetch: () => Promise.reject(new Error('no network in tests')),
    now,
    newId: sequentialIds(),
    ...overrides,
  });
  return persistence;
}

/** A session whose run was saved as running: its user message, and a root span still running. */
async function runningSession(persistence: Persistence): Promise<string> {
  const { id } = await persistence.createSession();
  await persistence.saveStep({
    sessionId: id,
    entries: [{ ...userEntry(id, 'msg_user', 'Summarise the news'), runId: 'aaaaaaaaaaaaaaa1' }],
    spans: [span(id, 'aaaaaaaaaaaaaaa1', { status: 'running', endTime: undefined })],
    session: { status: 'running', activeRunId: 'aaaaaaaaaaaaaaa1' },
  });
  return id;
}

beforeEach(() => {
  useAppStore.setState(initialState, true);
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('loadSession', () => {
  it('opens a run whose tab went away as interrupted: the journal is written and running spans end as cancelled', async () => {
    const persistence = install({ isSessionLockedElsewhere: async () => false });
    const id = await runningSession(persistence);
    const savedAt = now();
    const partial: TranscriptEntry = {
      ...assistantEntry(id, 'msg_partial', 'Today in the news'),
      runId: 'aaaaaaaaaaaaaaa1',
      meta: { partial: true },
    };
    writeFlushJournal({
      sessionId: id,
      runId: 'aaaaaaaaaaaaaaa1',
      savedAt,
      entries: [partial],
      spans: [
        span(id, 'aaaaaaaaaaaaaaa2', {
          kind: 'llm',
          status: 'running',
          endTime: undefined,
          parentSpanId: 'aaaaaaaaaaaaaaa1',
          runId: 'aaaaaaaaaaaaaaa1',
        }),
      ],
    });

    await loadSession(id);

    const state = useAppStore.getState();
    expect(state.runs[id]?.status).toBe('interrupted');
    expect(state.entries[id]?.map((entry) => entry.message.content)).toEqual([
      'Summarise the news',
      'Today in the news',
    ]);
    expect(state.spans[id]?.map((item) => [item.spanId, item.status, item.error?.type])).toEqual([
      ['aaaaaaaaaaaaaaa1', 'cancelled', 'interrupted'],
      ['aaaaaaaaaaaaaaa2', 'cancelled', 'interrupted'],
    ]);
    expect(await persistence.getSession(id)).toMatchObject({
      status: 'interrupted',
      updatedAt: savedAt,
      messageCount: 2,
    });
    expect(readFlushJournal(id)).toBeUndefined();
  });

  it("drops a journal older than the session's last write (the run went on after the page came back)", async () => {
    const persistence = install({ isSessionLockedElsewhere: async () => false });
    const { id } = await persistence.createSession();
    const savedAt = now();
    await persistence.saveStep({
      sessionId: id,
      entries: [assistantEntry(id, 'msg_1', 'The whole answer')],
      spans: [],
      session: { status: 'done' },
    });
    writeFlushJournal({
      sessionId: id,
      runId: 'aaaaaaaaaaaaaaa1',
      savedAt,
      entries: [{ ...assistantEntry(id, 'msg_1', 'The wh'), meta: { partial: true } }],
      spans: [],
    });

    await loadSession(id);

    expect(useAppStore.getState().entries[id]?.map((entry) => entry.message.content)).toEqual(['The whole answer']);
    expect(useAppStore.getState().runs[id]?.status).toBe('done');
    expect(readFlushJournal(id)).toBeUndefined();
  });

  it('shows a session that runs in another tab as running, and reloads it once that tab lets go', async () => {
    let release: () => void = () => undefined;
    const unlocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const persistence = install({ isSessionLockedElsewhere: async () => true, waitForSessionUnlock: () => unlocked });
    const id = await runningSession(persistence);

    await loadSession(id);
    expect(useAppStore.getState().runs[id]).toMatchObject({ status: 'running', notices: [RUNNING_ELSEWHERE_NOTICE] });
    expect(useAppStore.getState().spans[id]?.[0]?.status).toBe('running');

    // Loaded again after a switch to Chinese: still one notice (data; the chat words it in Chinese).
    useAppStore.setState((state) => ({ settings: { ...state.settings, language: 'zh-CN' } }));
    await loadSession(id);
    expect(useAppStore.getState().runs[id]?.notices).toEqual([RUNNING_ELSEWHERE_NOTICE]);
    useAppStore.setState((state) => ({ settings: { ...state.settings, language: 'en' } }));

    // The other tab finishes its run and lets go of the lock.
    await persistence.saveStep({
      sessionId: id,
      entries: [assistantEntry(id, 'msg_answer', 'Here is the summary.')],
      spans: [],
      session: { status: 'done' },
    });
    release();
    await expect.poll(() => useAppStore.getState().runs[id]?.status, { timeout: 10_000 }).toBe('done');
    expect(useAppStore.getState().runs[id]?.notices).toEqual([]);
    expect(useAppStore.getState().entries[id]?.at(-1)?.message.content).toBe('Here is the summary.');
  });
  it('shows the partial answer of a closed tab whose journal lands after its lock was let go', async () => {
    // The closing tab writes its journal in pagehide and lets go of the lock as it closes; this tab may hear of
    // the release first, see no journal yet, and show the run interrupted without the partial answer.
    let release: () => void = () => undefined;
    const unlocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lockedElsewhere = true;
    const persistence = install({
      isSessionLockedElsewhere: async () => lockedElsewhere,
      waitForSessionUnlock: () => unlocked,
    });
    onJournalWritten((sessionId) => void onTabMessage({ type: 'session-changed', sessionId }));
    const id = await runningSession(persistence);
    useAppStore.getState().setActiveSession(id);
    await loadSession(id);
    expect(useAppStore.getState().runs[id]?.status).toBe('running');

    lockedElsewhere = false;
    release();
    await expect.poll(() => useAppStore.getState().runs[id]?.status, { timeout: 10_000 }).toBe('interrupted');
    expect(useAppStore.getState().entries[id]?.map((entry) => entry.message.content)).toEqual(['Summarise the news']);

    // The journal reaches this tab now, as another tab's localStorage write does: with a storage event.
    const partial: TranscriptEntry = {
      ...assistantEntry(id, 'msg_partial', 'Today in the news'),
      runId: 'aaaaaaaaaaaaaaa1',
      meta: { partial: true },
    };
    writeFlushJournal({ sessionId: id, runId: 'aaaaaaaaaaaaaaa1', savedAt: now(), entries: [partial], spans: [] });
    dispatchEvent(
      new StorageEvent('storage', {
        key: `glassbox.flush.${id}`,
        newValue: localStorage.getItem(`glassbox.flush.${id}`),
      }),
    );

    await expect
      .poll(() => useAppStore.getState().entries[id]?.map((entry) => entry.message.content), { timeout: 10_000 })
      .toEqual(['Summarise the news', 'Today in the news']);
    expect(useAppStore.getState().runs[id]?.status).toBe('interrupted');
    expect(await persistence.getSession(id)).toMatchObject({ status: 'interrupted', messageCount: 2 });
    expect(readFlushJournal(id)).toBeUndefined();
  });
});

describe('runSession', () => {
  it('refuses to run a session another tab holds, says so, and takes back the unsaved message', async () => {
    const persistence = install({ withSessionLock: async () => false });
    const { id } = await persistence.createSession();
    const entry = userEntry(id, 'msg_new', 'Hello from the second tab');
    useAppStore.getState().appendEntry(id, entry);

    const ran = await runSession(id, {
      history: [entry.message],
      runInput: entry.message.content as string,
      userEntry: entry,
    });

    expect(ran).toBe(false);
    expect(useAppStore.getState().entries[id]).toEqual([]);
    expect(useAppStore.getState().appAlert).toEqual(RUNNING_ELSEWHERE);
    expect(await persistence.listMessages(id)).toEqual([]);
  });
});

/** A session of 30 runs: 300 messages (10 a run) and 10,230 spans (a root and 340 children a run). */
async function longSession(persistence: Persistence): Promise<{ id: string; runIds: string[] }> {
  const { id } = await persistence.createSession();
  const runIds: string[] = [];
  for (let run = 0; run < 30; run += 1) {
    const runId = `run${String(run).padStart(13, '0')}`;
    runIds.push(runId);
    const entries = Array.from({ length: 10 }, (_, index) => ({
      ...(index % 2 === 0
        ? userEntry(id, `msg_${run}_${index}`, `Question ${run}.${index}`)
        : assistantEntry(id, `msg_${run}_${index}`, `Answer ${run}.${index}`)),
      runId,
    }));
    const start = 10_000 * (run + 1);
    const spans = [
      span(id, runId, { startTime: start, endTime: start + 5000 }),
      ...Array.from({ length: 340 }, (_, index) =>
        span(id, `${runId}c${index}`, {
          kind: 'tool',
          name: 'calculator',
          runId,
          parentSpanId: runId,
          startTime: start + index + 1,
          endTime: start + index + 2,
        }),
      ),
    ];
    await persistence.saveStep({ sessionId: id, entries, spans, session: { status: 'done' } });
  }
  return { id, runIds };
}

describe('a long session', () => {
  it('is painted from its end first (its latest 60 messages and latest run), then shows every message; earlier runs load on request', async () => {
    const persistence = install();
    const { id, runIds } = await longSession(persistence);
    const reads: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { listMessages, listSpans } = persistence;
    persistence.listMessages = async (sessionId, options) => {
      reads.push(`messages ${options?.latest ?? 'all'}`);
      if (options?.latest === undefined) await held;
      return listMessages(sessionId, options);
    };
    persistence.listSpans = async (sessionId, options) => {
      reads.push(`spans ${options?.runId ?? 'all'}`);
      return listSpans(sessionId, options);
    };
    const latestRun = runIds.at(-1) as string;

    const loading = loadSession(id);
    await expect.poll(() => useAppStore.getState().entries[id]?.length).toBe(60);
    const first = useAppStore.getState();
    expect(first.entries[id]?.at(-1)?.message.content).toBe('Answer 29.9');
    expect(first.entries[id]?.[0]?.message.content).toBe('Question 24.0');
    expect(new Set(first.spans[id]?.map((item) => item.runId))).toEqual(new Set([latestRun]));
    expect(first.spans[id]).toHaveLength(341);
    expect(first.olderSpans[id]).toEqual({ count: 10_230 - 341, loading: false });
    release();
    await loading;
    expect(useAppStore.getState().entries[id]).toHaveLength(300);
    expect(useAppStore.getState().entries[id]?.[0]?.message.content).toBe('Question 0.0');
    expect(reads).toEqual([`messages 60`, `spans ${latestRun}`, 'messages all']);

    // A run going on meanwhile: its span in the store (not written yet) is kept when the earlier runs arrive.
    const live = span(id, 'livelivelivelive', { status: 'running', endTime: undefined, startTime: 900_000 });
    useAppStore.getState().upsertSpans(id, [live]);
    const older = loadOlderSpans(id);
    expect(useAppStore.getState().olderSpans[id]?.loading).toBe(true);
    await older;
    const spans = useAppStore.getState().spans[id] ?? [];
    expect(spans).toHaveLength(10_231);
    expect(spans.at(-1)).toEqual(live);
    expect(new Set(spans.map((item) => item.runId)).size).toBe(31);
    expect(useAppStore.getState().olderSpans[id]).toBeUndefined();
  });

  it('imported, it is shown as an open shows it: every message, of its spans only the latest run', async () => {
    const persistence = install();
    const { id, runIds } = await longSession(persistence);
    const text = (await persistence.exportSessions({ sessionIds: [id], all: false })).text;

    await importFiles([new File([text], 'long.json')]);

    const state = useAppStore.getState();
    const copy = state.activeSessionId as string;
    expect(copy).not.toBe(id);
    expect(state.entries[copy]).toHaveLength(300);
    expect(state.spans[copy]).toHaveLength(341);
    expect(new Set(state.spans[copy]?.map((item) => item.runId)).size).toBe(1);
    expect(state.entries[copy]?.at(-1)?.runId).toBe(state.spans[copy]?.[0]?.runId);
    expect(state.olderSpans[copy]).toEqual({ count: runIds.length * 341 - 341, loading: false });
    await loadOlderSpans(copy);
    expect(useAppStore.getState().spans[copy]).toHaveLength(runIds.length * 341);
  });

  it('a small session is read whole at once', async () => {
    const persistence = install();
    const { id } = await persistence.createSession();
    await persistence.saveStep({
      sessionId: id,
      entries: [userEntry(id, 'msg_1', 'Hello')],
      spans: [span(id, 'aaaaaaaaaaaaaaa1')],
      session: { status: 'done' },
    });
    await loadSession(id);
    expect(useAppStore.getState().entries[id]).toHaveLength(1);
    expect(useAppStore.getState().spans[id]).toHaveLength(1);
    expect(useAppStore.getState().olderSpans[id]).toBeUndefined();
  });
});

describe('importFiles', () => {
  it('validates every file first: one bad file means nothing is imported, and the alert names it', async () => {
    const persistence = install();
    const id = await runningSession(persistence);
    const good = (await persistence.exportSessions({ sessionIds: [id], all: false })).text;
    const before = await persistence.listSessions();

    await importFiles([
      new File([good], 'good.json'),
      new File(['{"format": "glassbox.sessions", "version": 1}'], 'bad.json'),
    ]);

    expect(await persistence.listSessions()).toEqual(before);
    expect(useAppStore.getState().appAlert).toMatch(/^Import failed, nothing was imported\. bad\.json: exportedAt/);
  });

  it('imports our own export as a copy when its ids exist, and opens the first imported session', async () => {
    const persistence = install({ isSessionLockedElsewhere: async () => false });
    const id = await runningSession(persistence);
    const text = (await persistence.exportSessions({ sessionIds: [id], all: false })).text;

    await importFiles([new File([text], 'news.json')]);

    const sessions = await persistence.listSessions();
    expect(sessions).toHaveLength(2);
    const copy = sessions.find((session) => session.id !== id);
    expect(copy).toMatchObject({ title: 'Summarise the news', status: 'interrupted' });
    expect(useAppStore.getState().activeSessionId).toBe(copy?.id);
    expect(useAppStore.getState().toast).toBe('Imported 1 session (1 already existed and was imported as a copy).');
  });
});
