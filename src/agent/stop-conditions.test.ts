import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deferred } from '../testing/scripted-model.ts';
import { defineTool } from '../tools/define-tool.ts';
import {
  decideNextStep,
  deadline,
  noProgress,
  stepCountIs,
  toolCallCountIs,
  type StepResult,
} from './stop-conditions.ts';
import { createHarness, noticeOf, weatherTool } from './test-harness.ts';

const step = (
  n: number,
  calls: { name: string; arguments: string }[],
  kind: StepResult['kind'] = 'tool-calls',
): StepResult => ({
  step: n,
  kind,
  toolCalls: calls.map((call, index) => ({ callId: `c${n}_${index}`, status: 'ok', ...call })),
  entries: [],
  startedAt: 0,
  endedAt: 0,
});

const input = (steps: StepResult[]) => ({ steps, startedAt: 0, now: 0 });
const always = () => ({ outcome: 'stopped' as const, reason: 'max-steps' as const });

describe('stop conditions', () => {
  it('stepCountIs stops after n model steps (a resumed-tools step does not count)', () => {
    const condition = stepCountIs(2);
    expect(condition({ steps: [step(0, [], 'resumed-tools'), step(1, [])], startedAt: 0, now: 0 })).toBeUndefined();
    expect(condition({ steps: [step(1, []), step(2, [])], startedAt: 0, now: 0 })).toEqual({
      outcome: 'stopped',
      reason: 'max-steps',
      message: 'Stopped: step limit (2) reached.',
      text: { key: 'stop.max-steps', values: { limit: 2 } },
    });
  });

  it('toolCallCountIs counts calls across steps', () => {
    const condition = toolCallCountIs(3);
    const call = { name: 'a', arguments: '{}' };
    expect(condition({ steps: [step(1, [call, call])], startedAt: 0, now: 0 })).toBeUndefined();
    expect(condition({ steps: [step(1, [call, call]), step(2, [call])], startedAt: 0, now: 0 })?.reason).toBe(
      'max-tool-calls',
    );
  });

  it('deadline compares the clock with the start', () => {
    expect(deadline(1000)({ steps: [], startedAt: 0, now: 999 })).toBeUndefined();
    expect(deadline(300_000)({ steps: [], startedAt: 0, now: 300_000 })).toEqual({
      outcome: 'stopped',
      reason: 'deadline',
      message: 'Stopped: time limit (5 min) reached.',
      text: { key: 'stop.deadline', values: { duration: '5 min' } },
    });
  });

  it('noProgress needs the same tool with equal arguments (key order and spacing aside) several times in a row', () => {
    const condition = noProgress(3);
    const paris = { name: 'get_weather', arguments: '{"city":"Paris","unit":"c"}' };
    const parisReordered = { name: 'get_weather', arguments: '{ "unit": "c", "city": "Paris" }' };
    const oslo = { name: 'get_weather', arguments: '{"city":"Oslo","unit":"c"}' };
    expect(
      condition({ steps: [step(1, [paris]), step(2, [oslo]), step(3, [paris])], startedAt: 0, now: 0 }),
    ).toBeUndefined();
    expect(
      condition({ steps: [step(1, [paris]), step(2, [parisReordered]), step(3, [paris])], startedAt: 0, now: 0 }),
    ).toMatchObject({
      reason: 'no-progress',
      message: 'Stopped: no progress — get_weather was called 3 times in a row with the same arguments.',
      text: { key: 'stop.no-progress', values: { tool: 'get_weather', times: 3 } },
    });
  });

  it('decideNextStep prefers the step’s own end, then a final answer, then the conditions in order', () => {
    expect(decideNextStep(input([step(1, [], 'final-answer')]), [always])).toEqual({
      type: 'stop',
      outcome: 'done',
      reason: 'final-answer',
    });
    expect(
      decideNextStep(input([{ ...step(1, []), end: { outcome: 'stopped', reason: 'aborted' } }]), [always]),
    ).toMatchObject({ reason: 'aborted' });
    expect(decideNextStep(input([step(1, [])]), [() => undefined])).toEqual({ type: 'continue' });
    expect(decideNextStep(input([step(1, [])]), [always])).toMatchObject({ type: 'stop', reason: 'max-steps' });
  });
});

