// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionRecord } from '../../db/schema.ts';
import { useAppStore } from '../../store/app-store.ts';
import { SessionSidebar } from './session-sidebar.tsx';

const initialState = useAppStore.getState();

afterEach(() => {
  cleanup();
  useAppStore.setState(initialState, true);
});

function session(id: string, title: string, updatedAt: number): SessionRecord {
  return {
    id,
    title,
    titleEdited: false,
    createdAt: updatedAt,
    updatedAt,
    messageCount: 2,
    spanCount: 0,
    nextSeq: 2,
    status: 'idle',
  };
}

const garden = session('sess_garden', 'Garden chores', 2_000);
const maths = session('sess_maths', 'What is 17*3?', 1_000);

describe('SessionSidebar search', () => {
  it('keeps the shown snippets highlighted for the query they answer while a newer search runs', async () => {
    useAppStore.setState({ sessions: [garden, maths], activeSessionId: maths.id, ready: true });
    useAppStore
      .getState()
      .setSessionSearch('ferns', [
        { sessionId: garden.id, snippets: [{ entryId: 'e1', text: 'Remind me to water the ferns' }] },
      ]);
    render(<SessionSidebar />);
    const list = screen.getByRole('list', { name: 'Session list' });
    const snippets = await within(list).findByRole('list', { name: 'Matching messages' });
    expect(within(snippets).getByText('ferns', { selector: 'mark' })).toBeVisible();
    expect(list).not.toHaveAttribute('aria-busy');

    // A keystroke: the box shows the new text and the list is busy, its rows and their highlights as they were.
    const row = within(list).getByRole('button', { name: 'Garden chores' }).closest('li');
    useAppStore.getState().setSessionSearch('water', useAppStore.getState().sessionMatches, true);
    expect(await screen.findByRole('searchbox', { name: 'Search sessions' })).toHaveValue('water');
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(within(list).getByRole('button', { name: 'Garden chores' }).closest('li')).toBe(row);
    expect(within(snippets).getByText('ferns', { selector: 'mark' })).toBeVisible();
    expect(within(snippets).queryByText('water', { selector: 'mark' })).toBeNull();

    // The answer for the new query: its highlights.
    useAppStore
      .getState()
      .setSessionSearch('water', [
        { sessionId: garden.id, snippets: [{ entryId: 'e1', text: 'Remind me to water the ferns' }] },
      ]);
    expect(await within(list).findByText('water', { selector: 'mark' })).toBeVisible();
    expect(within(list).queryByText('ferns', { selector: 'mark' })).toBeNull();
    expect(list).not.toHaveAttribute('aria-busy');
  });
});
