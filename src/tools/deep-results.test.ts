import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHarness } from '../agent/test-harness.ts';
import { parseToolArguments } from '../agent/parse-tool-call.ts';
import { parseDecision } from '../agent/json-plan-decision.ts';
import { estimateMessagesTokens } from '../context/token-estimate.ts';
import { ATTR } from '../trace/attributes.ts';
import { deepArrayText, deepObject, deepObjectText } from '../testing/deep-session.ts';
import { customToolSchema } from './custom/definition.ts';
import { toCustomTool } from './custom/custom-tool.ts';
import { callResultText } from './mcp/mcp-client.ts';
import { defineTool } from './define-tool.ts';
import { loadTable } from './data/load-table.ts';
import { checkParametersSchema } from './custom/check-definition.ts';
import { toolFingerprint } from './mcp/fingerprint.ts';
import { stringifyJson } from '../json/deep-json.ts';

// Issue 35: tool results and model arguments nested 100,000 levels deep never break a run.
const DEPTH = 100_000;

/** A custom HTTP tool whose endpoint answers with JSON nested `DEPTH` levels deep. */
function deepHttpTool() {
  return toCustomTool(
    customToolSchema.parse({
      name: 'fetch_json',
      kind: 'http',
      urlTemplate: 'https://api.test/data',
      parameters: { type: 'object', properties: {} },
    }),
    { timeoutMs: 5000 },
  );
}

/** An MCP tool's result as the client turns it into text: structured content nested `DEPTH` levels deep. */
const deepMcpTool = defineTool({
  name: 'mcp_deep',
  description: 'An MCP tool with deep structured content.',
  schema: z.object({}),
  execute: async () => callResultText({ content: [], structuredContent: { data: deepObject(DEPTH) } }),
});

describe('data nested 100,000 levels deep in a run', () => {
  it('custom HTTP and MCP tool results reach the model and the trace whole; the answer check still runs', async () => {
    const harness = createHarness({
      tools: [deepHttpTool(), deepMcpTool],
      answerCheck: true,
      limits: {
        maxSteps: 8,
        maxToolCalls: 24,
        deadlineMs: 60_000,
        toolTimeoutMs: 30_000,
        maxObservationChars: 10_000_000,
      },
      turns: [
        {
          toolCalls: [
            { id: 'call_http', name: 'fetch_json', arguments: {} },
            { id: 'call_mcp', name: 'mcp_deep', arguments: {} },
          ],
        },
        { text: 'The data is nested very deeply: 1.' },
        { text: '{"verdict":"supported","claims":[]}' },
      ],
    });
    harness.options.toolContext = {
      ...harness.options.toolContext,
      fetch: async () => new Response(deepArrayText(DEPTH), { headers: { 'content-type': 'application/json' } }),
    };
    const result = await harness.run();
    expect(result.outcome).toBe('done');
    const tools = harness.tracer.spans.filter((span) => span.kind === 'tool');
    expect(tools.map((span) => span.status)).toEqual(['ok', 'ok']);
    expect(tools[0]?.attributes[ATTR.toolResult]).toBe(deepArrayText(DEPTH));
    expect(tools[1]?.attributes[ATTR.toolResult]).toBe(`{"data":${deepObjectText(DEPTH)}}`);
    // The model saw both results whole, and counting their tokens works.
    const request = harness.model.requests[1];
    const seen = request?.messages.filter((message) => message.role === 'tool').map((message) => message.content);
    expect(seen).toEqual([deepArrayText(DEPTH), `{"data":${deepObjectText(DEPTH)}}`]);
    expect(estimateMessagesTokens(request?.messages ?? [])).toBeGreaterThan(DEPTH);
    expect(harness.tracer.spans.some((span) => span.kind === 'reflection')).toBe(true);
  });

  it('model tool-call arguments nested 100,000 levels deep are refused with a reason the model can act on', async () => {
    for (const text of [deepObjectText(DEPTH), `{"a":${deepArrayText(DEPTH)}}`]) {
      const parsed = parseToolArguments(text);
      expect(parsed).toEqual({ ok: false, message: expect.stringContaining('nested more than') });
    }
    const harness = createHarness({
      tools: [deepHttpTool()],
      turns: [
        { toolCalls: [{ id: 'call_deep', name: 'fetch_json', arguments: deepObjectText(DEPTH) }] },
        { toolCalls: [{ id: 'call_deep_2', name: 'fetch_json', arguments: `{"a":${deepArrayText(DEPTH)}}` }] },
        { text: 'I could not send arguments that deep.' },
      ],
    });
    const result = await harness.run();
    expect(result.outcome).toBe('done');
    const tools = harness.tracer.spans.filter((span) => span.kind === 'tool');
    expect(tools.map((span) => span.status)).toEqual(['error', 'error']);
    const observations = harness.model.requests[2]?.messages.filter((message) => message.role === 'tool');
    for (const message of observations ?? []) expect(message.content).toContain('nested more than');
  });
});

describe('tool schemas nested 100,000 levels deep', () => {
  const deepSchema = (): Record<string, unknown> => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < DEPTH; level += 1) schema = { type: 'array', items: schema };
    return { type: 'object', properties: { list: schema } };
  };

  it('a custom tool parameters schema is refused with the path where it is too deep', () => {
    const checked = checkParametersSchema(stringifyJson(deepSchema()) ?? '');
    expect(checked).toEqual({ ok: false, message: expect.stringContaining('is nested more than 64 levels deep') });
  });

  it('an MCP tool input schema still has a fingerprint', () => {
    const fingerprint = toolFingerprint({ description: 'deep', inputSchema: deepSchema() });
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(toolFingerprint({ description: 'deep', inputSchema: deepSchema() })).toBe(fingerprint);
  });
});

describe('an attached JSON file nested 100,000 levels deep', () => {
  it('loads as a table whose cell holds the nested value as JSON text', () => {
    const table = loadTable('deep.json', 'json', `[{"id":1,"data":${deepArrayText(DEPTH)}}]`);
    expect(table.rows).toEqual([[1, deepArrayText(DEPTH)]]);
  });
});

describe('a JSON plan decision whose arguments are a string of JSON nested 100,000 levels deep', () => {
  it('is refused with a reason the model can act on', () => {
    const raw = stringifyJson({ type: 'tool_call', tool: 'fetch_json', args: deepObjectText(DEPTH) }) ?? '';
    expect(parseDecision(raw)).toEqual({ ok: false, problem: expect.stringContaining('nested more than 256 levels') });
  });
});
