import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import type { DatasetItem, JudgeCall, ScoreInput, ScorerConfig, ScorerKind } from '../eval-types.ts';
import type { RunSandboxed, SandboxResult } from '../../tools/tool-context.ts';
import { createScoreRun } from './index.ts';
import { numbersIn } from './numeric.ts';
import { readJudgeReply } from './judge.ts';
import { scorerProgram } from './javascript.ts';
import { prepareSource } from '../../tools/sandbox/sandbox-source.ts';

function run(answer: string, item: Partial<DatasetItem> = {}, extra: Partial<ScoreInput> = {}): ScoreInput {
  const base: DatasetItem = { id: 'i1', datasetId: 'd1', input: 'What is (128+374)*2?', createdAt: 0, ...item };
  return { item: base, answer, toolCalls: [], steps: 1, ...extra };
}

const on = (kind: ScorerKind, extra: Partial<ScorerConfig> = {}): ScorerConfig => ({ kind, enabled: true, ...extra });

async function one(input: ScoreInput, config: ScorerConfig, deps: Parameters<typeof createScoreRun>[0] = {}) {
  const scores = await createScoreRun(deps)(input, [config]);
  return scores[0];
}

describe('exact and contains', () => {
  it('compares trimmed text exactly', async () => {
    expect(await one(run('  1004 \n', { expected: '1004' }), on('exact'))).toMatchObject({ value: 1, pass: true });
    const miss = await one(run('It is 1004.', { expected: '1004' }), on('exact'));
    expect(miss).toMatchObject({ value: 0, pass: false, name: 'Exact match' });
    expect(miss?.reason).toContain('It is 1004.');
  });

  it('finds the expected text ignoring case, CJK included', async () => {
    expect(await one(run('The answer is PARIS.', { expected: 'paris' }), on('contains'))).toMatchObject({ value: 1 });
    expect(await one(run('温差是 5 度', { expected: '5 度' }), on('contains'))).toMatchObject({ value: 1 });
    expect(await one(run('London', { expected: 'paris' }), on('contains'))).toMatchObject({ value: 0 });
  });

  it('does not apply without an expected output, and skips disabled scorers', async () => {
    const scores = await createScoreRun()(run('x'), [
      on('exact'),
      on('contains'),
      { kind: 'regex', enabled: false, text: 'x' },
    ]);
    expect(scores).toEqual([]);
  });
});

/**
 * The sandbox as its worker runs a program (the last expression's value is the result), in a fresh Node context with
 * the time limit: this checks the program and the limit, not the isolation (the sandbox's own tests cover that).
 */
const vmSandbox: RunSandboxed = async (code, { timeoutMs }) => {
  try {
    const value: unknown = runInNewContext(code, {}, { timeout: timeoutMs });
    return { ok: true, result: String(value), logs: [] };
  } catch (error) {
    return { ok: false, timedOut: /timed out/iu.test(String(error)), error: String(error), logs: [] };
  }
};

describe('regex', () => {
  const regex = (answer: string, text: string, runSandboxed: RunSandboxed = vmSandbox) =>
    one(run(answer), on('regex', { text }), { runSandboxed });

  it('matches bare and /literal/flags patterns', async () => {
    expect(await regex('Total: 1004', '\\b1004\\b')).toMatchObject({
      value: 1,
      reason: expect.stringContaining('“1004”'),
    });
    expect(await regex('HELLO', '/hello/i')).toMatchObject({ value: 1 });
    expect(await regex('bye', 'hello')).toMatchObject({ value: 0 });
    expect(await regex('say "hi"\n两次', '两次$')).toMatchObject({ value: 1 });
  });

  it('runs the pattern in the sandbox with a time limit: a catastrophic one scores 0 instead of freezing the page', async () => {
    const runSandboxed = vi.fn(vmSandbox);
    const score = await regex(`${'a'.repeat(40)}!`, '^(a+)+$', runSandboxed);
    expect(score).toMatchObject({ value: 0, pass: false });
    expect(score?.reason).toMatch(/did not finish within 2 s/);
    expect(runSandboxed).toHaveBeenCalledOnce();
    // No sandbox, no run: the pattern never runs on the page.
    expect((await one(run('a'), on('regex', { text: 'a' })))?.reason).toMatch(/No sandbox/);
  });

  it('scores a bad pattern 0 with the reason', async () => {
    const score = await regex('anything', '([a-z');
    expect(score).toMatchObject({ value: 0, pass: false });
    expect(score?.reason).toMatch(/not a valid regular expression/);
  });
});

