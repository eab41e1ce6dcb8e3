// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store.ts';
import { useAfterIdle } from './chat-pane-parts.tsx';

const seen: boolean[] = [];
function Probe() {
  seen.push(useAfterIdle());
  return null;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  seen.length = 0;
});

describe('useAfterIdle', () => {
  it('waits for the app to be ready before the first idle moment counts', () => {
    vi.useFakeTimers();
    act(() => useAppStore.setState({ ready: false }));
    render(<Probe />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(seen.at(-1)).toBe(false);
    act(() => useAppStore.setState({ ready: true }));
    expect(seen.at(-1)).toBe(false);
    act(() => vi.advanceTimersByTime(250));
    expect(seen.at(-1)).toBe(true);
  });
});
