import type { ToolExpectations } from '../eval-types.ts';
import type { DatasetsKey } from '../../i18n/datasets.ts';
import { makeScore, type Scorer } from './scorer-kit.ts';

type Call = { name: string; arguments: string };
type Check = { ok: boolean; key: DatasetsKey; values: Record<string, string | number> };

/** Whether `names` occur in `calls` in this order (other calls may come between). */
function inOrder(calls: readonly Call[], names: readonly string[]): boolean {
  let next = 0;
  for (const call of calls) if (call.name === names[next]) next += 1;
  return next >= names.length;
}

/** Each expectation of an item checked against the run's tool calls and steps. */
export function toolChecks(expect: ToolExpectations, calls: readonly Call[], steps: number): Check[] {
  const checks: Check[] = [];
  const called = new Set(calls.map((call) => call.name));
  for (const tool of expect.called ?? [])
    checks.push({
      ok: called.has(tool),
      key: called.has(tool) ? 'score.toolCalled' : 'score.toolNotCalledFail',
      values: { tool },
    });
  for (const tool of expect.notCalled ?? [])
    checks.push({
      ok: !called.has(tool),
      key: called.has(tool) ? 'score.toolCalledFail' : 'score.toolAvoided',
      values: { tool },
    });
  for (const [tool, text] of Object.entries(expect.calledWith ?? {})) {
    const ok = calls.some((call) => call.name === tool && call.arguments.includes(text));
    checks.push({ ok, key: ok ? 'score.toolWith' : 'score.toolWithFail', values: { tool, text } });
  }
  if (expect.inOrder && expect.inOrder.length > 0) {
    const ok = inOrder(calls, expect.inOrder);
    checks.push({
      ok,
      key: ok ? 'score.toolOrder' : 'score.toolOrderFail',
      values: { tools: expect.inOrder.join(' → ') },
    });
  }
  if (expect.maxSteps !== undefined) {
    const ok = steps <= expect.maxSteps;
    checks.push({ ok, key: ok ? 'score.steps' : 'score.stepsFail', values: { steps, max: expect.maxSteps } });
  }
  return checks;
}

/**
 * `Tool expectations`: the share of the item's expectations the run met (called / not called / called with
 * arguments containing / in order / at most N steps); it passes when all are met. Not applicable without any.
 */
export const toolsScorer: Scorer = ({ item, toolCalls, steps }, _config, { t }) => {
  if (!item.tools) return undefined;
  const checks = toolChecks(item.tools, toolCalls, steps);
  if (checks.length === 0) return undefined;
  const met = checks.filter((check) => check.ok).length;
  // Failures first: they are what the reader looks for.
  const reasons = [...checks.filter((check) => !check.ok), ...checks.filter((check) => check.ok)].map((check) =>
    t(check.key, check.values),
  );
  return makeScore('tools', met / checks.length, reasons.join(' '));
};
