// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { chatGptExportChunks } from '../../testing/chatgpt-export-fixture.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices } from '../services.ts';
import { onTabMessage } from './boot.ts';
import { importFiles } from './file-actions.ts';
import { deleteSession, renameSession, searchSessions } from './session-actions.ts';

const initialState = useAppStore.getState();
let time = 5_000_000;
const now = () => (time += 1000);
let persistence: Persistence;

beforeEach(() => {
  useAppStore.setState(initialState, true);
  persistence = createMemoryPersistence({ newId: sequentialIds(), now });
  setServices({
    persistence,
    fetch: () => Promise.reject(new Error('no network in tests')),
    now,
    newId: sequentialIds(),
  });
});

/** The titles of the sessions the sidebar's search shows now. */
function shownTitles(): string[] | undefined {
  const { sessions, sessionMatches } = useAppStore.getState();
  const titles = new Map(sessions.map((session) => [session.id, session.title]));
  return sessionMatches?.map((match) => titles.get(match.sessionId) ?? '?');
}

const exportFile = () =>
  new File(
    [[...chatGptExportChunks({ conversations: 6, messagesPerConversation: 4, messageLength: 20 })].join('')],
    'conversations.json',
  );

describe('an active search follows the data', () => {
  it('shows sessions an import adds, a rename changes and a deletion or another tab removes, without retyping', async () => {
    useAppStore.setState({ ready: true });
    await searchSessions('Conversation 4');
    expect(shownTitles()).toEqual([]);

    await importFiles([exportFile()]);
    await vi.waitFor(() => expect(shownTitles()).toEqual(['Conversation 4']));

    const id = useAppStore.getState().sessions.find((session) => session.title === 'Conversation 4')?.id ?? '';
    const other = useAppStore.getState().sessions.find((session) => session.title === 'Conversation 5')?.id ?? '';
    await renameSession(other, 'Conversation 4 again');
    await vi.waitFor(() => expect(shownTitles()).toEqual(['Conversation 4', 'Conversation 4 again']));

    await deleteSession(id);
    await vi.waitFor(() => expect(shownTitles()).toEqual(['Conversation 4 again']));

    // Another tab renames it away: its notice re-reads the list, and the search runs again.
    await persistence.updateSession(other, { title: 'Renamed elsewhere', titleEdited: true });
    await onTabMessage({ type: 'sessions-changed' });
    await vi.waitFor(() => expect(shownTitles()).toEqual([]));
    // The box still holds the query; nothing was retyped.
    expect(useAppStore.getState().sessionQuery).toBe('Conversation 4');
  });
});
