import { describe, it, expect } from 'vitest';
import { SANDBOX_ESCAPE_CASES, SANDBOX_REPL_CASES, checkEscapeCase } from './sandbox-escape-cases.ts';
import { prepareSource } from './sandbox-source.ts';

describe('sandbox escape cases', () => {
  it('cover the attempts the e2e test must run', () => {
    const names = [...SANDBOX_REPL_CASES, ...SANDBOX_ESCAPE_CASES].map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const expected of [
      'no DOM: document',
      'fetch is disabled',
      'importScripts is disabled',
      'an endless loop is stopped',
      'huge results are truncated',
      'indexedDB is disabled',
      'BroadcastChannel is disabled',
      'app locks are out of reach',
      'no parent window',
      'the last expression statement is the result',
      'top-level await: promises are awaited',
    ]) {
      expect(names).toContain(expected);
    }
    expect(SANDBOX_ESCAPE_CASES.filter((entry) => entry.expect.timedOut)).not.toHaveLength(0);
  });

  it('only the dynamic-import case trips the import check', () => {
    const blocked = [...SANDBOX_REPL_CASES, ...SANDBOX_ESCAPE_CASES]
      .filter((entry) => {
        const prepared = prepareSource(entry.code);
        return !prepared.ok && prepared.error.includes('import is disabled');
      })
      .map((entry) => entry.name);
    expect(blocked).toEqual(['dynamic import is refused before running']);
  });

  it('checks outcomes against expectations', () => {
    const fetchCase = SANDBOX_ESCAPE_CASES.find((entry) => entry.name === 'fetch is disabled');
    if (!fetchCase) throw new Error('missing case');
    expect(
      checkEscapeCase(fetchCase.expect, { ok: false, error: 'Error: fetch is disabled in the sandbox', logs: [] }),
    ).toEqual([]);
    expect(checkEscapeCase(fetchCase.expect, { ok: true, result: '[object Response]', logs: [] })).toEqual([
      'ok is true, expected false (error: none)',
      'error "" does not contain "fetch is disabled in the sandbox"',
    ]);
    expect(
      checkEscapeCase({ ok: false, timedOut: true }, { ok: false, error: 'Timed out', timedOut: true, logs: [] }),
    ).toEqual([]);
    expect(
      checkEscapeCase({ ok: true, maxLogs: 1, logIncludes: 'x' }, { ok: true, result: '', logs: ['a', 'b'] }),
    ).toEqual(['2 log entries, more than 1', 'no log entry contains "x"']);
  });
});
