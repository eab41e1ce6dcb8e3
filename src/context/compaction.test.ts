import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolCall } from '../model/model.ts';
import { planCompaction, planDropTurns, truncateMessage, type CompactionPlan } from './compaction.ts';
import { estimateMessagesTokens, estimateTokens } from './token-estimate.ts';

/** Text of exactly `n` estimated tokens. */
function words(n: number, word = 'word'): string {
  return Array.from({ length: n }, () => word).join(' ');
}

const user = (n: number, word = 'ask'): ChatMessage => ({ role: 'user', content: words(n, word) });
const answer = (n: number): ChatMessage => ({ role: 'assistant', content: words(n, 'reply') });
const call = (id: string): ToolCall => ({
  id,
  type: 'function',
  function: { name: 'search_web', arguments: `{"query":"${id}"}` },
});
const toolCalls = (...ids: string[]): ChatMessage => ({ role: 'assistant', content: null, tool_calls: ids.map(call) });
const result = (id: string, n: number): ChatMessage => ({ role: 'tool', tool_call_id: id, content: words(n, 'data') });

/** Six turns; turns 2 and 4 use tools (turn 4 with two parallel calls). */
function longConversation(): ChatMessage[] {
  return [
    user(30, 'first'),
    answer(200),
    user(30),
    toolCalls('a'),
    result('a', 300),
    answer(100),
    user(30),
    answer(200),
    user(30),
    toolCalls('b', 'c'),
    result('b', 250),
    result('c', 250),
    answer(100),
    user(30),
    answer(200),
    user(30, 'latest'),
    toolCalls('d'),
    result('d', 150),
  ];
}

/** Every tool result has its call in the same list, and every call its results. */
function expectToolPairsIntact(messages: readonly ChatMessage[]): void {
  const calls = new Set(
    messages.flatMap((message) =>
      message.role === 'assistant' ? (message.tool_calls ?? []).map((item) => item.id) : [],
    ),
  );
  const results = new Set(messages.flatMap((message) => (message.role === 'tool' ? [message.tool_call_id] : [])));
  expect([...results].filter((id) => !calls.has(id))).toEqual([]);
  expect([...calls].filter((id) => !results.has(id))).toEqual([]);
}

describe('planCompaction', () => {
  it('does nothing while the request fits the budget', () => {
    const messages = longConversation();
    const total = estimateMessagesTokens(messages) + 500;
    expect(planCompaction({ messages, budgetTokens: total, fixedTokens: 500 })).toEqual({
      kind: 'none',
      tokens: total,
      overBudget: false,
    });
  });

  it('summarises the oldest turns and keeps the recent ones verbatim, cutting where a user turn starts', () => {
    const messages = longConversation();
    const plan = planCompaction({ messages, budgetTokens: 1_500, fixedTokens: 300, keepRecentTokens: 700 });

    expect(plan.kind).toBe('summarise');
    if (plan.kind !== 'summarise') return;
    expect(plan.coveredMessages).toBe(plan.summarise.length);
    expect([...plan.summarise, ...plan.keep]).toEqual(messages);
    expect(plan.keep[0]?.role).toBe('user');
    expect(estimateMessagesTokens(plan.keep)).toBeLessThanOrEqual(700);
    // The kept part is as long as the target allows: one more turn would not fit.
    const previousTurn = plan.summarise.findLastIndex((message) => message.role === 'user');
    expect(estimateMessagesTokens(messages.slice(previousTurn))).toBeGreaterThan(700);
    expect(plan.keep.at(-3)).toEqual(user(30, 'latest'));
    expect(plan.tokensAfter).toBeLessThanOrEqual(1_500);
    expect(plan.tokensBefore).toBe(300 + estimateMessagesTokens(messages));
  });

  it('never separates an assistant message with tool calls from its results, whatever the budget', () => {
    const messages = longConversation();
    for (let budget = 400; budget <= 3_000; budget += 100) {
      for (const keepRecentTokens of [0, 200, 500, 900, undefined]) {
        const plan: CompactionPlan = planCompaction({
          messages,
          budgetTokens: budget,
          fixedTokens: 100,
          ...(keepRecentTokens === undefined ? {} : { keepRecentTokens }),
        });
        if (plan.kind !== 'summarise') continue;
        expectToolPairsIntact(plan.summarise);
        expectToolPairsIntact(plan.keep);
        expect(plan.keep[0]?.role).toBe('user');
      }
    }
  });

  it('always keeps the latest user turn whole, even when it alone is larger than the recent-token target', () => {
    const messages = [
      user(20),
      answer(400),
      user(20),
      answer(400),
      user(50, 'latest'),
      toolCalls('x'),
      result('x', 600),
    ];
    const plan = planCompaction({ messages, budgetTokens: 1_200, fixedTokens: 50, keepRecentTokens: 100 });
    expect(plan.kind).toBe('summarise');
    if (plan.kind !== 'summarise') return;
    expect(plan.keep).toEqual(messages.slice(4));
    expect(plan.coveredMessages).toBe(4);
  });

  it('truncates a single message larger than the budget around a marker, and leaves the user message alone', () => {
    const huge = result('x', 5_000);
    const messages = [user(20), answer(50), user(40, 'latest'), toolCalls('x'), huge];
    const plan = planCompaction({ messages, budgetTokens: 1_000, fixedTokens: 100 });

    expect(plan.kind).toBe('summarise');
    if (plan.kind !== 'summarise') return;
    expect(plan.truncatedMessages).toBe(1);
    const shortened = plan.keep.at(-1) as ChatMessage;
    expect(shortened.role).toBe('tool');
    expect(shortened.content).toMatch(/^data data/u);
    expect(shortened.content).toMatch(/data$/u);
    expect(shortened.content).toMatch(/\[… \d+ characters omitted …\]/u);
    expect(plan.keep[0]).toEqual(user(40, 'latest'));
    expect(plan.tokensAfter).toBeLessThanOrEqual(1_000);
  });

  it('plans truncation only when there is no earlier turn to summarise', () => {
    const messages = [user(30, 'only'), toolCalls('x'), result('x', 3_000), toolCalls('y'), result('y', 100)];
    const plan = planCompaction({ messages, budgetTokens: 1_000, fixedTokens: 100 });
    expect(plan.kind).toBe('truncate');
    if (plan.kind !== 'truncate') return;
    expect(plan.keep).toHaveLength(messages.length);
    expect(plan.keep[2]?.content).toContain('characters omitted');
    expect(plan.keep[4]).toBe(messages[4]);
    expect(plan.tokensAfter).toBeLessThanOrEqual(1_000);
  });

  it('truncates the latest user message only when nothing else can give way', () => {
    const messages = [user(3_000, 'pasted')];
    const plan = planCompaction({ messages, budgetTokens: 800, fixedTokens: 100 });
    expect(plan.kind).toBe('truncate');
    if (plan.kind !== 'truncate') return;
    expect(plan.keep[0]?.content).toContain('characters omitted');
    expect(estimateTokens(plan.keep[0]?.content ?? '')).toBeLessThan(800);
  });

  it('reports over budget when nothing can shrink', () => {
    const messages = [user(30)];
    expect(planCompaction({ messages, budgetTokens: 100, fixedTokens: 200 })).toMatchObject({
      kind: 'none',
      overBudget: true,
    });
  });

  it('sets aside room for the merged summary, at least the size of the current one', () => {
    const messages = longConversation();
    const plan = planCompaction({
      messages,
      budgetTokens: 1_500,
      fixedTokens: 300,
      summaryTokens: 400,
      summaryReserveTokens: 100,
    });
    expect(plan.kind).toBe('summarise');
    if (plan.kind !== 'summarise') return;
    expect(plan.tokensAfter).toBe(300 + 400 + estimateMessagesTokens(plan.keep));
    expect(plan.tokensAfter).toBeLessThanOrEqual(1_500);
  });
});