describe('limits in a run', () => {
  it('stops at the step limit with a plain message, keeping every entry', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [
        { toolCalls: [{ id: 'a', name: 'get_weather', arguments: { city: 'Paris' } }] },
        { toolCalls: [{ id: 'b', name: 'get_weather', arguments: { city: 'Oslo' } }] },
      ],
    });
    harness.options.limits = { ...harness.options.limits, maxSteps: 2 };

    const result = await harness.run();

    expect(result).toMatchObject({
      outcome: 'stopped',
      reason: 'max-steps',
      message: 'Stopped: step limit (2) reached.',
    });
    expect(result.entries.map((entry) => entry.message.role)).toEqual(['assistant', 'tool', 'assistant', 'tool']);
    expect(noticeOf(result.entries.at(-1))).toBe('Stopped: step limit (2) reached.');
    expect(harness.events.at(-1)).toEqual({
      type: 'run-end',
      outcome: 'stopped',
      reason: 'max-steps',
      message: 'Stopped: step limit (2) reached.',
      text: { key: 'stop.max-steps', values: { limit: 2 } },
    });
    expect(harness.eventsOf('notice')).toEqual([
      {
        type: 'notice',
        code: 'limit-reached',
        text: { key: 'stop.max-steps', values: { limit: 2 } },
      },
    ]);
    expect(noticeOf(harness.eventsOf('step-end').at(-1)?.entries.at(-1))).toContain('step limit');
    expect(harness.tracer.only('run').attributes['run.stop_reason']).toBe('max-steps');
  });

  it('stops when the same call repeats three times in a row', async () => {
    const same = { name: 'get_weather', arguments: { city: 'Paris' } };
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [{ toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }],
    });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'no-progress' });
    expect(result.message).toContain('no progress');
    expect(harness.model.requests).toHaveLength(3);
  });

  it('stops when the wall-clock time limit has passed after a step', async () => {
    let clock = 0;
    const slowClock = defineTool({
      name: 'slow_clock',
      description: 'Takes ten minutes.',
      schema: z.object({}),
      execute: async () => {
        clock += 600_000;
        return 'done';
      },
    });
    const harness = createHarness({
      tools: [slowClock],
      turns: [{ toolCalls: [{ name: 'slow_clock' }] }],
      now: () => clock,
    });
    harness.options.limits = { ...harness.options.limits, deadlineMs: 300_000 };

    const result = await harness.run();

    expect(result).toMatchObject({
      outcome: 'stopped',
      reason: 'deadline',
      message: 'Stopped: time limit (5 min) reached.',
    });
    expect(result.message).toContain('time limit');
  });

  it('interrupts a model call that is still running at the deadline, keeping its partial text', async () => {
    const harness = createHarness({ turns: [{ kind: 'hang', chunks: [{ text: 'Thinking about' }] }] });
    harness.options.limits = { ...harness.options.limits, deadlineMs: 30 };

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'deadline' });
    expect(result.message).toContain('time limit');
    expect(result.entries).toMatchObject([
      { message: { role: 'assistant', content: 'Thinking about' }, meta: { partial: true } },
    ]);
    expect(harness.model.requests[0]?.signal.aborted).toBe(true);
    expect(harness.tracer.only('llm').status).toBe('cancelled');
  });

  it('interrupts a running tool at the deadline and says so in its observation', async () => {
    let toolSignal: AbortSignal | undefined;
    const forever = defineTool({
      name: 'forever',
      description: 'Never ends.',
      schema: z.object({}),
      execute: (_args, context) => {
        toolSignal = context.signal;
        return new Promise(() => undefined);
      },
    });
    const harness = createHarness({ tools: [forever], turns: [{ toolCalls: [{ id: 'f', name: 'forever' }] }] });
    harness.options.limits = { ...harness.options.limits, deadlineMs: 30 };

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'deadline' });
    expect(toolSignal?.aborted).toBe(true);
    expect(result.entries.at(-1)?.message.content).toBe('The run reached its time limit before this call finished.');
    expect(noticeOf(result.entries.at(-1))).toContain('time limit');
  });

  it('stops at the tool call limit once it is reached', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
        { toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] },
      ],
    });
    harness.options.limits = { ...harness.options.limits, maxToolCalls: 2 };

    const result = await harness.run();

    expect(result).toMatchObject({
      outcome: 'stopped',
      reason: 'max-tool-calls',
      message: 'Stopped: tool call limit (2) reached.',
    });
    expect(harness.model.requests).toHaveLength(2);
  });
});

