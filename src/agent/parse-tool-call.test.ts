import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.ts';
import { parseToolArguments, validateToolArguments } from './parse-tool-call.ts';

describe('parseToolArguments', () => {
  it('parses an object and treats an empty string as {}', () => {
    expect(parseToolArguments('{"city":"Paris","days":[1,2]}')).toEqual({
      ok: true,
      value: { city: 'Paris', days: [1, 2] },
    });
    expect(parseToolArguments('')).toEqual({ ok: true, value: {} });
    expect(parseToolArguments('  \n ')).toEqual({ ok: true, value: {} });
  });

  it('tolerates a markdown fence and trailing text after the object', () => {
    expect(parseToolArguments('```json\n{"city": "Oslo"}\n```')).toEqual({ ok: true, value: { city: 'Oslo' } });
    expect(parseToolArguments('{"city": "Oslo"}\n```')).toEqual({ ok: true, value: { city: 'Oslo' } });
    expect(parseToolArguments('{"city": "Oslo"} I hope this helps')).toEqual({ ok: true, value: { city: 'Oslo' } });
  });

  it('unwraps an object that was encoded twice', () => {
    expect(parseToolArguments('"{\\"city\\": \\"Rome\\"}"')).toEqual({ ok: true, value: { city: 'Rome' } });
  });

  it('says where and why invalid JSON fails, never throwing', () => {
    expect(parseToolArguments("{'city': 'Paris'}")).toEqual({
      ok: false,
      message:
        "invalid JSON at position 1 (line 1, column 2): expected a property name in double quotes (single quotes are not JSON), found '''",
    });
    expect(parseToolArguments('{"city": "Par')).toEqual({
      ok: false,
      message:
        'invalid JSON at position 13 (line 1, column 14): unexpected end of the text: the JSON is incomplete (the string is not closed with a double quote)',
    });
    expect(parseToolArguments('{"a": 1,\n}')).toMatchObject({
      ok: false,
      message: expect.stringContaining(
        'line 2, column 1): expected another property after the comma (trailing commas are not JSON)',
      ),
    });
    expect(parseToolArguments('{"a": tru}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('position 6'),
    });
    expect(parseToolArguments('{"text": "line\nbreak"}')).toMatchObject({
      ok: false,
      message: expect.stringContaining('must be escaped'),
    });
    expect(parseToolArguments('[1, 2]')).toEqual({
      ok: false,
      message: 'the arguments must be one JSON object like {"name": value}, not an array',
    });
    expect(parseToolArguments('42')).toMatchObject({ ok: false, message: expect.stringContaining('not a number') });
  });

  it('survives deeply nested input', () => {
    expect(parseToolArguments('['.repeat(10_000))).toMatchObject({
      ok: false,
      message: expect.stringContaining('nested more than'),
    });
  });
});

describe('validateToolArguments', () => {
  const tool = defineTool({
    name: 'plan',
    description: 'test',
    schema: z.object({
      city: z.string(),
      days: z.number().int().optional(),
      stops: z.array(z.object({ name: z.string() })).optional(),
    }),
    execute: async () => 'ok',
  });

  it('returns the parsed value when valid', async () => {
    expect(await validateToolArguments(tool, { city: 'Paris' })).toEqual({ ok: true, value: { city: 'Paris' } });
  });

  it('names each path with what was expected', async () => {
    expect(await validateToolArguments(tool, { city: 3 })).toEqual({
      ok: false,
      message: 'city: expected string, received number',
    });
    expect(await validateToolArguments(tool, {})).toEqual({ ok: false, message: 'city: required, expected string' });
    expect(await validateToolArguments(tool, { city: 'x', stops: [{ name: 1 }], days: 1.5 })).toEqual({
      ok: false,
      message: 'days: expected int, received number; stops[0].name: expected string, received number',
    });
  });
});

describe('validateToolArguments with a throwing schema', () => {
  it('turns a refinement that throws into a message', async () => {
    const tool = defineTool({
      name: 'fragile',
      description: 'test',
      schema: z.object({ n: z.number() }).refine(() => {
        throw new Error('refinement exploded');
      }),
      execute: async () => 'ok',
    });
    expect(await validateToolArguments(tool, { n: 1 })).toEqual({
      ok: false,
      message: 'the arguments could not be checked: refinement exploded',
    });
  });
});
