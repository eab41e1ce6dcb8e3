import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ScriptedTurn } from '../testing/scripted-model.ts';
import { defineTool } from '../tools/define-tool.ts';
import { createHarness } from './test-harness.ts';
import { calculator, agent, delegateCall, delegatedOf } from './delegation-test-helpers.ts';

describe('delegation through runAgent', () => {
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