describe('Stop', () => {
  it('keeps the partial text of a stopped stream, cancels open spans, and the next run works', async () => {
    const controller = new AbortController();
    const streamed = deferred();
    const harness = createHarness({
      signal: controller.signal,
      turns: [
        {
          kind: 'hang',
          chunks: [
            { reasoning: 'Let me think.' },
            { text: 'The weather in Par' },
            { wait: () => (streamed.resolve(), new Promise(() => undefined)) },
          ],
        },
      ],
    });

    const running = harness.run();
    await streamed.promise;
    controller.abort();
    const result = await running;

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'aborted', message: 'Stopped by the user.' });
    expect(result.entries).toMatchObject([
      {
        message: { role: 'assistant', content: 'The weather in Par' },
        reasoning: 'Let me think.',
        meta: { partial: true },
      },
    ]);
    expect(harness.model.requests[0]?.signal.aborted).toBe(true);
    expect(harness.tracer.describe()).toBe(
      'run: What is the weather in Paris? [cancelled]\n  llm: scripted-model [cancelled]',
    );
    expect(harness.tracer.only('llm').attributes['llm.output.text']).toBe('The weather in Par');
    expect(harness.eventsOf('step-end')[0]?.entries).toEqual(result.entries);
    expect(harness.eventsOf('run-end')).toHaveLength(1);

    const next = createHarness({
      history: [
        ...harness.options.history,
        ...result.entries.map((entry) => entry.message),
        { role: 'user', content: 'Go on.' },
      ],
      turns: [{ text: 'It is sunny in Paris.' }],
    });
    const resumed = await next.run();
    expect(resumed).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(next.model.requests[0]?.messages.slice(-2)).toEqual([
      { role: 'assistant', content: 'The weather in Par' },
      { role: 'user', content: 'Go on.' },
    ]);
  });

  it('aborts a running tool’s signal, records the call as stopped and leaves no tool call unanswered', async () => {
    const controller = new AbortController();
    const toolStarted = deferred<AbortSignal>();
    const seenAbort = deferred<unknown>();
    const long = defineTool({
      name: 'long_task',
      description: 'Works until stopped.',
      schema: z.object({}),
      execute: (_args, context) => {
        toolStarted.resolve(context.signal);
        context.signal.addEventListener('abort', () => seenAbort.resolve(context.signal.reason));
        return new Promise(() => undefined);
      },
    });
    const harness = createHarness({
      signal: controller.signal,
      tools: [long],
      turns: [{ toolCalls: [{ id: 't', name: 'long_task' }] }],
    });

    const running = harness.run();
    const signal = await toolStarted.promise;
    controller.abort();
    const result = await running;

    expect(signal.aborted).toBe(true);
    await seenAbort.promise;
    expect(result).toMatchObject({ outcome: 'stopped', reason: 'aborted' });
    expect(result.entries.map((entry) => entry.message)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 't', type: 'function', function: { name: 'long_task', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 't', content: 'The user stopped the run before this call finished.' },
    ]);
    expect(harness.tracer.only('tool').status).toBe('cancelled');
    expect(harness.tracer.only('run').status).toBe('cancelled');
    expect(harness.model.requests).toHaveLength(1);
  });

  it('ends a run stopped while waiting for approval without running the tool', async () => {
    const controller = new AbortController();
    const asked = deferred();
    const ran: string[] = [];
    const restricted = defineTool({
      name: 'run_javascript',
      description: 'Runs code.',
      schema: z.object({ code: z.string() }),
      restricted: true,
      execute: async ({ code }) => {
        ran.push(code);
        return 'ran';
      },
    });
    const harness = createHarness({
      signal: controller.signal,
      tools: [restricted],
      turns: [{ toolCalls: [{ name: 'run_javascript', arguments: { code: '1' } }] }],
      approve: () => {
        asked.resolve();
        return new Promise(() => undefined);
      },
    });

    const running = harness.run();
    await asked.promise;
    controller.abort();
    const result = await running;

    expect(result.reason).toBe('aborted');
    expect(ran).toEqual([]);
    expect(harness.tracer.only('approval').status).toBe('cancelled');
  });

  it('does not call the model when Stop came before the run started', async () => {
    const controller = new AbortController();
    controller.abort();
    const harness = createHarness({ signal: controller.signal, turns: [{ text: 'never' }] });

    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'stopped', reason: 'aborted', entries: [] });
    expect(harness.model.requests).toHaveLength(0);
    expect(harness.eventTypes()).toEqual(['run-start', 'run-end']);
  });
});
