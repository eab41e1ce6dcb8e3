import { describe, expect, it } from 'vitest';
import { useAppStore } from '../app-store.ts';
import { reportKeptWrites, warnIfNearlyFull } from './storage-errors.ts';

describe('reportKeptWrites', () => {
  it('shows one alert while writes are kept in memory, and clears it with a toast once they are saved', () => {
    useAppStore.getState().setStorage({ mode: 'persistent' }, undefined);
    reportKeptWrites(1);
    const alert = useAppStore.getState().storageAlert;
    expect(alert).toMatch(
      /^Storage is full: .*kept in memory.*export or delete old sessions.*saved when space is free/i,
    );
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

describe('warnIfNearlyFull', () => {
  it('warns past 80% of the quota with what to do, and not below', async () => {
    useAppStore.getState().setStorage({ mode: 'persistent' }, undefined);
    await warnIfNearlyFull(async () => ({ usage: 790, quota: 1000, persistent: true }));
    expect(useAppStore.getState().storageAlert).toBeUndefined();
    await warnIfNearlyFull(async () => ({ usage: 850, quota: 1000 }));
    expect(useAppStore.getState().storageAlert).toMatch(/85% full.*Export.*delete old sessions/);
    // Unknown usage says nothing.
    useAppStore.getState().setStorage({ mode: 'persistent' }, undefined);
    await warnIfNearlyFull(async () => ({}));
    expect(useAppStore.getState().storageAlert).toBeUndefined();
  });
});
