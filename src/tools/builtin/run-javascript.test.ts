import { describe, it, expect, vi } from 'vitest';
import { createTestToolContext } from '../testing/create-test-tool-context.ts';
import type { SandboxResult } from '../tool-context.ts';
import { RUN_JAVASCRIPT_TIMEOUT_MS, runJavascriptTool } from './run-javascript.ts';

const withSandbox = (result: SandboxResult) => {
  const runSandboxed = vi.fn(async () => result);
  return { runSandboxed, context: createTestToolContext({ runSandboxed }) };
};

describe('run_javascript', () => {
  it('is restricted and declares a timeout above the sandbox limit', () => {
    expect(runJavascriptTool.restricted).toBe(true);
    expect(runJavascriptTool.timeoutMs).toBeGreaterThan(RUN_JAVASCRIPT_TIMEOUT_MS);
  });

  it('runs the code in the sandbox with the time limit and the run signal', async () => {
    const { runSandboxed, context } = withSandbox({ ok: true, result: '[2, 3, 5]', logs: ['checking 2'] });
    expect(await runJavascriptTool.execute({ code: 'return [2, 3, 5]' }, context)).toEqual({
      result: '[2, 3, 5]',
      logs: ['checking 2'],
    });
    expect(runSandboxed).toHaveBeenCalledWith('return [2, 3, 5]', { timeoutMs: 5000, signal: context.signal });
  });

  it('reports thrown errors with the console output before them', async () => {
    const { context } = withSandbox({ ok: false, error: 'TypeError: x is not a function', logs: ['step 1'] });
    await expect(runJavascriptTool.execute({ code: 'x()' }, context)).rejects.toThrow(
      'The code threw: TypeError: x is not a function\nConsole output before that:\nstep 1',
    );
  });

  it('reports a timeout', async () => {
    const { context } = withSandbox({ ok: false, timedOut: true, error: 'Timed out', logs: [] });
    await expect(runJavascriptTool.execute({ code: 'while (true) {}' }, context)).rejects.toThrow(
      'did not finish within 5 s and was stopped',
    );
  });

  it('explains when no sandbox exists', async () => {
    await expect(runJavascriptTool.execute({ code: '1' }, createTestToolContext())).rejects.toThrow(
      'run_javascript is not available here',
    );
  });
});
