// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAppStore } from '../store/app-store.ts';
import { idleRun } from '../store/run-slice.ts';
import { useLocalModelQuiet } from './use-local-model-quiet.ts';

function Quiet() {
  useLocalModelQuiet();
  return null;
}

const initial = useAppStore.getState();
afterEach(() => {
  cleanup();
  useAppStore.setState({ settings: initial.settings, runs: initial.runs });
});

const marked = () => document.documentElement.hasAttribute('data-local-model-running');
const run = (status: 'running' | 'done') => ({ runs: { sess_a: { ...idleRun, status } } });

describe('useLocalModelQuiet', () => {
  it('marks the page while a run uses the in-page model, and only then', () => {
    render(<Quiet />);
    act(() => useAppStore.setState({ settings: { ...initial.settings, provider: 'openai' }, ...run('running') }));
    expect(marked()).toBe(false);
    act(() => useAppStore.setState({ settings: { ...initial.settings, provider: 'local' } }));
    expect(marked()).toBe(true);
    act(() => useAppStore.setState(run('done')));
    expect(marked()).toBe(false);
  });
});
