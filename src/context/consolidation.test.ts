import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import { createScriptedModel, type ScriptedTurn } from '../testing/scripted-model.ts';
import { createTestTracer } from '../testing/test-tracer.ts';
import { createMemoryStores } from '../tools/memory-stores.ts';
import { CONSOLIDATED_TAG, consolidationNotes } from './consolidation.ts';
import { createContextPreparer, type SummaryConsolidation } from './prepare-context.ts';

/** `turns` user/assistant pairs of about 100 tokens each, then the latest question. */
function history(turns: number): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let turn = 1; turn <= turns; turn += 1) {
    messages.push({ role: 'user', content: `Question ${turn}: ${'ask '.repeat(40)}` });
    messages.push({ role: 'assistant', content: `Answer ${turn}: ${'reply '.repeat(50)}` });
  }
  messages.push({ role: 'user', content: 'What did we decide about the budget?' });
  return messages;
}

function compact(turns: ScriptedTurn[], consolidate: SummaryConsolidation | undefined) {
  const tracer = createTestTracer({ now: () => 5 });
  const prepare = createContextPreparer({
    model: createScriptedModel(turns),
    contextWindow: 4_000,
    compactionShare: 0.25,
    fixedTokens: 100,
    summary: { get: () => undefined, set: async () => undefined },
    tracer,
    now: () => 42,
    ...(consolidate ? { consolidate } : {}),
  });
  const runSpan = tracer.startSpan({ kind: 'run', name: 'run' });
  return { tracer, done: prepare(history(12), { step: 1, parentSpan: runSpan, signal: new AbortController().signal }) };
}

describe('consolidation: a compaction’s summary kept as a long-term note', () => {
  it('saves the summary as a note tagged consolidated, linked to the session, and names it on the compaction span', async () => {
    const stores = createMemoryStores();
    const { tracer, done } = compact(
      [{ text: 'Budget decided: 5,000 EUR.' }],
      consolidationNotes(stores.notes, 'sess_a'),
    );
    await done;
    const notes = await stores.notes.list();
    expect(notes).toEqual([
      expect.objectContaining({ content: 'Budget decided: 5,000 EUR.', tags: [CONSOLIDATED_TAG], sessionId: 'sess_a' }),
    ]);
    const span = tracer.only('compaction');
    expect(span.status).toBe('ok');
    expect(span.attributes['compaction.note_id']).toBe(notes[0]?.id);
  });

  it('writes no note when the setting is off, nor when summarising failed', async () => {
    const off = compact([{ text: 'Budget decided.' }], undefined);
    await off.done;
    expect(off.tracer.only('compaction').attributes['compaction.note_id']).toBeUndefined();

    const stores = createMemoryStores();
    const failed = compact(
      [{ kind: 'error', error: new ModelError('server', 'Internal server error', { status: 500 }) }],
      consolidationNotes(stores.notes, 'sess_a'),
    );
    await failed.done;
    expect(await stores.notes.list()).toEqual([]);
    expect(failed.tracer.only('compaction').attributes['compaction.note_id']).toBeUndefined();
  });

  it('replaces the session’s earlier consolidated note (the new summary merges it) and leaves every other note', async () => {
    const stores = createMemoryStores();
    await stores.notes.add({ content: 'Old summary of A', tags: [CONSOLIDATED_TAG], sessionId: 'sess_a' });
    await stores.notes.add({ content: 'Summary of B', tags: [CONSOLIDATED_TAG], sessionId: 'sess_b' });
    await stores.notes.add({ content: 'A fact the model saved in A', tags: ['budget'], sessionId: 'sess_a' });
    const { noteId } = await consolidationNotes(stores.notes, 'sess_a').save({
      text: 'New summary of A',
      coveredMessages: 8,
      updatedAt: 1,
    });
    const notes = await stores.notes.list();
    expect(notes.map((note) => note.content).sort()).toEqual([
      'A fact the model saved in A',
      'New summary of A',
      'Summary of B',
    ]);
    expect(notes.find((note) => note.content === 'New summary of A')?.id).toBe(noteId);
  });

  it('records a failed save on the span and still compacts', async () => {
    const { tracer, done } = compact([{ text: 'Budget decided.' }], {
      save: () => Promise.reject(new Error('quota exceeded')),
    });
    const prepared = await done;
    expect(prepared[0]?.content).toContain('Budget decided.');
    const span = tracer.only('compaction');
    expect(span.status).toBe('ok');
    expect(span.attributes['compaction.note_error']).toBe('The summary could not be saved as a note: quota exceeded');
  });
});
