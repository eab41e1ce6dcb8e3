import { describe, expect, it } from 'vitest';
import type { TranscriptEntry, TranscriptMeta } from '../../agent/transcript.ts';
import { buildPlanViews, stepIndex } from './plan-views.ts';

let ids = 0;
function entry(runId: string, message: TranscriptEntry['message'], meta?: TranscriptMeta): TranscriptEntry {
  return { id: `msg_${++ids}`, sessionId: 's', runId, createdAt: ids, message, ...(meta ? { meta } : {}) };
}
const call = (runId: string, next?: string) =>
  entry(
    runId,
    {
      role: 'assistant',
      content: null,
      tool_calls: [{ id: `c${ids}`, type: 'function', function: { name: 'date_calc', arguments: '{}' } }],
    },
    next ? { planNext: next } : undefined,
  );

describe('buildPlanViews', () => {
  it('ticks the steps before the one a decision works on next, and all of them once the run answered', () => {
    const plan = entry(
      'run_1',
      { role: 'assistant', content: '{}' },
      { plan: ['Add the days', 'Check the weekday', 'Answer'], planNext: 'Add the days' },
    );
    const entries = [entry('run_1', { role: 'user', content: 'Q' }), plan, call('run_1', 'Add the days')];
    expect(buildPlanViews(entries).get(plan.id)).toEqual({
      kind: 'checklist',
      steps: [
        { text: 'Add the days', state: 'current' },
        { text: 'Check the weekday', state: 'pending' },
        { text: 'Answer', state: 'pending' },
      ],
    });
    entries.push(call('run_1', 'step 2'));
    expect(buildPlanViews(entries).get(plan.id)).toMatchObject({
      steps: [{ state: 'done' }, { state: 'current' }, { state: 'pending' }],
    });
    entries.push(entry('run_1', { role: 'assistant', content: 'It is a Thursday.' }));
    expect(buildPlanViews(entries).get(plan.id)).toMatchObject({
      steps: [{ state: 'done' }, { state: 'done' }, { state: 'done' }],
    });
  });

  it('shows the latest plan in the first plan entry and what each later plan changed', () => {
    const first = entry('run_2', { role: 'assistant', content: '{}' }, { plan: ['a', 'b'] });
    const second = entry('run_2', { role: 'assistant', content: '{}' }, { plan: ['a', 'c'], planNext: 'c' });
    const other = entry('run_3', { role: 'assistant', content: '{}' }, { plan: ['x'] });
    const views = buildPlanViews([first, second, other]);
    expect(views.get(first.id)).toMatchObject({
      kind: 'checklist',
      steps: [
        { text: 'a', state: 'done' },
        { text: 'c', state: 'current' },
      ],
    });
    expect(views.get(second.id)).toEqual({ kind: 'update', added: ['c'], removed: ['b'] });
    expect(views.get(other.id)).toMatchObject({ kind: 'checklist', steps: [{ text: 'x', state: 'pending' }] });
  });

  it('matches next by text, number or part of a step', () => {
    const steps = ['1. Look up the weather', 'Answer the user.'];
    expect(stepIndex(steps, 'look up the weather')).toBe(0);
    expect(stepIndex(steps, '2')).toBe(1);
    expect(stepIndex(steps, '第2步')).toBe(1);
    expect(stepIndex(steps, 'Answer')).toBe(1);
    expect(stepIndex(steps, 'something else')).toBe(-1);
    expect(stepIndex(steps, '7')).toBe(-1);
  });
});
