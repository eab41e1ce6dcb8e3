import { describe, expect, it } from 'vitest';
import { scriptReply } from '../demo/scripted-model.ts';
import type { ChatMessage } from '../model/model.ts';
import { buildSummaryRequest, summarySystemPrompt } from './summary-prompt.ts';

const conversation: ChatMessage[] = [
  { role: 'user', content: 'My flight to Lisbon is on 14 May.\nBook a reminder.' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: 'c1',
        type: 'function',
        function: { name: 'todo', arguments: '{"action":"add","text":"Flight to Lisbon, 14 May"}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'c1', content: '{"id":1,"text":"Flight to Lisbon, 14 May"}' },
  { role: 'assistant', content: 'Added to your todo list.' },
];

describe('summarySystemPrompt', () => {
  it('asks to merge with the previous summary and to keep facts, decisions, names, numbers, open tasks and tool results', () => {
    const prompt = summarySystemPrompt(800);
    expect(prompt).toMatch(/merge them with the previous\s+summary/u);
    for (const kept of ['names, numbers', 'decisions', 'tool results that matter', 'open tasks', 'never invent'])
      expect(prompt).toContain(kept);
    expect(prompt).toContain('560 words (800 tokens)');
  });
});

describe('buildSummaryRequest', () => {
  it('sends the instructions as the system message and the transcript, one numbered line per message', () => {
    const [system, user] = buildSummaryRequest({ messages: conversation, maxSummaryTokens: 500 });
    expect(system).toEqual({ role: 'system', content: summarySystemPrompt(500) });
    expect(user?.role).toBe('user');
    const lines = (user?.content ?? '').split('\n');
    expect(lines).toContain('Previous summary: none.');
    expect(lines).toContain('[1] user: My flight to Lisbon is on 14 May. Book a reminder.');
    expect(lines).toContain('[2] assistant: called todo with {"action":"add","text":"Flight to Lisbon, 14 May"}');
    expect(lines).toContain('[3] tool (todo): {"id":1,"text":"Flight to Lisbon, 14 May"}');
    expect(lines).toContain('[4] assistant: Added to your todo list.');
  });

  it('includes the previous summary to merge', () => {
    const [, user] = buildSummaryRequest({
      messages: conversation,
      maxSummaryTokens: 500,
      previousSummary: 'The user lives in Porto.',
    });
    expect(user?.content).toContain('Previous summary:\n"""\nThe user lives in Porto.\n"""');
    expect(user?.content).toContain('merges the previous summary with these messages');
  });

  it('shortens a huge message in the transcript, keeping its head and tail', () => {
    const huge = `START ${'lorem '.repeat(20_000)}END`;
    const [, user] = buildSummaryRequest({
      messages: [{ role: 'tool', tool_call_id: 'x', content: huge }],
      maxSummaryTokens: 500,
      maxMessageTokens: 300,
    });
    expect((user?.content ?? '').length).toBeLessThan(3_000);
    expect(user?.content).toContain('START');
    expect(user?.content).toContain('END');
    expect(user?.content).toContain('characters omitted');
  });

  it('is recognised by the offline demo model as a summarisation request', () => {
    const reply = scriptReply({ messages: buildSummaryRequest({ messages: conversation, maxSummaryTokens: 500 }) });
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).toMatch(/^Summary of the earlier conversation/u);
    expect(reply.content).toContain('Lisbon');
  });
});
