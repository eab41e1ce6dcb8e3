import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { ATTR } from '../trace/attributes.ts';
import { toOtlpRequest } from '../trace/otlp.ts';
import { listMessages } from './messages.ts';
import { importParsed, parseImportFile, type ParsedImport } from './session-file.ts';
import { listSpans } from './spans.ts';
import { span as fixtureSpan, sequentialIds } from './test-fixtures.ts';

const OFFICIAL = sharedPath('real-data', 'otlp', 'trace.json');

function parsed(text: string, name = 'trace.json'): ParsedImport {
  const result = parseImportFile(text, name);
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('parseImportFile: OTLP trace files', () => {
  it(
    'imports the official OTLP example as one session through the normal import',
    { tags: [SHARED_DATA_TAG] },
    async () => {
      const result = parsed(readFileSync(OFFICIAL, 'utf8'));
      expect(result.sessions).toHaveLength(1);
      const db = await openTestDb();
      const { sessionIds } = await importParsed(db, result, { newId: sequentialIds() });
      const spans = await listSpans(db, sessionIds[0] as string);
      expect(
        spans.map((span) => [
          span.name,
          span.kind,
          span.parentSpanId,
          span.attributes['my.span.attr'],
          span.attributes[ATTR.importSource],
        ]),
      ).toEqual([["I'm a server span", 'run', undefined, 'some value', 'otlp']]);
    },
  );

  it('re-imports our own export as a copy of the session: same tree, chat rebuilt', async () => {
    const sessionId = 'sess_src';
    const run = fixtureSpan(sessionId, 'a'.repeat(16), {
      kind: 'run',
      name: 'Hi',
      startTime: 10,
      endTime: 30,
      attributes: { [ATTR.runInput]: 'Hi' },
    });
    const llm = fixtureSpan(sessionId, 'b'.repeat(16), {
      kind: 'llm',
      name: 'chat demo',
      parentSpanId: run.spanId,
      runId: run.spanId,
      startTime: 12,
      endTime: 28,
      attributes: {
        [ATTR.llmMessages]: [{ role: 'user', content: 'Hi' }],
        [ATTR.llmOutputText]: 'Hello!',
        [ATTR.llmUsageInputTokens]: 5,
      },
    });
    const text = JSON.stringify(toOtlpRequest([run, { ...llm, traceId: run.traceId }], { includeMessages: true }));
    const result = parsed(text);
    const db = await openTestDb();
    // Imported twice: the second clashes with the first and becomes a copy with new ids.
    await importParsed(db, result, { newId: sequentialIds() });
    const { sessionIds, copies } = await importParsed(db, parsed(text), { newId: sequentialIds() });
    expect(copies).toBe(1);
    const spans = await listSpans(db, sessionIds[0] as string);
    expect(
      spans.map((item) => [item.kind, item.name, item.parentSpanId === undefined, item.endTime! - item.startTime]),
    ).toEqual([
      ['run', 'Hi', true, 20],
      ['llm', 'chat demo', false, 16],
    ]);
    expect(spans[1]?.attributes[ATTR.llmUsageInputTokens]).toBe(5);
    const messages = await listMessages(db, sessionIds[0] as string);
    expect(messages.map((entry) => [entry.message.role, entry.message.content])).toEqual([
      ['user', 'Hi'],
      ['assistant', 'Hello!'],
    ]);
  });

  it('refuses a broken trace file with the file name and what is wrong', () => {
    const broken = {
      resourceSpans: [
        {
          scopeSpans: [
            { spans: [{ traceId: '1'.repeat(32), spanId: 'nothex!!nothex!!', name: 'x', startTimeUnixNano: '1' }] },
          ],
        },
      ],
    };
    expect(parseImportFile(JSON.stringify(broken), 'bad.json')).toEqual({
      ok: false,
      error:
        'bad.json: not a valid OTLP trace file: resourceSpans[0].scopeSpans[0].spans[0].spanId: expected 16 hex characters',
    });
  });
});
