import type { InsightsMarksTranslate } from '../../i18n/insights-marks.ts';
import type { StuckReason } from '../../trace/insights/stuck.ts';

/** Why a run looks stuck, in words. */
export function stuckReasonText(t: InsightsMarksTranslate, reason: StuckReason): string {
  if (reason.kind === 'steps') return t('stuckSteps', { steps: reason.steps, threshold: reason.threshold });
  if (reason.kind === 'repeated-errors') return t('stuckErrors', { count: reason.count, error: reason.error });
  return t('stuckCalls', { tool: reason.tool, count: reason.count });
}
