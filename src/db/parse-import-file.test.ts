import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { listSpans } from './spans.ts';
import { importParsed, MAX_IMPORT_BYTES, parseImportFile } from './session-file.ts';
import { sequentialIds } from './test-fixtures.ts';

function validFile(overrides: Record<string, unknown> = {}) {
  return {
    format: 'glassbox.sessions',
    version: 1,
    exportedAt: '2026-11-30T10:00:00.000Z',
    scope: 'all',
    sessions: [
      {
        id: 'sess_1',
        title: 'Trip plan',
        titleEdited: false,
        createdAt: 1,
        updatedAt: 2,
        status: 'done',
        messages: [
          {
            id: 'msg_1',
            seq: 0,
            runId: 'aaaaaaaaaaaaaaaa',
            createdAt: 1,
            message: { role: 'user', content: 'Plan a trip' },
          },
          {
            id: 'msg_2',
            seq: 1,
            runId: 'aaaaaaaaaaaaaaaa',
            createdAt: 2,
            message: { role: 'assistant', content: 'Sure.' },
          },
        ],
        spans: [
          {
            traceId: 't',
            spanId: 'aaaaaaaaaaaaaaaa',
            runId: 'aaaaaaaaaaaaaaaa',
            kind: 'run',
            name: 'run',
            startTime: 1,
            endTime: 2,
            status: 'ok',
            attributes: { model: 'demo' },
          },
        ],
        toolState: [],
        attachments: [],
      },
    ],
    ...overrides,
  };
}

function errorOf(text: string, name = 'export.json', maxBytes?: number): string {
  const result = parseImportFile(text, name, maxBytes === undefined ? {} : { maxBytes });
  if (result.ok) throw new Error('expected the file to be refused');
  return result.error;
}

type Loose = Record<string, unknown> & {
  messages: Array<Record<string, unknown> & { message: Record<string, unknown> }>;
};

function withSession(change: (session: Loose) => void): string {
  const file = validFile();
  change(file.sessions[0] as unknown as Loose);
  return JSON.stringify(file);
}

describe('parseImportFile', () => {
  it('accepts a valid export', () => {
    const result = parseImportFile(JSON.stringify(validFile()), 'export.json');
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(result.sessions.map((s) => [s.id, s.source, s.messages.length])).toEqual([['sess_1', 'glassbox', 2]]);
  });

  it('refuses what is not JSON, truncated JSON and empty files, naming the file', () => {
    expect(errorOf('hello there', 'notes.txt')).toMatch(/^notes\.txt: not valid JSON/);
    const whole = JSON.stringify(validFile());
    expect(errorOf(whole.slice(0, whole.length / 2))).toMatch(/^export\.json: not valid JSON .*truncated/);
    expect(errorOf('   ')).toBe('export.json: the file is empty');
  });

  it('refuses files it does not know', () => {
    expect(errorOf('{"hello": 1}')).toMatch(
      /^export\.json: not a Glassbox sessions export .*ChatGPT conversations\.json/,
    );
    expect(errorOf('[1, 2]')).toMatch(/not a Glassbox sessions export/);
    expect(errorOf('"text"')).toMatch(/not a Glassbox sessions export/);
  });

  it('refuses a file from a newer version with a clear message', () => {
    expect(errorOf(JSON.stringify(validFile({ version: 2, sessions: 'whatever' })))).toBe(
      'export.json: written by a newer Glassbox (file version 2; this version reads up to 1). Update Glassbox to import it.',
    );
  });

  it('refuses files over the size limit, counting bytes', () => {
    expect(MAX_IMPORT_BYTES).toBe(50 * 1024 * 1024);
    expect(errorOf(JSON.stringify(validFile()), 'big.json', 100)).toBe(
      'big.json: the file is larger than 100 bytes, the import limit',
    );
    // 40 Chinese characters are 40 string units but 120 UTF-8 bytes.
    const chinese = JSON.stringify('北'.repeat(40));
    expect(chinese.length).toBeLessThan(100);
    expect(errorOf(chinese, 'big.json', 100)).toMatch(/larger than/);
  });

  it('names the session and the field of a wrong type', () => {
    expect(
      errorOf(
        withSession((s) => {
          s.messages[1]!.message.role = 'robot';
        }),
      ),
    ).toBe(
      `export.json: session 1 ("Trip plan"): messages.1.message.role: expected one of 'system' | 'user' | 'assistant' | 'tool'`,
    );
    expect(
      errorOf(
        withSession((s) => {
          s.messages[0]!.createdAt = 'yesterday';
        }),
      ),
    ).toBe('export.json: session 1 ("Trip plan"): messages.0.createdAt: expected number, received string');
    expect(
      errorOf(
        withSession((s) => {
          delete s.spans;
        }),
      ),
    ).toBe('export.json: session 1 ("Trip plan"): spans: expected array, received undefined');
    expect(
      errorOf(
        withSession((s) => {
          s.messages[1]!.message = { role: 'tool', content: 'x' };
        }),
      ),
    ).toMatch(/^export\.json: session 1 \("Trip plan"\): messages\.1\.message\.tool_call_id: expected string/);
    expect(errorOf(JSON.stringify(validFile({ notes: [{ id: 'n', content: 5 }] })))).toMatch(
      /^export\.json: notes\.0\.content: expected string, received number \(and \d+ more problems?\)$/,
    );
  });

  it('refuses duplicate ids and seqs out of order', () => {
    expect(
      errorOf(
        withSession((s) => {
          s.messages[1]!.id = 'msg_1';
        }),
      ),
    ).toBe('export.json: session 1 ("Trip plan"): messages.1.id: duplicate message id msg_1');
    expect(
      errorOf(
        withSession((s) => {
          s.messages[1]!.seq = 0;
        }),
      ),
    ).toBe('export.json: session 1 ("Trip plan"): messages.1.seq: seq must increase from message to message');
  });

  it('keeps __proto__ and constructor keys away from object prototypes', async () => {
    const text = JSON.stringify(validFile())
      .replace('"format"', '"__proto__":{"polluted":"top"},"format"')
      .replace(
        '"model":"demo"',
        '"model":"demo","__proto__":{"polluted":"attr"},"constructor":{"prototype":{"polluted":"ctor"}}',
      )
      .replace('"title":"Trip plan"', '"title":"Trip plan","__proto__":{"isAdmin":true}');
    const result = parseImportFile(text, 'hostile.json');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const attributes = result.sessions[0]?.spans[0]?.attributes ?? {};
    expect(Object.keys(attributes)).toEqual(['model']);
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
    expect(Object.hasOwn(result.sessions[0] ?? {}, '__proto__')).toBe(false);

    const db = await openTestDb();
    const { sessionIds } = await importParsed(db, result, { newId: sequentialIds() });
    const [stored] = await listSpans(db, sessionIds[0] ?? '');
    expect(Object.keys(stored?.attributes ?? {})).toEqual(['model']);
  });
});
