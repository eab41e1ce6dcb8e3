import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ModelError } from '../model/model-error.ts';
import { defineTool } from '../tools/define-tool.ts';
import { ANSWER_CHECK_PROMPT_START, parseVerdict, REVISION_REQUEST_START } from './answer-check.ts';
import { createHarness, weatherTool } from './test-harness.ts';
import type { ScriptedTurn } from '../testing/scripted-model.ts';

const weatherCall: ScriptedTurn = { toolCalls: [{ id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } }] };
const supported: ScriptedTurn = { text: '{"verdict":"supported","claims":[]}' };
const notSupported: ScriptedTurn = {
  text: '{"verdict":"not_supported","claims":["\\"25 °C\\" — get_weather returned 18 °C"]}',
};

function checkedHarness(turns: ScriptedTurn[], overrides: Parameters<typeof createHarness>[0] = {}) {
  return createHarness({ tools: [weatherTool()], answerCheck: true, turns, ...overrides });
}

describe('parseVerdict', () => {
  it('reads the JSON verdict, fenced or with prose around it', () => {
    expect(parseVerdict('{"verdict":"supported","claims":[]}')).toEqual({ ok: true, supported: true, claims: [] });
    expect(parseVerdict('```json\n{"verdict": "not_supported", "claims": ["a", "b"]}\n```')).toEqual({
      ok: true,
      supported: false,
      claims: ['a', 'b'],
    });
    expect(parseVerdict('Here is my verdict: {"verdict":"Not Supported","claims":"the date"} Hope it helps.')).toEqual({
      ok: true,
      supported: false,
      claims: ['the date'],
    });
  });

  it('accepts the verdict spelled other ways: unsupported, a boolean, `supported: false`', () => {
    expect(parseVerdict('{"verdict":"unsupported","claims":[{"claim":"x"}]}')).toEqual({
      ok: true,
      supported: false,
      claims: ['{"claim":"x"}'],
    });
    expect(parseVerdict('{"verdict":true}')).toEqual({ ok: true, supported: true, claims: [] });
    expect(parseVerdict('{"supported":false,"claims":["y"]}')).toEqual({ ok: true, supported: false, claims: ['y'] });
    // A supported answer has no claims in question, whatever else came along.
    expect(parseVerdict('{"verdict":"supported","claims":["stray"]}')).toEqual({
      ok: true,
      supported: true,
      claims: [],
    });
  });

  it('reads a plain-words verdict with its claims one a line', () => {
    expect(parseVerdict('NOT SUPPORTED\n- the total is 2,486, the tool said 2,496')).toEqual({
      ok: true,
      supported: false,
      claims: ['the total is 2,486, the tool said 2,496'],
    });
    expect(parseVerdict('Supported.')).toEqual({ ok: true, supported: true, claims: [] });
  });

  it('says what is wrong with a blank, broken or verdict-less reply', () => {
    expect(parseVerdict('   ')).toEqual({ ok: false, problem: 'the reply was empty' });
    expect(parseVerdict('{"verdict": "supp')).toEqual({ ok: false, problem: 'the reply is not valid JSON' });
    expect(parseVerdict('{"verdict":"maybe"}')).toMatchObject({ ok: false, problem: 'unknown verdict "maybe"' });
    expect(parseVerdict('{"claims":[]}')).toEqual({ ok: false, problem: 'the reply has no verdict' });
    expect(parseVerdict('I think it is fine')).toMatchObject({ ok: false });
  });
});

