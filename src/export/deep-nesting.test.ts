import { describe, expect, it } from 'vitest';
import { parseImportFile } from '../db/parse-import-file.ts';
import type { FileSession } from '../db/session-file-schema.ts';
import { stringifyJson } from '../json/deep-json.ts';
import { deepArray, deepArrayText, deepObject, deepSessionFileText } from '../testing/deep-session.ts';
import { importOtlpTraces } from '../trace/otlp-import.ts';
import { toOtlpRequest } from '../trace/otlp.ts';
import { sessionHtmlReport } from './session-html-report.ts';
import { sessionMarkdown } from './session-markdown.ts';
import { sessionSpans } from './session-parts.ts';

// Issue 35: every export of a session whose tool call and result are nested 100,000 levels deep.
const DEPTH = 100_000;
const NOTE = 'nested too deep to show: 100,000 levels';

function deepSession(): FileSession {
  const parsed = parseImportFile(deepSessionFileText(DEPTH), 'deep.json');
  if (!parsed.ok) throw new Error(parsed.error);
  const session = parsed.sessions[0];
  if (!session) throw new Error('no session');
  // A span attribute that is nested data (not text) of both kinds, as a run can record.
  const tool = session.spans.find((span) => span.kind === 'tool');
  if (tool) tool.attributes = { ...tool.attributes, 'tool.array': deepArray(DEPTH), 'tool.object': deepObject(DEPTH) };
  return session;
}

describe('readable exports of data nested 100,000 levels deep', () => {
  it('Markdown cuts the arguments and the result with a note', () => {
    const markdown = sessionMarkdown(deepSession());
    expect(markdown.split(NOTE)).toHaveLength(3);
    expect(markdown.length).toBeLessThan(100_000);
  });

  it('the HTML report cuts them, and the span attributes, with a note', () => {
    const html = sessionHtmlReport(deepSession());
    // Arguments and result in the chat; arguments, result, the raw copy and the two nested attributes in the trace.
    expect(html.split(NOTE)).toHaveLength(8);
    expect(html.length).toBeLessThan(300_000);
  });
});

describe('OTLP export of data nested 100,000 levels deep', () => {
  it('writes every span and imports again with the same tool result', () => {
    const spans = sessionSpans(deepSession());
    const request = toOtlpRequest(spans, { includeMessages: true, redact: ['sk-secret-1'] });
    const text = stringifyJson(request, 2) ?? '';
    expect(text).toContain('execute_tool fetch_json');
    // Import reads the JSON text attributes as data again, then keeps what is too deep to store as its text.
    const again = parseImportFile(text, 'otlp.json');
    if (!again.ok) throw new Error(again.error);
    const tool = again.sessions[0]?.spans.find((span) => span.kind === 'tool');
    expect(tool?.attributes['tool.result']).toBe(deepArrayText(DEPTH));
  });

  it('refuses a foreign trace file whose attribute is nested past what it can check, with a reason', () => {
    let value: unknown = { stringValue: 'x' };
    for (let level = 0; level < DEPTH / 3; level += 1) value = { arrayValue: { values: [value] } };
    const file = {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                {
                  traceId: '0'.repeat(31) + '1',
                  spanId: '0'.repeat(15) + '1',
                  name: 'deep',
                  startTimeUnixNano: '1',
                  endTimeUnixNano: '2',
                  attributes: [{ key: 'deep', value }],
                },
              ],
            },
          ],
        },
      ],
    };
    const result = importOtlpTraces(file);
    expect(result).toEqual({ ok: false, error: expect.stringContaining('nested deeper than 1000 levels') });
  });
});
