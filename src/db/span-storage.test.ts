import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { ATTR } from '../trace/attributes.ts';
import { saveStep } from './save-step.ts';
import { createSession } from './sessions.ts';
import { LLM_MESSAGES_OMITTED, spanForStorage } from './span-storage.ts';
import { listSpans } from './spans.ts';
import { span } from './test-fixtures.ts';

function conversation(turns: number, length = 400) {
  const messages: Array<{ role: string; content: string }> = [{ role: 'system', content: 'You are Glassbox.' }];
  for (let turn = 0; turn < turns; turn += 1) {
    messages.push(
      { role: 'user', content: `question ${turn} ${'q'.repeat(length)}` },
      { role: 'assistant', content: `answer ${turn} ${'a'.repeat(length)}` },
    );
  }
  return messages;
}

describe('spanForStorage', () => {
  it('stores a long request as the system prompt, a note and the latest turn; the live span is untouched', () => {
    const messages = [
      ...conversation(100),
      { role: 'user', content: 'And now?' },
      { role: 'assistant', content: null, tool_calls: [] },
      { role: 'tool', content: '42' },
    ];
    const live = span('sess_1', 'aaaaaaaaaaaaaaa1', {
      kind: 'llm',
      attributes: { [ATTR.llmMessages]: messages, [ATTR.llmOutputText]: 'done' },
    });
    const stored = spanForStorage(live);
    const kept = stored.attributes[ATTR.llmMessages] as Array<{ role: string; content: unknown }>;
    expect(kept[0]).toEqual({ role: 'system', content: 'You are Glassbox.' });
    expect(kept[1]?.content).toContain('200 earlier messages');
    expect(kept.slice(2)).toEqual(messages.slice(-3));
    expect(stored.attributes[LLM_MESSAGES_OMITTED]).toBe(200);
    expect(stored.attributes[ATTR.llmOutputText]).toBe('done');
    expect(JSON.stringify(stored).length).toBeLessThan(2_000);
    expect(live.attributes[ATTR.llmMessages]).toBe(messages);
  });

  it('stores short requests and spans of other kinds unchanged', () => {
    const short = span('sess_1', 'aaaaaaaaaaaaaaa1', {
      kind: 'llm',
      attributes: { [ATTR.llmMessages]: conversation(3, 50) },
    });
    expect(spanForStorage(short)).toBe(short);
    const tool = span('sess_1', 'aaaaaaaaaaaaaaa2', {
      kind: 'tool',
      attributes: { [ATTR.llmMessages]: conversation(100) },
    });
    expect(spanForStorage(tool)).toBe(tool);
  });

  it('is what saveStep writes, so a step costs the same at 20 and at 2,000 messages', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_1', now: 10 });
    const llm = span('sess_1', 'aaaaaaaaaaaaaaa1', {
      kind: 'llm',
      attributes: { [ATTR.llmMessages]: [...conversation(1000), { role: 'user', content: 'last' }] },
    });
    await saveStep(db, { sessionId: 'sess_1', entries: [], spans: [llm], session: {} });
    const [saved] = await listSpans(db, 'sess_1');
    expect(saved?.attributes[LLM_MESSAGES_OMITTED]).toBe(2000);
    expect(JSON.stringify(saved).length).toBeLessThan(2_000);
  });
});

describe('spanForStorage with very long messages', () => {
  it('keeps the beginning and end of a message longer than 8,000 characters (a summary call, a pasted file)', () => {
    const transcript = `${'a'.repeat(3_000)}${'m'.repeat(50_000)}${'z'.repeat(1_000)}`;
    const live = span('sess_1', 'aaaaaaaaaaaaaaa1', {
      kind: 'llm',
      attributes: {
        [ATTR.llmMessages]: [
          { role: 'system', content: 'Summarise.' },
          { role: 'user', content: transcript },
        ],
      },
    });
    const kept = spanForStorage(live).attributes[ATTR.llmMessages] as Array<{ content: string }>;
    expect(kept[0]?.content).toBe('Summarise.');
    expect(kept[1]?.content.startsWith('a'.repeat(3_000))).toBe(true);
    expect(kept[1]?.content.endsWith('z'.repeat(1_000))).toBe(true);
    expect(kept[1]?.content).toContain('[… 50000 characters not stored in the trace …]');
    expect(spanForStorage(live).attributes[LLM_MESSAGES_OMITTED]).toBeUndefined();
  });
});
