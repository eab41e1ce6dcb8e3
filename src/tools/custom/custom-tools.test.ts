import { describe, expect, it, vi } from 'vitest';
import { createHarness } from '../../agent/test-harness.ts';
import { ATTRIBUTE } from '../../agent/span-attributes.ts';
import { builtinTools } from '../registry.ts';
import type { SandboxResult, ToolContext } from '../tool-context.ts';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import { checkDefinition, checkParametersSchema, checkToolName } from './check-definition.ts';
import { ATTR } from '../../trace/attributes.ts';
import { OFFLINE_NOTE, testCustomTool, toCustomTool } from './custom-tool.ts';
import { customToolSchema, type CustomToolDefinition } from './definition.ts';
import { fillBodyTemplate, fillHeaders, fillUrlTemplate } from './url-template.ts';

const builtinNames = builtinTools.map((tool) => tool.name);
const citySchema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
  required: ['city'],
};
const define = (fields: Partial<CustomToolDefinition>): CustomToolDefinition =>
  customToolSchema.parse({ name: 'forecast', parameters: citySchema, ...fields });

describe('URL, header and body templates', () => {
  it('URL-encodes each placeholder as one component', () => {
    expect(
      fillUrlTemplate('https://api.test/w/{city}?q={query}&n={days}', {
        city: 'São Paulo/BR',
        query: 'a&b=c #1',
        days: 3,
      }),
    ).toBe('https://api.test/w/S%C3%A3o%20Paulo%2FBR?q=a%26b%3Dc%20%231&n=3');
  });

  it('names a placeholder the call did not give', () => {
    expect(() => fillUrlTemplate('https://api.test/{city}/{country}', { city: 'Oslo' })).toThrow(
      'The URL template needs the argument "country"',
    );
  });

  it('fills headers without encoding and refuses a line that is not Name: value', () => {
    expect(fillHeaders('Authorization: Bearer {token}\n\nX-Mode:  fast ', { token: 'a b\nc' })).toEqual({
      Authorization: 'Bearer a b c',
      'X-Mode': 'fast',
    });
    expect(() => fillHeaders('no colon here', {})).toThrow('is not "Name: value"');
  });

  it('keeps the JSON type of a whole-string placeholder and substitutes text inside longer strings', () => {
    expect(
      JSON.parse(
        fillBodyTemplate('{"n": "{days}", "tags": ["{city}"], "text": "in {city} for {days} days"}', {
          days: 3,
          city: 'Oslo',
        }),
      ),
    ).toEqual({
      n: 3,
      tags: ['Oslo'],
      text: 'in Oslo for 3 days',
    });
    expect(fillBodyTemplate('{"city": "{city}", "days": "{days}"}', { city: 'Oslo' })).toBe('{"city":"Oslo"}');
  });
});

