import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { deferred } from '../testing/scripted-model.ts';
import { defineTool } from '../tools/define-tool.ts';
import { ATTRIBUTE } from './span-attributes.ts';
import { createHarness, noticeOf, weatherTool } from './test-harness.ts';

const toolMessage = (harness: ReturnType<typeof createHarness>, request = 1) =>
  harness.model.requests[request]?.messages.at(-1);

describe('tool execution in the loop', () => {
  it('runs several calls of one response concurrently and appends the results in call order', async () => {
    const started: string[] = [];
    const gates = { slow: deferred<string>(), fast: deferred<string>() };
    const bothStarted = deferred();
    const wait = defineTool({
      name: 'wait_for',
      description: 'Waits for a gate.',
      schema: z.object({ gate: z.enum(['slow', 'fast']) }),
      execute: async ({ gate }) => {
        started.push(gate);
        if (started.length === 2) bothStarted.resolve();
        return gates[gate].promise;
      },
    });
    const harness = createHarness({
      tools: [wait],
      turns: [
        {
          toolCalls: [
            { id: 'c1', name: 'wait_for', arguments: { gate: 'slow' } },
            { id: 'c2', name: 'wait_for', arguments: { gate: 'fast' } },
          ],
        },
        { text: 'Both done.' },
      ],
    });

    const running = harness.run();
    await bothStarted.promise; // both tools are running at the same time: neither has finished yet
    expect(started).toEqual(['slow', 'fast']);
    gates.fast.resolve('fast result');
    await vi.waitFor(() => expect(harness.eventsOf('tool-result')).toHaveLength(1));
    gates.slow.resolve('slow result');
    const result = await running;

    expect(harness.eventsOf('tool-result').map((event) => event.callId)).toEqual(['c2', 'c1']);
    expect(result.entries.slice(1, 3).map((entry) => entry.message)).toEqual([
      { role: 'tool', tool_call_id: 'c1', content: 'slow result' },
      { role: 'tool', tool_call_id: 'c2', content: 'fast result' },
    ]);
    expect(
      harness.model.requests[1]?.messages.slice(-2).map((message) => message.role === 'tool' && message.tool_call_id),
    ).toEqual(['c1', 'c2']);
    expect(harness.tracer.find('tool', 'wait_for').map((span) => span.status)).toEqual(['ok', 'ok']);
  });

  it('feeds invalid JSON back to the model with the position, and the model corrects itself', async () => {
    const cities: string[] = [];
    const harness = createHarness({
      tools: [weatherTool(cities)],
      turns: [
        { toolCalls: [{ id: 'bad', name: 'get_weather', arguments: '{"city": "Paris" "days": 2}' }] },
        { toolCalls: [{ id: 'good', name: 'get_weather', arguments: { city: 'Paris' } }] },
        { text: '18 °C.' },
      ],
    });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    expect(toolMessage(harness)).toEqual({
      role: 'tool',
      tool_call_id: 'bad',
      content:
        "Error: the arguments for get_weather are not valid JSON: invalid JSON at position 17 (line 1, column 18): expected ',' or '}' after a property value, found '\"'. Send the call again with the arguments as one JSON object.",
    });
    expect(cities).toEqual(['Paris']);
    const [bad, good] = harness.tracer.find('tool', 'get_weather');
    expect(bad).toMatchObject({ status: 'error', error: { type: 'invalid-json' } });
    expect(good?.status).toBe('ok');
    expect(result.entries[1]?.meta?.toolStatus).toBe('error');
    expect(harness.eventsOf('tool-error')[0]).toMatchObject({ callId: 'bad', toolName: 'get_weather' });
  });

  it('reports a schema violation naming the path', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [{ toolCalls: [{ id: 'x', name: 'get_weather', arguments: { city: 42 } }] }, { text: 'Sorry.' }],
    });

    await harness.run();

    expect(toolMessage(harness)?.content).toBe(
      "Error: invalid arguments for get_weather: city: expected string, received number. Send the call again with arguments that match the tool's schema.",
    );
    expect(harness.tracer.only('tool')).toMatchObject({ status: 'error', error: { type: 'invalid-arguments' } });
  });

  it('tells the model which tools exist when it calls an unknown one', async () => {
    const harness = createHarness({
      tools: [weatherTool()],
      turns: [{ toolCalls: [{ id: 'x', name: 'get_wether', arguments: { city: 'Paris' } }] }, { text: 'Oops.' }],
    });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    expect(toolMessage(harness)?.content).toBe(
      'Error: There is no tool named "get_wether". Available tools: get_weather. Call one of them by its exact name.',
    );
    expect(harness.tracer.only('tool', 'get_wether')).toMatchObject({
      status: 'error',
      error: { type: 'unknown-tool' },
    });
  });

  it('turns a thrown error into an observation and an error span', async () => {
    const broken = defineTool({
      name: 'broken',
      description: 'Always fails.',
      schema: z.object({}),
      execute: async () => {
        throw new RangeError('the index 7 is out of range');
      },
    });
    const harness = createHarness({
      tools: [broken],
      turns: [{ toolCalls: [{ id: 'b', name: 'broken' }] }, { text: 'It failed.' }],
    });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    expect(toolMessage(harness)?.content).toBe('Error: broken failed: the index 7 is out of range');
    expect(harness.tracer.only('tool')).toMatchObject({
      status: 'error',
      error: { type: 'RangeError', message: 'Error: broken failed: the index 7 is out of range' },
      attributes: { [ATTRIBUTE.toolError]: 'Error: broken failed: the index 7 is out of range' },
    });
  });

  it('stops a tool at its own timeout, aborts its signal, and continues', async () => {
    let toolSignal: AbortSignal | undefined;
    const slow = defineTool({
      name: 'slow',
      description: 'Never finishes.',
      schema: z.object({}),
      timeoutMs: 20,
      execute: async (_args, context) => {
        toolSignal = context.signal;
        return new Promise(() => undefined);
      },
    });
    const harness = createHarness({
      tools: [slow],
      turns: [{ toolCalls: [{ id: 's', name: 'slow' }] }, { text: 'Too slow.' }],
    });

    const result = await harness.run();

    expect(result.outcome).toBe('done');
    expect(toolMessage(harness)?.content).toBe(
      'Error: slow did not finish within 20 ms and was stopped (timeout). Try simpler arguments or another approach.',
    );
    expect(toolSignal?.aborted).toBe(true);
    expect(harness.tracer.only('tool')).toMatchObject({ status: 'error', error: { type: 'timeout' } });
  });

  it('records a call that Stop interrupted as cancelled, not as an error', async () => {
    const controller = new AbortController();
    const started = deferred();
    const hang = defineTool({
      name: 'hang',
      description: 'Hangs.',
      schema: z.object({}),
      execute: () => {
        started.resolve();
        return new Promise(() => undefined);
      },
    });
    const harness = createHarness({
      tools: [hang],
      signal: controller.signal,
      turns: [{ toolCalls: [{ id: 'h', name: 'hang' }] }],
    });

    const running = harness.run();
    await started.promise;
    controller.abort(new Error('stopped'));
    const result = await running;

    expect(result.outcome).toBe('stopped');
    const toolEntry = result.entries.find((entry) => entry.message.role === 'tool');
    expect(toolEntry?.meta).toMatchObject({ toolName: 'hang', toolStatus: 'cancelled' });
    expect(toolEntry?.message.content).toBe('The user stopped the run before this call finished.');
    expect(harness.tracer.only('tool').status).toBe('cancelled');
  });

  it('uses the run-wide tool timeout when a tool sets none', async () => {
    const hang = defineTool({
      name: 'hang',
      description: 'Hangs.',
      schema: z.object({}),
      execute: () => new Promise(() => undefined),
    });
    const harness = createHarness({
      tools: [hang],
      turns: [{ toolCalls: [{ id: 'h', name: 'hang' }] }, { text: 'ok' }],
    });
    harness.options.limits = { ...harness.options.limits, toolTimeoutMs: 15 };

    await harness.run();

    expect(toolMessage(harness)?.content).toContain('did not finish within 15 ms');
  });

  it('truncates a long observation keeping its head and tail around a marker', async () => {
    const long = defineTool({
      name: 'long',
      description: 'Returns a long text.',
      schema: z.object({}),
      execute: async () => `HEAD${'x'.repeat(10_000)}TAIL`,
    });
    const harness = createHarness({
      tools: [long],
      turns: [{ toolCalls: [{ id: 'l', name: 'long' }] }, { text: 'ok' }],
    });
    harness.options.limits = { ...harness.options.limits, maxObservationChars: 300 };

    await harness.run();

    const content = toolMessage(harness)?.content ?? '';
    expect(content.length).toBeLessThanOrEqual(300);
    expect(content.startsWith('HEADxxx')).toBe(true);
    expect(content.endsWith('xxxTAIL')).toBe(true);
    expect(content).toMatch(/\[… \d+ characters omitted …\]/);
    expect(harness.tracer.only('tool').attributes).toMatchObject({ 'tool.result': content, 'tool.truncated': true });
  });

  it('asks for approval of a restricted tool inside an approval span and runs it when approved', async () => {
    const ran: string[] = [];
    const requests: unknown[] = [];
    const code = defineTool({
      name: 'run_javascript',
      description: 'Runs code.',
      schema: z.object({ code: z.string() }),
      restricted: true,
      execute: async ({ code: source }) => {
        ran.push(source);
        return '2';
      },
    });
    const harness = createHarness({
      tools: [code],
      turns: [
        { toolCalls: [{ id: 'js', name: 'run_javascript', arguments: { code: '1 + 1' } }] },
        { text: 'It is 2.' },
      ],
      approve: async (request) => {
        requests.push(request);
        return true;
      },
    });

    await harness.run();

    expect(requests).toEqual([{ toolName: 'run_javascript', callId: 'js', arguments: { code: '1 + 1' } }]);
    expect(ran).toEqual(['1 + 1']);
    expect(harness.eventTypes()).toEqual(expect.arrayContaining(['approval-request', 'approval-resolve']));
    expect(harness.eventsOf('approval-resolve')).toEqual([{ type: 'approval-resolve', callId: 'js', approved: true }]);
    const tool = harness.tracer.only('tool');
    expect(tool.attributes['tool.restricted']).toBe(true);
    expect(harness.tracer.children(tool)).toMatchObject([
      {
        kind: 'approval',
        name: 'run_javascript',
        status: 'ok',
        attributes: { 'approval.decision': 'approved', 'approval.call_id': 'js' },
      },
    ]);
  });

  it('turns a denial into an observation without running the tool', async () => {
    const ran: string[] = [];
    const code = defineTool({
      name: 'run_javascript',
      description: 'Runs code.',
      schema: z.object({ code: z.string() }),
      restricted: true,
      execute: async ({ code: source }) => {
        ran.push(source);
        return 'ran';
      },
    });
    const harness = createHarness({
      tools: [code],
      turns: [
        { toolCalls: [{ id: 'js', name: 'run_javascript', arguments: { code: 'fetch("x")' } }] },
        { text: 'Understood.' },
      ],
      approve: async () => false,
    });

    const result = await harness.run();

    expect(ran).toEqual([]);
    expect(toolMessage(harness)?.content).toMatch(/^The user denied this call/);
    expect(result.entries[1]?.meta?.toolStatus).toBe('denied');
    expect(harness.tracer.describe()).toContain('  tool: run_javascript [error]\n    approval: run_javascript [ok]');
    expect(harness.eventsOf('approval-resolve')[0]?.approved).toBe(false);
    expect(harness.tracer.only('approval').attributes['approval.decision']).toBe('denied');
  });

  it('does not build calls beyond the tool call limit and says why', async () => {
    const cities: string[] = [];
    const harness = createHarness({
      tools: [weatherTool(cities)],
      turns: [
        {
          toolCalls: [
            { id: 'a', name: 'get_weather', arguments: { city: 'Paris' } },
            { id: 'b', name: 'get_weather', arguments: { city: 'Oslo' } },
            { id: 'c', name: 'get_weather', arguments: { city: 'Rome' } },
          ],
        },
      ],
    });
    harness.options.limits = { ...harness.options.limits, maxToolCalls: 2 };

    const result = await harness.run();

    expect(cities).toEqual(['Paris', 'Oslo']);
    expect(result.entries.map((entry) => entry.message.role)).toEqual(['assistant', 'tool', 'tool']);
    expect(noticeOf(result.entries[0])).toBe(
      'The model asked for 3 tool calls at once. Tool call limit (2): 2 run, 1 dropped.',
    );
    expect(result).toMatchObject({
      outcome: 'stopped',
      reason: 'max-tool-calls',
      message: 'Stopped: tool call limit (2) reached.',
    });
  });
});
