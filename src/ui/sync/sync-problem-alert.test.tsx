// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncProblemKind } from '../../sync/sync-types.ts';
import { SyncProblemAlert } from './sync-problem-alert.tsx';

afterEach(cleanup);

describe('SyncProblemAlert', () => {
  const words: Array<[SyncProblemKind, string]> = [
    ['unreachable', 'unreachable'],
    ['cors', 'CORS'],
    ['auth', 'user or password'],
    ['database-missing', 'database'],
    ['passphrase', 'passphrase'],
    ['quota', 'quota'],
    ['nonsense', 'not a CouchDB server'],
  ];

  it.each(words)('names %s in the contract word (%s) with its detail as text', (kind, word) => {
    render(<SyncProblemAlert problem={{ kind, detail: '<b>detail</b>' }} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(word);
    // A wrong passphrase has no detail to show; every other problem shows what it has, as text.
    if (kind !== 'passphrase') expect(alert.textContent).toContain('<b>detail</b>');
    expect(alert.querySelector('b')).toBeNull();
  });

  it('offers Create database only for a missing database, and says why creating failed', async () => {
    const create = vi.fn().mockRejectedValue(new Error('HTTP 403: forbidden'));
    const { rerender } = render(<SyncProblemAlert problem={{ kind: 'auth' }} onCreateDatabase={create} />);
    expect(screen.queryByRole('button', { name: 'Create database' })).toBeNull();
    rerender(<SyncProblemAlert problem={{ kind: 'database-missing', detail: 'glassbox' }} onCreateDatabase={create} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create database' }));
    expect(create).toHaveBeenCalledOnce();
    expect(await screen.findByText(/could not be created: HTTP 403/)).toBeTruthy();
  });
});
