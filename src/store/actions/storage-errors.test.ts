import { describe, expect, it } from 'vitest';
import { useAppStore } from '../app-store.ts';
import { reportKeptWrites } from './storage-errors.ts';

describe('reportKeptWrites', () => {
  it('shows one alert while writes are kept in memory, and clears it with a toast once they are saved', () => {
    useAppStore.getState().setStorage({ mode: 'persistent' }, undefined);
    reportKeptWrites(1);
    const alert = useAppStore.getState().storageAlert;
    expect(alert).toMatch(/^Storage is full: .*kept in memory.*export or delete old sessions.*saved when space is free/i);
    // Dismissed by the user: more kept writes do not bring it back.
    useAppStore.getState().setStorage({ mode: 'persistent' }, undefined);
    reportKeptWrites(2);
    expect(useAppStore.getState().storageAlert).toBeUndefined();
    reportKeptWrites(0);
    expect(useAppStore.getState().toast).toMatch(/saved/);

    // Full again later: a new alert, which the save clears.
    reportKeptWrites(1);
    expect(useAppStore.getState().storageAlert).toBe(alert);
    reportKeptWrites(0);
    expect(useAppStore.getState().storageAlert).toBeUndefined();
  });
});
