// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { sequentialIds, userEntry } from '../../db/test-fixtures.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices } from '../services.ts';
import { boot } from './boot.ts';
import { deleteSession } from './session-actions.ts';
import { clearOpeningMarks, openingFailed } from './session-opening.ts';

const initialState = useAppStore.getState();
let time = 1_000_000;
const now = () => (time += 1000);

function install(persistence: Persistence = createMemoryPersistence({ newId: sequentialIds(), now })): Persistence {
  setServices({
    persistence,
    fetch: () => Promise.reject(new Error('no network in tests')),
    now,
    newId: sequentialIds(),
  });
  return persistence;
}

/** A saved session with one message, remembered as the one open before the reload. */
async function rememberedSession(persistence: Persistence, text: string): Promise<string> {
  const { id } = await persistence.createSession();
  await persistence.saveStep({ sessionId: id, entries: [userEntry(id, `msg_${id}`, text)], spans: [], session: {} });
  sessionStorage.setItem('glassbox.activeSession', id);
  return id;
}

/** What an earlier page load that never finished opening the session left behind. */
const leaveMarkOfEarlierLoad = (sessionId: string, load = 'earlier') =>
  localStorage.setItem(`glassbox.opening.${load}`, sessionId);

beforeEach(() => {
  useAppStore.setState(initialState, true);
  localStorage.clear();
  sessionStorage.clear();
});

describe('boot: a session that failed to open is not opened again', () => {
  it('opens the remembered session when its last opening finished', async () => {
    const persistence = install();
    const id = await rememberedSession(persistence, 'hello');
    await boot();
    const state = useAppStore.getState();
    expect(state.activeSessionId).toBe(id);
    expect(state.entries[id]?.map((entry) => entry.message.content)).toEqual(['hello']);
    expect(state.failedSession).toBeUndefined();
    // This load's own mark is not a failure; it is cleared once the chat has rendered the session.
    expect(openingFailed(id)).toBe(false);
    expect(Object.values(localStorage)).toContain(id);
  });

  it('opens a new session instead, and offers the failed one, when an earlier opening never finished', async () => {
    const persistence = install();
    const id = await rememberedSession(persistence, 'the session that crashed');
    leaveMarkOfEarlierLoad(id);
    await boot();
    const state = useAppStore.getState();
    expect(state.activeSessionId).not.toBe(id);
    expect(state.entries[id]).toBeUndefined(); // never even loaded
    expect(state.failedSession).toEqual({ sessionId: id });
    expect(state.sessions.map((session) => session.id)).toContain(id);
  });

  it('counts a mark left by another tab (crashed on it) the same way', async () => {
    const persistence = install();
    const id = await rememberedSession(persistence, 'open in a crashed tab');
    sessionStorage.clear();
    localStorage.setItem('glassbox.activeSession', id);
    leaveMarkOfEarlierLoad(id, 'other-tab');
    await boot();
    expect(useAppStore.getState().failedSession).toEqual({ sessionId: id });
  });

  it('opens a new session, and offers the failed one with the error, when loading it throws', async () => {
    const persistence = install();
    const id = await rememberedSession(persistence, 'unreadable');
    install({
      ...persistence,
      listMessages: () => Promise.reject(new Error('The record is damaged')),
    });
    await boot();
    const state = useAppStore.getState();
    expect(state.activeSessionId).not.toBe(id);
    expect(state.failedSession).toEqual({ sessionId: id, loadError: 'The record is damaged' });
  });

  it('forgets the marks of a session once it is deleted, or gone at start-up', async () => {
    const persistence = install();
    const kept = await rememberedSession(persistence, 'kept');
    const deleted = await rememberedSession(persistence, 'deleted');
    leaveMarkOfEarlierLoad(deleted, 'one');
    leaveMarkOfEarlierLoad('sess_gone_long_ago', 'two');
    await boot();
    expect(localStorage.getItem('glassbox.opening.two')).toBeNull();
    await deleteSession(deleted);
    expect(openingFailed(deleted)).toBe(false);
    expect(useAppStore.getState().failedSession).toBeUndefined();
    leaveMarkOfEarlierLoad(kept, 'three');
    expect(openingFailed(kept)).toBe(true);
    clearOpeningMarks(kept);
    expect(openingFailed(kept)).toBe(false);
  });
});
