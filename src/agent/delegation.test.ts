import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScriptedModel, type ScriptedModel, type ScriptedTurn } from '../testing/scripted-model.ts';
import { defineTool, type AnyTool } from '../tools/define-tool.ts';
import type { RosterAgent } from './delegation.ts';
import type { AgentEvent } from './events.ts';
import { createHarness } from './test-harness.ts';

const calculator = defineTool({
  name: 'calculator',
  description: 'Evaluates arithmetic.',
  schema: z.object({ expression: z.string() }),
  execute: async ({ expression }) => (expression === '100 - 3000/300' ? '90' : '?'),
});

function agent(
  name: string,
  turns: ScriptedTurn[],
  tools: AnyTool[] = [],
  modelId = `${name}-model`,
): RosterAgent & { model: ScriptedModel } {
  return { name, systemPrompt: `You are the ${name}.`, tools, model: createScriptedModel(turns, { modelId }) };
}

function delegateCall(id: string, name: string, task: string, context?: string) {
  return { id, name: `delegate_${name}`, arguments: { task, ...(context === undefined ? {} : { context }) } };
}

function delegatedOf(events: AgentEvent[]): Extract<AgentEvent, { type: 'delegated' }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: 'delegated' }> => event.type === 'delegated');
}

function toolNames(request: { tools?: { function: { name: string } }[] }): string[] {
  return (request.tools ?? []).map((tool) => tool.function.name);
}

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

  it('Stop reaches the model call of a delegate', async () => {
    const controller = new AbortController();
    const researcher = agent('researcher', [{ kind: 'hang', chunks: [{ text: 'working' }] }]);
    const harness = createHarness({
      signal: controller.signal,
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6 },
      turns: [{ toolCalls: [delegateCall('d1', 'researcher', 'slow task')] }],
      onEvent: (event) => {
        if (event.type === 'delegated' && event.event.type === 'text-delta') controller.abort();
      },
    });
    const result = await harness.run();
    expect(researcher.model.requests[0]?.signal.aborted).toBe(true);
    expect(result.reason).toBe('aborted');
    expect(harness.tracer.only('agent', 'researcher').status).toBe('cancelled');
  });

  it('asks for approval inside a delegate through the same approve, and its events carry the call', async () => {
    const ran: string[] = [];
    const risky = defineTool({
      name: 'run_javascript',
      description: 'Runs code.',
      schema: z.object({ code: z.string() }),
      restricted: true,
      execute: async ({ code }) => {
        ran.push(code);
        return 'ok';
      },
    });
    const coder = agent(
      'coder',
      [{ toolCalls: [{ id: 'j', name: 'run_javascript', arguments: { code: '1+1' } }] }, { text: 'it is 2' }],
      [risky],
    );
    const asked: string[] = [];
    const harness = createHarness({
      delegation: { agents: [coder], maxDepth: 1, maxDelegations: 6 },
      turns: [{ toolCalls: [delegateCall('d1', 'coder', 'compute 1+1')] }, { text: '2' }],
      approve: async ({ toolName, callId }) => {
        asked.push(`${toolName} ${callId}`);
        return true;
      },
    });
    await harness.run();
    expect(ran).toEqual(['1+1']);
    const request = delegatedOf(harness.events).find((event) => event.event.type === 'approval-request');
    expect(request?.callId).toBe('d1');
    const innerCallId = request?.event.type === 'approval-request' ? request.event.callId : '';
    expect(asked).toEqual([`run_javascript ${innerCallId}`]);
    expect(harness.tracer.only('approval').parentSpanId).toBe(harness.tracer.only('tool', 'run_javascript').spanId);
  });

  it('resumes an interrupted delegation from its stored transcript, without redoing its finished tool calls', async () => {
    const ran: string[] = [];
    const counting = defineTool({
      name: 'calculator',
      description: 'Evaluates arithmetic.',
      schema: z.object({ expression: z.string() }),
      execute: async ({ expression }) => {
        ran.push(expression);
        return '90';
      },
    });
    const researcher = agent('researcher', [{ text: 'About 90 °C at 3,000 m.' }], [counting]);
    const task = 'Estimate the boiling point of water at 3,000 m';
    const stored = [
      { role: 'user' as const, content: task },
      {
        role: 'assistant' as const,
        content: null,
        tool_calls: [
          {
            id: 'call_r_1_0',
            type: 'function' as const,
            function: { name: 'calculator', arguments: '{"expression":"100 - 3000/300"}' },
          },
        ],
      },
      { role: 'tool' as const, tool_call_id: 'call_r_1_0', content: '90' },
    ];
    const harness = createHarness({
      // The interrupted run: its delegate call has no result yet.
      history: [
        { role: 'user', content: 'Boiling point at 3,000 m?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'd1',
              type: 'function',
              function: { name: 'delegate_researcher', arguments: JSON.stringify({ task }) },
            },
          ],
        },
      ],
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6, resumed: new Map([['d1', stored]]) },
      turns: [{ text: 'Water boils at about 90 °C there.' }],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('done');
    // The researcher went on from its transcript: the calculator did not run again, the task was not given twice.
    expect(ran).toEqual([]);
    expect(researcher.model.requests).toHaveLength(1);
    expect(researcher.model.requests[0]?.messages.slice(1)).toEqual(stored);
    const added = delegatedOf(harness.events).flatMap((event) =>
      event.event.type === 'entry-added' ? [event.event.entry.message.role] : [],
    );
    expect(added).toEqual(['assistant']);
    expect(harness.model.requests[0]?.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'd1',
      content: 'About 90 °C at 3,000 m.',
    });
  });

  it('does not ask a delegate again that had answered before the interruption', async () => {
    const researcher = agent('researcher', [{ text: 'never asked' }]);
    const stored = [
      { role: 'user' as const, content: 'look it up' },
      { role: 'assistant' as const, content: 'Found: 90 °C.' },
    ];
    const harness = createHarness({
      history: [
        { role: 'user', content: 'Look it up' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'd1',
              type: 'function',
              function: { name: 'delegate_researcher', arguments: '{"task":"look it up"}' },
            },
          ],
        },
      ],
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6, resumed: new Map([['d1', stored]]) },
      turns: [{ text: 'It is 90 °C.' }],
    });
    await harness.run();
    expect(researcher.model.requests).toHaveLength(0);
    expect(harness.model.requests[0]?.messages.at(-1)).toEqual({
      role: 'tool',
      tool_call_id: 'd1',
      content: 'Found: 90 °C.',
    });
  });

  it('shares a token budget across all agents', async () => {
    const usage = { inputTokens: 60, outputTokens: 40 };
    const researcher = agent('researcher', [{ text: 'never', usage }]);
    const harness = createHarness({
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6, maxTokens: 100 },
      turns: [
        { toolCalls: [delegateCall('d1', 'researcher', 'a')], usage },
        { text: 'done', usage },
      ],
    });
    const result = await harness.run();
    // The orchestrator's first call used the whole budget: the delegation is refused before its model call.
    expect(researcher.model.requests).toHaveLength(0);
    expect(harness.eventsOf('tool-error')[0]?.error).toContain('token budget reached');
    // And the run stops there, saying why, instead of asking the model again.
    expect(harness.model.requests).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'stopped', reason: 'token-budget' });
    expect(result.message).toBe(
      'Stopped: the token budget (100 tokens for all agents together) is used up (100 used).',
    );
  });

  it('ends a runaway delegate at the shared token budget, and the run with it, with a plain reason', async () => {
    const usage = { inputTokens: 30, outputTokens: 20 };
    // A delegate that never stops calling its tool (each time with new arguments, so it is not "no progress").
    const looping: ScriptedTurn[] = Array.from({ length: 20 }, (_, index) => ({
      toolCalls: [{ id: `c${index}`, name: 'calculator', arguments: { expression: `${index} + 1` } }],
      usage,
    }));
    const researcher = agent('researcher', looping, [calculator]);
    const harness = createHarness({
      limits: {
        maxSteps: 30,
        maxToolCalls: 100,
        deadlineMs: 60_000,
        toolTimeoutMs: 30_000,
        maxObservationChars: 4_000,
      },
      delegation: { agents: [researcher], maxDepth: 1, maxDelegations: 6, maxTokens: 300 },
      turns: [{ toolCalls: [delegateCall('d1', 'researcher', 'count forever')], usage }, { text: 'never asked' }],
    });
    const result = await harness.run();
    // 50 tokens for the orchestrator, then 50 a delegate step: the delegate's fifth step reaches 300.
    expect(researcher.model.requests).toHaveLength(5);
    const delegateEnd = delegatedOf(harness.events).find((event) => event.event.type === 'run-end');
    expect(delegateEnd?.event).toMatchObject({ type: 'run-end', outcome: 'stopped', reason: 'token-budget' });
    expect(harness.eventsOf('tool-error')[0]?.error).toBe(
      'Error: delegate_researcher failed: researcher did not finish: Stopped: the token budget (300 tokens for all agents together) is used up (300 used).',
    );
    expect(harness.model.requests).toHaveLength(1);
    expect(result).toMatchObject({ outcome: 'stopped', reason: 'token-budget' });
  });
});