describe('planDropTurns (the fallback when summarising fails)', () => {
  it('leaves out the oldest whole turns until the rest fits, keeping the latest turn', () => {
    const messages = longConversation();
    const budget = 1_400;
    const plan = planDropTurns({ messages, budgetTokens: budget, fixedTokens: 100 });
    expect(plan.kind).toBe('drop');
    if (plan.kind !== 'drop') return;
    expect(plan.keep).toEqual(messages.slice(plan.droppedMessages));
    expect(plan.keep[0]?.role).toBe('user');
    expectToolPairsIntact(plan.keep);
    expect(plan.tokensAfter).toBeLessThanOrEqual(budget);
    // Only as much as needed: with one turn fewer left out, it would not fit.
    const previousTurn = messages.slice(0, plan.droppedMessages).findLastIndex((message) => message.role === 'user');
    expect(100 + estimateMessagesTokens(messages.slice(previousTurn))).toBeGreaterThan(budget);
  });

  it('then truncates what still does not fit, never dropping the latest turn', () => {
    const messages = [user(20), answer(100), user(20, 'latest'), toolCalls('x'), result('x', 4_000)];
    const plan = planDropTurns({ messages, budgetTokens: 900, fixedTokens: 100 });
    expect(plan).toMatchObject({ kind: 'drop', droppedMessages: 2, truncatedMessages: 1 });
    if (plan.kind !== 'drop') return;
    expect(plan.keep[0]).toEqual(user(20, 'latest'));
    expect(plan.tokensAfter).toBeLessThanOrEqual(900);
  });

  it('does nothing within budget', () => {
    expect(planDropTurns({ messages: [user(10)], budgetTokens: 1_000, fixedTokens: 10 })).toMatchObject({
      kind: 'none',
      overBudget: false,
    });
  });
});

describe('truncateMessage', () => {
  it('keeps head and tail and leaves short messages untouched', () => {
    const message: ChatMessage = { role: 'tool', tool_call_id: 'a', content: `HEAD ${words(2_000)} TAIL` };
    const shortened = truncateMessage(message, 200);
    expect(shortened).toMatchObject({ role: 'tool', tool_call_id: 'a' });
    expect(shortened.content).toMatch(/^HEAD/u);
    expect(shortened.content).toMatch(/TAIL$/u);
    expect(estimateTokens(shortened.content ?? '')).toBeLessThanOrEqual(230);
    const short: ChatMessage = { role: 'user', content: 'hello' };
    expect(truncateMessage(short, 200)).toBe(short);
  });
});
