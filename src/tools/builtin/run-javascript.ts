import { z } from 'zod';
import { defineTool } from '../define-tool.ts';
import { ToolError } from '../tool-error.ts';

/** How long sandboxed code may run. */
export const RUN_JAVASCRIPT_TIMEOUT_MS = 5000;

/** Longest program the tool accepts. */
export const MAX_CODE_CHARS = 20_000;

/** `run_javascript`: runs code in the sandbox (a worker in an opaque-origin frame: no DOM, no network, time limit); needs approval. */
export const runJavascriptTool = defineTool({
  name: 'run_javascript',
  description: [
    'Runs JavaScript in an isolated sandbox (a Web Worker with no DOM, no network and no storage) and returns the result and',
    'console output. Use it for data processing, precise or iterative computation, string manipulation or checking code.',
    'It answers like a console: the value of the last expression statement is the result (`let s = 0; for (let i = 1; i <= 10; i++) s += i; s` gives 55);',
    '`return` also works at top level, top-level `await` works, console.log output is captured separately, a thrown error is reported with its message.',
    'Standard built-ins (Math, Date, JSON, Intl, RegExp, Array, …) are',
    `available; fetch, imports and timers as strings are not. Time limit: ${RUN_JAVASCRIPT_TIMEOUT_MS / 1000} s. The user must approve each run.`,
    'Example: {"code": "const primes = []; for (let n = 2; primes.length < 10; n++) if (primes.every(p => n % p)) primes.push(n); primes"}.',
  ].join(' '),
  restricted: true,
  // Room for the sandbox's own limit plus worker start-up, so the sandbox reports its timeout first.
  timeoutMs: RUN_JAVASCRIPT_TIMEOUT_MS + 5000,
  schema: z.object({
    code: z
      .string()
      .min(1)
      .max(MAX_CODE_CHARS)
      .describe('The code to run; the value of its last expression statement (or what it `return`s) is the result.'),
  }),
  async execute({ code }, context) {
    if (!context.runSandboxed) {
      throw new ToolError(
        'run_javascript is not available here: this environment has no JavaScript sandbox (Web Worker). Solve the task without running code.',
      );
    }
    const outcome = await context.runSandboxed(code, { timeoutMs: RUN_JAVASCRIPT_TIMEOUT_MS, signal: context.signal });
    if (outcome.ok) return { result: outcome.result ?? 'undefined', logs: outcome.logs };
    const problem = outcome.timedOut
      ? `The code did not finish within ${RUN_JAVASCRIPT_TIMEOUT_MS / 1000} s and was stopped (an endless loop?).`
      : `The code threw: ${outcome.error ?? 'unknown error'}`;
    throw new ToolError(
      outcome.logs.length ? `${problem}\nConsole output before that:\n${outcome.logs.join('\n')}` : problem,
    );
  },
});