describe('numeric', () => {
  it('takes the number closest to the expected one and says which', async () => {
    const score = await one(run('First 128+374 = 502, then 502 × 2 = 1,004.', { expected: '1004' }), on('numeric'));
    expect(score).toMatchObject({ value: 1, pass: true });
    expect(score?.reason).toContain('Took 1004');
  });

  it('allows the tolerance and no more', async () => {
    expect(await one(run('about 3.14'), on('numeric', { tolerance: 0.01 }))).toBeUndefined();
    expect(await one(run('about 3.14', { expected: '3.1416' }), on('numeric', { tolerance: 0.01 }))).toMatchObject({
      value: 1,
    });
    expect(await one(run('about 3.2', { expected: '3.1416' }), on('numeric', { tolerance: 0.01 }))).toMatchObject({
      value: 0,
    });
    expect(await one(run('no digits', { expected: '7' }), on('numeric'))).toMatchObject({
      value: 0,
      reason: 'No number in the answer (expected 7).',
    });
  });

  it('reads dates as dashes, not negative numbers', () => {
    expect(numbersIn('2024-05-20 is -3 and ３')).toEqual([2024, 5, 20, -3, 3]);
  });
});

describe('JSON Schema', () => {
  const schema = JSON.stringify({ type: 'object', required: ['city'], properties: { city: { type: 'string' } } });

  it('passes JSON that matches, bare or fenced', async () => {
    expect(await one(run('{"city":"Paris"}'), on('json-schema', { text: schema }))).toMatchObject({ value: 1 });
    expect(await one(run('Here:\n```json\n{"city":"Oslo"}\n```'), on('json-schema', { text: schema }))).toMatchObject({
      value: 1,
    });
  });

  it('says what does not match, and refuses a bad schema or an answer without JSON', async () => {
    const wrong = await one(run('{"city": 3}'), on('json-schema', { text: schema }));
    expect(wrong).toMatchObject({ value: 0 });
    expect(wrong?.reason).toContain('city');
    expect((await one(run('{}'), on('json-schema', { text: '{bad' })))?.reason).toMatch(/not valid JSON/);
    expect((await one(run('just words'), on('json-schema', { text: schema })))?.reason).toMatch(/holds no JSON/);
  });
});

describe('tool expectations', () => {
  const calls = [
    { name: 'get_weather', arguments: '{"city":"Paris"}' },
    { name: 'get_weather', arguments: '{"city":"Oslo"}' },
    { name: 'calculator', arguments: '{"expression":"21-9"}' },
  ];

  it('scores the share of expectations met, failures first', async () => {
    const item = {
      tools: {
        called: ['calculator'],
        notCalled: ['search_web'],
        calledWith: { get_weather: 'Oslo' },
        inOrder: ['get_weather', 'calculator'],
        maxSteps: 3,
      },
    };
    expect(await one(run('x', item, { toolCalls: calls, steps: 3 }), on('tools'))).toMatchObject({
      value: 1,
      pass: true,
    });
    const late = await one(
      run(
        'x',
        { tools: { inOrder: ['calculator', 'get_weather'], maxSteps: 2, called: ['calculator'] } },
        { toolCalls: calls, steps: 4 },
      ),
      on('tools'),
    );
    expect(late?.value).toBeCloseTo(1 / 3);
    expect(late?.pass).toBe(false);
    expect(late?.reason).toMatch(/^Not called in order: calculator → get_weather\. 4 steps, more than 2\./);
  });

  it('does not apply to an item without expectations', async () => {
    expect(await one(run('x'), on('tools'))).toBeUndefined();
  });
});

