import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.ts';
import { decisionJsonSchema, parseDecision, readPartialDecision } from './json-plan-decision.ts';

const dateCalc = defineTool({
  name: 'date_calc',
  description: 'Date arithmetic.',
  schema: z.object({ date: z.string(), add_days: z.number().optional() }),
  execute: async () => 'ok',
});

describe('parseDecision', () => {
  it('reads the three decisions, with next and memory_note', () => {
    expect(
      parseDecision('{"type":"plan","plan":["Add 150 days"," Check the weekday "],"next":"Add 150 days"}'),
    ).toEqual({
      ok: true,
      decision: { type: 'plan', plan: ['Add 150 days', 'Check the weekday'], next: 'Add 150 days' },
    });
    expect(
      parseDecision(
        '{"type":"tool_call","tool":"date_calc","args":{"date":"2024-05-20","add_days":150},"next":"Add 150 days"}',
        [dateCalc],
      ),
    ).toEqual({
      ok: true,
      decision: {
        type: 'tool_call',
        tool: 'date_calc',
        args: { date: '2024-05-20', add_days: 150 },
        next: 'Add 150 days',
      },
    });
    expect(parseDecision('{"type":"final","answer":"Saturday.","memory_note":"Likes weekends."}')).toEqual({
      ok: true,
      decision: { type: 'final', answer: 'Saturday.', memoryNote: 'Likes weekends.' },
    });
  });

  it('takes the strict form: unused keys null, optional arguments null', () => {
    const strict =
      '{"type":"tool_call","plan":null,"next":null,"tool":"date_calc","args":{"date":"2024-05-20","add_days":null},"answer":null,"memory_note":null}';
    expect(parseDecision(strict, [dateCalc])).toEqual({
      ok: true,
      decision: { type: 'tool_call', tool: 'date_calc', args: { date: '2024-05-20' } },
    });
  });

  it('reads fenced JSON, prose around it, a missing type, arguments as a string and a differently cased tool', () => {
    expect(parseDecision('```json\n{"type": "final", "answer": "Hi"}\n```')).toMatchObject({
      ok: true,
      decision: { type: 'final', answer: 'Hi' },
    });
    expect(parseDecision('Here is my decision: {"type":"final","answer":"Hi"} Hope that helps')).toMatchObject({
      ok: true,
      decision: { answer: 'Hi' },
    });
    expect(parseDecision('{"answer":"Hi"}')).toMatchObject({ ok: true, decision: { type: 'final' } });
    expect(
      parseDecision('{"type":"tool_call","tool":"Date_Calc","args":"{\\"date\\":\\"2024-01-01\\"}"}', [dateCalc]),
    ).toMatchObject({
      ok: true,
      decision: { tool: 'date_calc', args: { date: '2024-01-01' } },
    });
    expect(parseDecision('{"type":"Final Answer","answer":"Hi"}')).toMatchObject({
      ok: true,
      decision: { type: 'final' },
    });
  });

  it('says what is wrong with blank, non-JSON, malformed, partial and invalid replies', () => {
    expect(parseDecision('')).toEqual({ ok: false, problem: 'The reply was empty: no JSON object came back.' });
    expect(parseDecision('  \n ')).toMatchObject({ ok: false, problem: expect.stringContaining('empty') });
    expect(parseDecision('The answer is 42.')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not a JSON object'),
    });
    expect(parseDecision('{"type": "final", "answer": "Hi",}')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not valid JSON'),
    });
    const partial = parseDecision('{"type": "plan", "plan": ["one", "tw');
    expect(partial).toMatchObject({ ok: false, problem: expect.stringContaining('incomplete') });
    expect(parseDecision('{"type": "guess"}')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('type: must be one of "plan", "tool_call", "final"'),
    });
    expect(parseDecision('{"type": "plan", "plan": []}')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('plan: a "plan" decision needs a non-empty list of steps'),
    });
    expect(parseDecision('{"type": "tool_call", "args": {}}')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('tool: a "tool_call" decision needs the tool name'),
    });
    expect(parseDecision('{"type": "final"}')).toMatchObject({ ok: false, problem: expect.stringContaining('answer') });
    expect(parseDecision('{"type": "tool_call", "tool": "date_calc", "args": "not json"}')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('args'),
    });
    expect(parseDecision('[1, 2]')).toMatchObject({ ok: false });
  });
});

describe('readPartialDecision', () => {
  it('reads the plan steps and the answer while they stream', () => {
    expect(readPartialDecision('')).toEqual({});
    expect(readPartialDecision('{"type":"pl')).toEqual({ type: 'pl' });
    expect(readPartialDecision('{"type":"plan","plan":["Add 150 days","Check the wee')).toEqual({
      type: 'plan',
      plan: ['Add 150 days', 'Check the wee'],
    });
    expect(readPartialDecision('```json\n{"type":"final","answer":"It is a Sat')).toEqual({
      type: 'final',
      answer: 'It is a Sat',
    });
    expect(readPartialDecision('{"type":"tool_call","tool":"date_calc","args":{"date":"2024')).toMatchObject({
      type: 'tool_call',
      tool: 'date_calc',
      args: { date: '2024' },
    });
  });
});

describe('decisionJsonSchema', () => {
  it('is in the strict subset: every key required, nothing else allowed, tool arguments closed with optional ones nullable', () => {
    const schema = decisionJsonSchema([dateCalc]);
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['type', 'plan', 'next', 'tool', 'args', 'answer', 'memory_note'],
    });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties).sort()).toEqual([...(schema.required as string[])].sort());
    expect(properties.tool).toEqual({ type: ['string', 'null'], enum: ['date_calc', null] });
    const [none, dateArgs] = (properties.args?.anyOf ?? []) as Record<string, unknown>[];
    expect(none).toEqual({ type: 'null' });
    expect(dateArgs).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['date', 'add_days'],
      properties: { date: { type: 'string' }, add_days: { type: ['number', 'null'] } },
    });
  });
});