describe('the answer check in runAgent', () => {
  it('asks nothing more when the check is off', async () => {
    const harness = createHarness({ tools: [weatherTool()], turns: [weatherCall, { text: 'It is 25 °C in Paris.' }] });
    await harness.run();
    expect(harness.model.requests).toHaveLength(2);
    expect(harness.tracer.spans.some((span) => span.kind === 'reflection')).toBe(false);
  });

  it('keeps a supported answer: one verdict call with the question, the answer and the tool results, in a reflection span', async () => {
    const harness = checkedHarness([weatherCall, { text: 'It is 18 °C and clear in Paris.' }, supported]);
    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    expect(harness.model.requests).toHaveLength(3);
    const check = harness.model.requests[2];
    expect(check?.tools).toBeUndefined();
    expect(check?.responseFormat?.name).toBe('answer_verdict');
    expect(check?.messages[0]?.content).toContain(ANSWER_CHECK_PROMPT_START);
    const payload = JSON.parse(
      String(check?.messages[1]?.content).slice(String(check?.messages[1]?.content).indexOf('{')),
    );
    expect(payload).toEqual({
      question: 'What is the weather in Paris?',
      answer: 'It is 18 °C and clear in Paris.',
      tool_results: [
        {
          tool: 'get_weather',
          arguments: '{"city":"Paris"}',
          result: '{"city":"Paris","temperatureC":18,"sky":"clear"}',
        },
      ],
    });
    expect(result.entries.map((entry) => entry.meta?.draftOf)).toEqual([undefined, undefined, undefined]);
    expect(harness.tracer.describe()).toBe(
      [
        'run: What is the weather in Paris? [ok]',
        '  llm: scripted-model [ok]',
        '  tool: get_weather [ok]',
        '  llm: scripted-model [ok]',
        '  reflection: answer check [ok]',
        '    llm: scripted-model [ok]',
      ].join('\n'),
    );
    expect(harness.tracer.only('reflection').attributes).toMatchObject({
      'reflection.verdict': 'supported',
      'reflection.claims': [],
      'reflection.deterministic': [],
      'reflection.revised': false,
      'reflection.model': 'scripted-model',
    });
    // The verdict never reaches the chat.
    expect(harness.eventsOf('step-start')).toHaveLength(2);
    expect(
      harness
        .eventsOf('text-delta')
        .map((event) => event.delta)
        .join(''),
    ).not.toContain('verdict');
  });

  it('revises an answer the model verdict finds unsupported, once: the draft is marked, the request carries the claims', async () => {
    const harness = checkedHarness([
      weatherCall,
      { text: 'It is 25 °C in Paris.' },
      notSupported,
      { text: 'It is 18 °C and clear in Paris.' },
    ]);
    const result = await harness.run();

    expect(result).toMatchObject({ outcome: 'done', reason: 'final-answer' });
    // No second check of the revision: four calls in all.
    expect(harness.model.requests).toHaveLength(4);
    const [, , draft, request, revised] = result.entries;
    expect(draft?.message.content).toBe('It is 25 °C in Paris.');
    expect(draft?.meta).toMatchObject({ draftOf: result.runId, checkClaims: ['"25 °C" — get_weather returned 18 °C'] });
    expect(request?.message.role).toBe('user');
    expect(request?.meta).toMatchObject({ synthetic: true, draftOf: result.runId });
    expect(request?.message.content).toContain(REVISION_REQUEST_START);
    expect(request?.message.content).toContain('- "25 °C" — get_weather returned 18 °C');
    expect(revised?.message.content).toBe('It is 18 °C and clear in Paris.');
    expect(revised?.meta?.draftOf).toBeUndefined();
    // The revision sees the draft and the request, with tools still offered.
    const revision = harness.model.requests[3];
    expect(revision?.messages.slice(-2).map((message) => message.content)).toEqual([
      'It is 25 °C in Paris.',
      request?.message.content,
    ]);
    expect(revision?.tools?.map((tool) => tool.function.name)).toEqual(['get_weather']);
    expect(harness.tracer.only('reflection').attributes).toMatchObject({
      'reflection.verdict': 'not supported',
      'reflection.revised': true,
    });
    expect(harness.tracer.only('run').attributes['run.output']).toBe('It is 18 °C and clear in Paris.');
    // The marked draft is written again (same id) with the request, as one more step.
    const marking = harness.eventsOf('step-end').find((event) => event.entries.some((entry) => entry.meta?.draftOf));
    expect(marking?.entries.map((entry) => entry.id)).toEqual([draft?.id, request?.id]);
    expect(harness.eventsOf('entry-added').filter((event) => event.entry.id === draft?.id)).toHaveLength(2);
  });

  it('lets the revision call tools again, and never checks or revises a second time', async () => {
    const harness = checkedHarness([
      weatherCall,
      { text: 'It is 25 °C.' },
      notSupported,
      weatherCall,
      { text: 'Still 25 °C.' },
    ]);
    const result = await harness.run();
    expect(result.outcome).toBe('done');
    expect(harness.model.requests).toHaveLength(5);
    expect(result.entries.at(-1)?.message.content).toBe('Still 25 °C.');
    expect(harness.tracer.spans.filter((span) => span.kind === 'reflection')).toHaveLength(1);
  });

  it('revises on the deterministic check alone, even when the model verdict says supported', async () => {
    const pressure = defineTool({
      name: 'get_pressure',
      description: 'Air pressure.',
      schema: z.object({ city: z.string() }),
      execute: async () => ({ pressureHpa: 1013.2 }),
    });
    const harness = checkedHarness(
      [
        { toolCalls: [{ id: 'call_p', name: 'get_pressure', arguments: { city: 'Paris' } }] },
        { text: 'The pressure is 1031.2 hPa.' },
        supported,
        { text: 'The pressure is 1013.2 hPa.' },
      ],
      { tools: [pressure] },
    );
    const result = await harness.run();
    expect(harness.tracer.only('reflection').attributes).toMatchObject({
      'reflection.verdict': 'not supported',
      'reflection.deterministic': ['1031.2 ≠ 1013.2 (get_pressure)'],
    });
    expect(
      result.entries.find((entry) => entry.meta?.draftOf && entry.message.role === 'assistant')?.meta?.checkClaims,
    ).toEqual(['1031.2 ≠ 1013.2 (get_pressure)']);
    expect(result.entries.at(-1)?.message.content).toBe('The pressure is 1013.2 hPa.');
  });

  it('keeps the answer, with a notice, when the verdict is unreadable or the verdict call fails', async () => {
    const unreadable = checkedHarness([weatherCall, { text: 'It is 18 °C.' }, { text: 'Looks good to me!' }]);
    const kept = await unreadable.run();
    expect(kept.outcome).toBe('done');
    expect(unreadable.model.requests).toHaveLength(3);
    expect(kept.entries.at(-1)?.meta?.noticeText).toEqual([
      { key: 'answer-check-unreadable', values: { problem: expect.stringContaining('not a JSON verdict') } },
    ]);
    expect(unreadable.eventsOf('notice').map((event) => event.code)).toContain('answer-check');
    expect(unreadable.tracer.only('reflection').attributes['reflection.verdict']).toBe('unreadable');

    const failing = checkedHarness([
      weatherCall,
      { text: 'It is 18 °C.' },
      { kind: 'error', error: new ModelError('server', 'Bad gateway', { status: 502 }) },
    ]);
    const stillKept = await failing.run();
    expect(stillKept.outcome).toBe('done');
    expect(stillKept.entries.at(-1)?.meta?.noticeText?.[0]).toEqual({
      key: 'answer-check-unreadable',
      values: { problem: 'Bad gateway' },
    });
    expect(failing.tracer.only('reflection').attributes['reflection.verdict']).toBe('failed');
  });

  it('does not revise when the run has no step left, and says so under the answer', async () => {
    const harness = checkedHarness([weatherCall, { text: 'It is 25 °C.' }, notSupported], {
      limits: { maxSteps: 2, maxToolCalls: 24, deadlineMs: 60_000, toolTimeoutMs: 30_000, maxObservationChars: 4_000 },
    });
    const result = await harness.run();
    expect(result.outcome).toBe('done');
    expect(harness.model.requests).toHaveLength(3);
    expect(result.entries.at(-1)?.meta?.draftOf).toBeUndefined();
    expect(result.entries.at(-1)?.meta?.noticeText?.[0]?.key).toBe('answer-check-no-room');
    expect(harness.tracer.only('reflection').attributes).toMatchObject({
      'reflection.verdict': 'not supported',
      'reflection.revised': false,
    });
  });

  it('checks an answer given without tools by the model verdict alone', async () => {
    const harness = createHarness({
      answerCheck: true,
      turns: [{ text: 'Paris is the capital of France.' }, supported],
    });
    await harness.run();
    expect(harness.model.requests).toHaveLength(2);
    expect(harness.tracer.only('reflection').attributes['reflection.deterministic']).toEqual([
      'skipped: no tool results',
    ]);
  });

  it('works the same with text ReAct', async () => {
    const harness = checkedHarness(
      [
        { text: 'Thought: look it up\nAction: get_weather\nAction Input: {"city":"Paris"}' },
        { text: 'Thought: done\nFinal Answer: It is 25 °C.' },
        notSupported,
        { text: 'Thought: fix it\nFinal Answer: It is 18 °C.' },
      ],
      { protocol: 'react' },
    );
    const result = await harness.run();
    expect(result.entries.at(-1)?.message.content).toBe('It is 18 °C.');
    const request = harness.model.requests[3]?.messages.at(-1)?.content;
    expect(request).toContain(REVISION_REQUEST_START);
    expect(request).toContain('Final Answer');
    expect(result.entries.filter((entry) => entry.meta?.draftOf).map((entry) => entry.message.role)).toEqual([
      'assistant',
      'user',
    ]);
  });

  it('works the same with JSON plan decisions', async () => {
    const harness = checkedHarness(
      [
        { text: '{"type":"tool_call","tool":"get_weather","args":{"city":"Paris"}}' },
        { text: '{"type":"final","answer":"It is 25 °C."}' },
        notSupported,
        { text: '{"type":"final","answer":"It is 18 °C."}' },
      ],
      { protocol: 'json' },
    );
    const result = await harness.run();
    expect(result.entries.at(-1)?.message.content).toBe('It is 18 °C.');
    expect(harness.model.requests[2]?.responseFormat?.name).toBe('answer_verdict');
    const revision = harness.model.requests[3];
    expect(revision?.responseFormat?.name).toBe('agent_decision');
    expect(revision?.messages.at(-1)?.content).toContain('Reply with one JSON decision');
  });

  it('ends as stopped when Stop comes during the check, keeping the answer', async () => {
    const controller = new AbortController();
    const harness = checkedHarness([weatherCall, { text: 'It is 18 °C.' }, { kind: 'hang' }], {
      signal: controller.signal,
    });
    const running = harness.run();
    await expect.poll(() => harness.model.requests.length).toBe(3);
    controller.abort();
    const result = await running;
    expect(result).toMatchObject({ outcome: 'stopped', reason: 'aborted' });
    expect(result.entries.at(-1)?.message.content).toBe('It is 18 °C.');
    expect(harness.tracer.only('reflection').status).toBe('cancelled');
  });
});