describe('JavaScript scorer', () => {
  const sandbox = (result: SandboxResult): RunSandboxed => vi.fn(async () => result);

  it('runs the code in the sandbox with the facts and reads a number or {score, reason}', async () => {
    const runSandboxed = sandbox({ ok: true, result: '{"score":0.75,"reason":"close"}', logs: [] });
    const score = await one(
      run('1004', { expected: '1004' }),
      on('javascript', { text: 'answer === expected ? 1 : 0' }),
      { runSandboxed },
    );
    expect(score).toMatchObject({ value: 0.75, pass: true, reason: 'close' });
    const code = vi.mocked(runSandboxed).mock.calls[0]?.[0] ?? '';
    expect(code).toContain('const answer = JSON.parse("\\"1004\\"");');
    expect(code).toContain('return (answer === expected ? 1 : 0\n);');
    expect(
      await one(run('a'), on('javascript', { text: '1' }), {
        runSandboxed: sandbox({ ok: true, result: '0.2', logs: [] }),
      }),
    ).toMatchObject({ value: 0.2, pass: false });
  });

  it('scores hostile code 0 with the reason: a loop, a throw, the DOM, the network, a huge result', async () => {
    const cases: [SandboxResult, RegExp][] = [
      [{ ok: false, timedOut: true, error: 'Timed out', logs: [] }, /did not finish within 5 s/],
      [{ ok: false, error: 'Error: boom', logs: [] }, /failed: Error: boom/],
      [{ ok: false, error: 'ReferenceError: document is not defined', logs: [] }, /document is not defined/],
      [{ ok: false, error: 'Error: fetch is disabled in the sandbox', logs: [] }, /fetch is disabled/],
      [
        { ok: true, result: `"${'x'.repeat(9000)}… [truncated: 1 more characters]`, logs: [] },
        /not a number or \{score, reason\}/,
      ],
      [{ ok: true, result: '"yes"', logs: [] }, /not a number/],
    ];
    for (const [result, reason] of cases) {
      const score = await one(run('a'), on('javascript', { text: 'while (true) {}' }), {
        runSandboxed: sandbox(result),
      });
      expect(score).toMatchObject({ value: 0, pass: false });
      expect(score?.reason).toMatch(reason);
    }
  });

  it('refuses code that does not parse or imports, before the sandbox', async () => {
    const runSandboxed = sandbox({ ok: true, result: '1', logs: [] });
    expect((await one(run('a'), on('javascript', { text: 'return (' }), { runSandboxed }))?.reason).toMatch(
      /SyntaxError/,
    );
    expect(
      (await one(run('a'), on('javascript', { text: 'await import("https://x.test/a.js")' }), { runSandboxed }))?.value,
    ).toBe(0);
    expect(runSandboxed).not.toHaveBeenCalled();
  });

  it('gives the code its facts and reads its value: last expression, return, or a thrown error', async () => {
    // Runs the program the way the sandbox worker does (prepared, then as an async function body), in Node: this
    // checks the program, not the isolation, which the sandbox's own tests and e2e cover.
    const AsyncFunction = Object.getPrototypeOf(async function () {}).constructor as new (
      body: string,
    ) => () => Promise<unknown>;
    const runSandboxed: RunSandboxed = async (code) => {
      const prepared = prepareSource(code);
      if (!prepared.ok) return { ok: false, error: prepared.error, logs: [] };
      try {
        return { ok: true, result: String(await new AsyncFunction(prepared.body)()), logs: [] };
      } catch (error) {
        return { ok: false, error: String(error), logs: [] };
      }
    };
    const input = run(
      'The total is 1004.',
      { expected: '1004' },
      { toolCalls: [{ name: 'calculator', arguments: '{}' }] },
    );
    const score = (text: string) => one(input, on('javascript', { text }), { runSandboxed });
    expect(await score('answer.includes(expected) ? 1 : 0')).toMatchObject({
      value: 1,
      reason: 'The scorer code gave 1.',
    });
    expect(await score('return { score: toolCalls.length / 4, reason: `${toolCalls[0].name} used` };')).toMatchObject({
      value: 0.25,
      reason: 'calculator used',
    });
    expect((await score('throw new Error("no")'))?.reason).toBe('The scorer code failed: Error: no');
  });

  it('builds a program whose facts cannot break out of their string', () => {
    const program = scorerProgram('return 1', { answer: '"); document.title = ("' });
    expect(program.split('\n')[0]).toBe(
      `const answer = JSON.parse(${JSON.stringify(JSON.stringify('"); document.title = ("'))});`,
    );
  });
});

describe('LLM judge', () => {
  const judgeWith = (reply: string | Error) =>
    vi.fn<JudgeCall>(async () => {
      if (reply instanceof Error) throw reply;
      return reply;
    });

  it('keeps the verdict and the reason of a JSON reply, and sends the rubric', async () => {
    const judge = judgeWith('{"score": 0.8, "reason": "Right number, terse."}');
    const scores = await createScoreRun()(
      run('1004', { expected: '1004' }),
      [on('judge', { text: 'Be strict.' })],
      judge,
    );
    expect(scores[0]).toMatchObject({
      scorer: 'judge',
      name: 'LLM judge',
      value: 0.8,
      pass: true,
      reason: 'Right number, terse.',
    });
    const [system, user] = judge.mock.calls[0]?.[0] ?? [];
    expect(system?.content).toContain('Be strict.');
    expect(user?.content).toContain('Expected answer:\n1004');
  });

  it('reads a score or a verdict from a reply that is not JSON, else scores 0 quoting it', async () => {
    const score = async (reply: string) => (await createScoreRun()(run('a'), [on('judge')], judgeWith(reply)))[0];
    expect(await score('```json\n{"score": 1, "reason": "ok"}\n```')).toMatchObject({ value: 1, reason: 'ok' });
    expect(await score('Score: 7/10 because it is mostly right')).toMatchObject({ value: 0.7 });
    expect(await score('PASS')).toMatchObject({ value: 1 });
    expect(await score('The answer is incorrect.')).toMatchObject({ value: 0 });
    const lost = await score('I cannot grade this.');
    expect(lost).toMatchObject({ value: 0, pass: false });
    expect(lost?.reason).toBe('judge reply was not JSON: “I cannot grade this.”');
  });

  it('scores 0 when the call fails or no judge is given', async () => {
    const failed = (await createScoreRun()(run('a'), [on('judge')], judgeWith(new Error('HTTP 500'))))[0];
    expect(failed?.reason).toBe('The judge’s call failed: HTTP 500');
    expect((await createScoreRun()(run('a'), [on('judge')]))[0]?.value).toBe(0);
  });

  it('clamps scores outside 0–1', () => {
    expect(readJudgeReply('{"score": 3}')).toEqual({ kind: 'json', score: 3, reason: '' });
  });
});

describe('scoreRun', () => {
  it('writes the reasons in Chinese when asked', async () => {
    const scores = await createScoreRun()(run('x', { expected: 'y' }), [on('exact')], undefined, { language: 'zh-CN' });
    expect(scores[0]?.reason).toBe('期望“y”，实际为“x”。');
  });
});
