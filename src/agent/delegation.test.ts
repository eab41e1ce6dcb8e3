import { describe, expect, it } from 'vitest';
import { type ScriptedTurn } from '../testing/scripted-model.ts';
import { createHarness } from './test-harness.ts';
import { calculator, agent, delegateCall, delegatedOf, toolNames } from './delegation-test-helpers.ts';

describe('delegation through runAgent', () => {
  it('runs the delegate with its prompt, the task, its tools and model, and gives the parent only its answer', async () => {
    const researcher = agent(
      'researcher',
      [
        { toolCalls: [{ id: 'c1', name: 'calculator', arguments: { expression: '100 - 3000/300' } }] },
        { text: 'About 90 °C at 3,000 m.' },
      ],
      [calculator],
    );
    const harness = createHarness({
      history: [{ role: 'user', content: 'Boiling point at 3,000 m?' }],
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6 },
      turns: [
        {
          toolCalls: [
            delegateCall('d1', 'researcher', 'Estimate the boiling point of water at 3,000 m', 'Use 1 °C per 300 m'),
          ],
        },
        { text: 'Water boils at about 90 °C there.' },
      ],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('done');

    const [first, second] = researcher.model.requests;
    expect(first?.messages[0]).toEqual({ role: 'system', content: 'You are the researcher.' });
    expect(first?.messages[1]).toEqual({
      role: 'user',
      content: 'Estimate the boiling point of water at 3,000 m\n\nContext:\nUse 1 °C per 300 m',
    });
    expect(toolNames(first ?? {})).toEqual(['calculator']);
    expect(second?.messages.at(-1)).toMatchObject({ role: 'tool', content: '90' });

    // The orchestrator was offered the delegate and told how to use it; it then saw only the answer.
    const [parentFirst, parentSecond] = harness.model.requests;
    expect(toolNames(parentFirst ?? {})).toEqual(['delegate_researcher']);
    expect(String(parentFirst?.messages[0]?.content)).toContain('delegate_researcher');
    expect(parentSecond?.messages.slice(1)).toEqual([
      { role: 'user', content: 'Boiling point at 3,000 m?' },
      { role: 'assistant', content: null, tool_calls: [expect.objectContaining({ id: 'd1' })] },
      { role: 'tool', tool_call_id: 'd1', content: 'About 90 °C at 3,000 m.' },
    ]);

    // Spans nest: tool delegate_researcher → agent researcher → llm and tool spans, all in the parent's run.
    const tool = harness.tracer.only('tool', 'delegate_researcher');
    const agentSpan = harness.tracer.only('agent', 'researcher');
    expect(agentSpan.parentSpanId).toBe(tool.spanId);
    expect(agentSpan.runId).toBe(result.runId);
    expect(agentSpan.attributes['agent.name']).toBe('researcher');
    expect(harness.tracer.children(agentSpan).map((span) => `${span.kind}: ${span.name}`)).toEqual([
      'llm: researcher-model',
      'tool: calculator',
      'llm: researcher-model',
    ]);

    // The delegated transcript reaches the sink, every entry marked, the task first.
    const delegated = delegatedOf(harness.events);
    expect(delegated.every((event) => event.callId === 'd1' && event.agent === 'researcher')).toBe(true);
    const stored = delegated.flatMap((event) => (event.event.type === 'step-end' ? event.event.entries : []));
    expect(stored.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(stored.every((entry) => entry.meta?.delegation?.parentCallId === 'd1' && entry.runId === result.runId)).toBe(
      true,
    );
    // The delegate's own call ids never clash with the parent's.
    expect(stored[1]?.message.role === 'assistant' && stored[1].message.tool_calls?.[0]?.id).not.toBe('c1');
    // Nothing of the delegate is in the parent's own entries.
    expect(result.entries.some((entry) => entry.meta?.delegation)).toBe(false);
  });

  it('offers delegate tools only while the depth allows, and never the agent itself', async () => {
    const coder = agent('coder', [{ text: 'code done' }]);
    const researcher = agent('researcher', [
      { toolCalls: [delegateCall('r1', 'coder', 'write code')] },
      { text: 'research done' },
    ]);
    const harness = createHarness({
      delegation: { agents: [researcher, coder], maxDepth: 2, maxDelegations: 6 },
      turns: [{ toolCalls: [delegateCall('d1', 'researcher', 'research')] }, { text: 'all done' }],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('done');
    expect(toolNames(harness.model.requests[0] ?? {})).toEqual(['delegate_researcher', 'delegate_coder']);
    expect(toolNames(researcher.model.requests[0] ?? {})).toEqual(['delegate_coder']);
    // Depth 2 is the limit: the coder gets no delegate tools at all.
    expect(coder.model.requests[0]?.tools).toBeUndefined();
    const coderSpan = harness.tracer.only('agent', 'coder');
    expect(harness.tracer.spans.find((span) => span.spanId === coderSpan.parentSpanId)?.name).toBe('delegate_coder');
    // Nested events reach the top sink wrapped once, for the call they answer.
    const coderEntries = delegatedOf(harness.events).filter((event) => event.agent === 'coder');
    expect(coderEntries.length).toBeGreaterThan(0);
    const researcherCall = delegatedOf(harness.events)
      .map((event) => event.event)
      .find((event) => event.type === 'tool-call' && event.toolName === 'delegate_coder');
    const innerId = researcherCall?.type === 'tool-call' ? researcherCall.callId : 'missing';
    expect(coderEntries.every((event) => event.callId === innerId && event.event.type !== 'delegated')).toBe(true);
  });

  it('refuses delegations over Max delegations with a tool error the model sees', async () => {
    const researcher = agent('researcher', [{ text: 'first answer' }, { text: 'never asked' }]);
    const harness = createHarness({
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 1 },
      turns: [
        { toolCalls: [delegateCall('d1', 'researcher', 'part one'), delegateCall('d2', 'researcher', 'part two')] },
        { text: 'merged' },
      ],
    });
    await harness.run();
    expect(researcher.model.requests).toHaveLength(1);
    const results = harness.model.requests[1]?.messages.filter((message) => message.role === 'tool');
    expect(results?.map((message) => message.content)).toEqual([
      'first answer',
      expect.stringContaining('delegation limit reached'),
    ]);
  });

  it('ends a runaway orchestrator that keeps delegating: refused past Max delegations, then stopped at the step limit, saying so', async () => {
    const researcher = agent(
      'researcher',
      Array.from({ length: 10 }, (_, index) => ({ text: `answer ${index}` })),
    );
    // A new task every time, so it is not "no progress": only the limits can end it.
    const runaway: ScriptedTurn[] = Array.from({ length: 20 }, (_, index) => ({
      toolCalls: [delegateCall(`d${index}`, 'researcher', `task number ${index}`)],
    }));
    const harness = createHarness({
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 3 },
      turns: runaway,
    });
    const result = await harness.run();
    expect(researcher.model.requests).toHaveLength(3);
    const results = harness.model.requests
      .at(-1)
      ?.messages.filter((message) => message.role === 'tool')
      .map((message) => String(message.content));
    expect(results?.slice(0, 3)).toEqual(['answer 0', 'answer 1', 'answer 2']);
    expect(
      results?.slice(3).every((content) => content.includes('delegation limit reached: this run may delegate 3 times')),
    ).toBe(true);
    expect(result).toMatchObject({
      outcome: 'stopped',
      reason: 'max-steps',
      message: 'Stopped: step limit (8) reached.',
    });
  });

  it('stops a repeated identical delegation as no progress', async () => {
    const researcher = agent('researcher', [{ text: 'same' }, { text: 'same' }, { text: 'same' }]);
    const same = delegateCall('x', 'researcher', 'look it up');
    const harness = createHarness({
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6 },
      turns: [
        { toolCalls: [{ ...same, id: 'a' }] },
        { toolCalls: [{ ...same, id: 'b' }] },
        { toolCalls: [{ ...same, id: 'c' }] },
      ],
    });
    const result = await harness.run();
    expect(result.reason).toBe('no-progress');
    expect(result.message).toContain('delegate_researcher');
  });

  it('runs two delegations of one response concurrently', async () => {
    const started: string[] = [];
    let release: () => void = () => undefined;
    const both = new Promise<void>((resolve) => (release = resolve));
    const waitForBoth = (name: string): ScriptedTurn => ({
      chunks: [
        {
          wait: () => {
            started.push(name);
            if (started.length === 2) release();
            return both;
          },
        },
        { text: `${name} answer` },
      ],
    });
    const researcher = agent('researcher', [waitForBoth('researcher')]);
    const reviewer = agent('reviewer', [waitForBoth('reviewer')]);
    const harness = createHarness({
      delegation: { agents: [researcher, reviewer], maxDepth: 1, maxDelegations: 6 },
      turns: [
        { toolCalls: [delegateCall('d1', 'researcher', 'a'), delegateCall('d2', 'reviewer', 'b')] },
        { text: 'merged' },
      ],
    });
    const result = await harness.run();
    // Had they run one after the other, the first would wait for the second forever.
    expect(result.outcome).toBe('done');
    expect(started.sort()).toEqual(['researcher', 'reviewer']);
    expect(
      harness.model.requests[1]?.messages
        .filter((message) => message.role === 'tool')
        .map((message) => message.content),
    ).toEqual(['researcher answer', 'reviewer answer']);
  });
});