describe('checking a definition before saving', () => {
  it('accepts an object schema and returns it parsed', () => {
    expect(checkParametersSchema(JSON.stringify(citySchema))).toEqual({ ok: true, schema: citySchema });
  });

  it.each([
    ['{"type": "object",', 'The parameters are not valid JSON'],
    ['[1, 2]', 'must be a JSON object'],
    ['{"type": "string"}', 'must have "type": "object", not "string"'],
    ['{"properties": {}}', 'must have "type": "object"'],
    ['{"type": "object", "properties": []}', '"properties" must be an object'],
    ['{"type": "object", "properties": {"city": "string"}}', 'properties.city must be a schema object'],
    [
      '{"type": "object", "properties": {"city": {"type": "text"}}}',
      'properties.city.type "text" is not a JSON Schema type',
    ],
    [
      '{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["country"]}',
      '"required" names "country", which is not in "properties"',
    ],
  ])('%s → %s', (text, message) => {
    const result = checkParametersSchema(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(message);
  });

  it('wants a valid function name that clashes with no built-in or other custom tool', () => {
    expect(checkToolName('my_tool-2', builtinNames, [])).toBeUndefined();
    expect(checkToolName('', builtinNames, [])).toBe('The tool needs a name.');
    expect(checkToolName('2fast', builtinNames, [])).toContain('is not a valid tool name');
    expect(checkToolName('has space', builtinNames, [])).toContain('is not a valid tool name');
    expect(checkToolName('a'.repeat(65), builtinNames, [])).toContain('is not a valid tool name');
    expect(checkToolName('calculator', builtinNames, [])).toBe(
      '"calculator" is the name of a built-in tool; choose another name.',
    );
    expect(checkToolName('forecast', builtinNames, ['forecast'])).toContain('already exists');
  });

  it('checks the kind-specific fields', () => {
    const schemaText = JSON.stringify(citySchema);
    expect(checkDefinition(define({ kind: 'javascript', code: ' ' }), schemaText, builtinNames, [])).toEqual({
      ok: false,
      message: 'A JavaScript tool needs code.',
    });
    expect(
      checkDefinition(define({ kind: 'http', urlTemplate: 'ftp://x/{city}' }), schemaText, builtinNames, []),
    ).toMatchObject({ ok: false, message: expect.stringContaining('http://') });
    expect(
      checkDefinition(
        define({ kind: 'http', urlTemplate: 'https://x/{city}', bodyTemplate: '{' }),
        schemaText,
        builtinNames,
        [],
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('body template is not valid JSON') });
    expect(
      checkDefinition(define({ kind: 'http', urlTemplate: 'https://x/{city}' }), schemaText, builtinNames, []),
    ).toMatchObject({ ok: true });
  });
});

/** A sandbox stand-in that evaluates nothing: it records the program and answers as scripted. */
function fakeSandbox(answer: (code: string) => SandboxResult) {
  const programs: { code: string; timeoutMs: number; network?: boolean }[] = [];
  const runSandboxed: NonNullable<ToolContext['runSandboxed']> = async (code, options) => {
    programs.push({ code, timeoutMs: options.timeoutMs, ...(options.network ? { network: true } : {}) });
    return answer(code);
  };
  return { programs, runSandboxed };
}

describe('custom tools through the executor', () => {
  it('validates arguments against the JSON Schema and feeds the problem back, then runs the JavaScript with args', async () => {
    const sandbox = fakeSandbox(() => ({ ok: true, result: '"Oslo: sunny"', logs: [] }));
    const tool = toCustomTool(define({ kind: 'javascript', code: 'return `${args.city}: sunny`' }), {
      timeoutMs: 7000,
    });
    const harness = createHarness({
      tools: [tool],
      toolContext: { ...createTestToolContext(), runSandboxed: sandbox.runSandboxed },
      turns: [
        { toolCalls: [{ id: 'bad', name: 'forecast', arguments: { city: 7, days: 0 } }] },
        { toolCalls: [{ id: 'good', name: 'forecast', arguments: { city: 'Oslo', days: 2 } }] },
        { text: 'Sunny.' },
      ],
    });
    await harness.run();

    const errors = harness.eventsOf('tool-error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.error).toMatch(/^Error: invalid arguments for forecast: city: .*string.*; days: .*1/u);
    // Only the valid call reached the sandbox, with the arguments bound to `args` and the run's time limit.
    expect(sandbox.programs).toEqual([
      { code: 'const args = {"city":"Oslo","days":2};\nreturn `${args.city}: sunny`', timeoutMs: 7000 },
    ]);
    expect(harness.eventsOf('tool-result').map((event) => event.result)).toEqual(['"Oslo: sunny"']);
    const spans = harness.tracer.find('tool', 'forecast');
    expect(spans.map((span) => span.attributes[ATTR.toolCustomKind])).toEqual(['javascript', 'javascript']);
    expect(spans[1]?.attributes[ATTRIBUTE.toolResult]).toBe('"Oslo: sunny"');
  });

  it('gives the sandbox the network only for a tool the user allowed it', async () => {
    const sandbox = fakeSandbox(() => ({ ok: true, result: '1', logs: [] }));
    const context = createTestToolContext({ runSandboxed: sandbox.runSandboxed });
    await toCustomTool(define({ kind: 'javascript', code: 'return 1' }), { timeoutMs: 1000 }).execute(
      { city: 'Oslo', days: 1 },
      context,
    );
    await toCustomTool(define({ kind: 'javascript', code: 'return 1', allowNetwork: true }), {
      timeoutMs: 1000,
    }).execute({ city: 'Oslo', days: 1 }, context);
    expect(sandbox.programs.map((program) => program.network ?? false)).toEqual([false, true]);
  });

  it('asks for approval when the tool needs it', async () => {
    const sandbox = fakeSandbox(() => ({ ok: true, result: '1', logs: [] }));
    const asked: string[] = [];
    const harness = createHarness({
      tools: [toCustomTool(define({ code: 'args.city', needsApproval: true }), { timeoutMs: 1000 })],
      toolContext: { ...createTestToolContext(), runSandboxed: sandbox.runSandboxed },
      approve: async (request) => {
        asked.push(request.toolName);
        return false;
      },
      turns: [{ toolCalls: [{ id: 'c', name: 'forecast', arguments: { city: 'Oslo' } }] }, { text: 'Denied.' }],
    });
    await harness.run();
    expect(asked).toEqual(['forecast']);
    expect(sandbox.programs).toEqual([]);
  });

  it('reports thrown code and a timeout as errors', async () => {
    const context = createTestToolContext({
      runSandboxed: fakeSandbox(() => ({ ok: false, error: 'TypeError: x is undefined', logs: ['before'] }))
        .runSandboxed,
    });
    expect(await testCustomTool(define({ code: 'x.y' }), { city: 'Oslo' }, context, { timeoutMs: 1000 })).toEqual({
      ok: false,
      message: "The tool's code threw: TypeError: x is undefined\nConsole output before that:\nbefore",
    });
    const slow = createTestToolContext({
      runSandboxed: fakeSandbox(() => ({ ok: false, timedOut: true, error: 'Timed out', logs: [] })).runSandboxed,
    });
    expect(await testCustomTool(define({ code: 'for(;;);' }), { city: 'Oslo' }, slow, { timeoutMs: 3000 })).toEqual({
      ok: false,
      message: "The tool's code did not finish within 3 s and was stopped.",
    });
  });

  it('says the browser is offline when a tool allowed the network fails without one, and only then', async () => {
    const failing = createTestToolContext({
      runSandboxed: fakeSandbox(() => ({ ok: false, error: 'TypeError: Failed to fetch', logs: ['fetching'] }))
        .runSandboxed,
    });
    vi.stubGlobal('navigator', { onLine: false });
    try {
      expect(
        await testCustomTool(define({ code: 'await fetch(url)', allowNetwork: true }), { city: 'Oslo' }, failing, {
          timeoutMs: 1000,
        }),
      ).toEqual({
        ok: false,
        message: `The tool's code threw: TypeError: Failed to fetch\n${OFFLINE_NOTE}\nConsole output before that:\nfetching`,
      });
      // A tool without the network gains nothing from the note.
      expect(
        await testCustomTool(define({ code: 'x.y' }), { city: 'Oslo' }, failing, { timeoutMs: 1000 }),
      ).toMatchObject({ message: expect.not.stringContaining(OFFLINE_NOTE) });
      vi.stubGlobal('navigator', { onLine: true });
      expect(
        await testCustomTool(define({ code: 'await fetch(url)', allowNetwork: true }), { city: 'Oslo' }, failing, {
          timeoutMs: 1000,
        }),
      ).toMatchObject({ message: expect.not.stringContaining(OFFLINE_NOTE) });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('Test checks the sample arguments against the schema first', async () => {
    const sandbox = fakeSandbox(() => ({ ok: true, result: '1', logs: [] }));
    const result = await testCustomTool(
      define({ code: '1' }),
      { days: 2 },
      createTestToolContext({ runSandboxed: sandbox.runSandboxed }),
      { timeoutMs: 1000 },
    );
    expect(result).toMatchObject({
      ok: false,
      message: expect.stringContaining('The sample arguments do not match the schema'),
    });
    expect(sandbox.programs).toEqual([]);
  });
});

describe('HTTP tools', () => {
  const httpTool = define({
    kind: 'http',
    method: 'POST',
    urlTemplate: 'https://api.test/forecast/{city}',
    headers: 'X-Key: k-{city}',
    bodyTemplate: '{"days": "{days}"}',
  });

  it('sends the filled request and returns parsed JSON', async () => {
    const requests: { url: string; init: RequestInit | undefined }[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      requests.push({ url: String(input), init });
      return new Response('{"temp": 18}', { headers: { 'content-type': 'application/json' } });
    };
    const result = await testCustomTool(httpTool, { city: 'New York', days: 2 }, createTestToolContext({ fetch }), {
      timeoutMs: 1000,
    });
    expect(result).toEqual({ ok: true, result: { temp: 18 } });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('https://api.test/forecast/New%20York');
    expect(requests[0]?.init).toMatchObject({
      method: 'POST',
      body: '{"days":2}',
      headers: { 'X-Key': 'k-New York', 'Content-Type': 'application/json' },
    });
  });

  it('returns text as it is, and an HTTP error with its status and body', async () => {
    const text = await testCustomTool(
      define({ kind: 'http', urlTemplate: 'https://api.test/{city}' }),
      { city: 'Oslo' },
      createTestToolContext({ fetch: async () => new Response('sunny') }),
      { timeoutMs: 1000 },
    );
    expect(text).toEqual({ ok: true, result: 'sunny' });
    const failed = await testCustomTool(
      define({ kind: 'http', urlTemplate: 'https://api.test/{city}' }),
      { city: 'Oslo' },
      createTestToolContext({ fetch: async () => new Response('no such city', { status: 404 }) }),
      { timeoutMs: 1000 },
    );
    expect(failed).toEqual({ ok: false, message: 'HTTP 404 from https://api.test/Oslo: no such city' });
  });

  it('explains a fetch TypeError as CORS or an unreachable server', async () => {
    const fetch: typeof globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    const result = await testCustomTool(httpTool, { city: 'Oslo' }, createTestToolContext({ fetch }), {
      timeoutMs: 1000,
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.message).toContain(
      'the server did not allow this page (CORS): it must send Access-Control-Allow-Origin',
    );
    expect(result.ok ? '' : result.message).toContain('https://api.test');
  });
});

describe('a new definition', () => {
  it('starts empty, as JavaScript, with an empty object schema', async () => {
    const { blankCustomTool } = await import('./definition.ts');
    expect(blankCustomTool()).toMatchObject({
      name: '',
      kind: 'javascript',
      parameters: { type: 'object', properties: {} },
      needsApproval: false,
    });
  });
});
