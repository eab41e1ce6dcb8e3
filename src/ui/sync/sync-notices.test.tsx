// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../i18n/translate.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useSyncStore } from '../../store/sync-store.ts';
import type { SyncConflict } from '../../sync/sync-types.ts';
import { SyncNotices } from './sync-status.tsx';

afterEach(() => {
  cleanup();
  useSyncStore.setState({ conflicts: [] });
});

function show(language: Language, conflicts: SyncConflict[]): string[] {
  useAppStore.setState((state) => ({ settings: { ...state.settings, language } }));
  useSyncStore.setState({ conflicts });
  render(<SyncNotices />);
  return screen.getAllByRole('alert').map((alert) => alert.textContent ?? '');
}

describe('SyncNotices', () => {
  const conflicts: SyncConflict[] = [
    { kind: 'setting', subject: 'settings:prices' },
    { kind: 'tool-state', subject: 'Groceries' },
    { kind: 'session-file', subject: 'Groceries' },
  ];

  it('names a part of the settings and a session part in words, never by document id', () => {
    const [prices, toolState, file] = show('en', conflicts);
    expect(prices).toContain('Sync conflict: Model prices changed on two devices');
    expect(toolState).toContain('the tool state (to-dos and other tool data) of “Groceries”');
    expect(file).toContain('a file attached to “Groceries”');
    for (const text of [prices, toolState, file]) expect(text).not.toMatch(/settings:|toolstate:|file:/);
  });

  it('in Chinese', () => {
    const [prices, toolState] = show('zh-CN', conflicts);
    expect(prices).toContain('模型价格 在两台设备上被修改');
    expect(toolState).toContain('“Groceries”的工具状态');
  });
});
