import type { AgentsTranslate } from '../../i18n/agents.ts';
import { inputClass, labelClass } from './field-classes.ts';

/** The delegation switch and limits the dialog edits. */
export interface DelegationDraft {
  delegation: boolean;
  maxDelegationDepth: number;
  maxDelegations: number;
  maxRunTokens: number;
}

/** Delegation on/off and its limits: depth, number of delegations and the run's token budget. */
export function DelegationFields({
  draft,
  onChange,
  t,
}: {
  draft: DelegationDraft;
  onChange: (patch: Partial<DelegationDraft>) => void;
  t: AgentsTranslate;
}) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          aria-label="Delegate to agents"
          checked={draft.delegation}
          onChange={(event) => onChange({ delegation: event.target.checked })}
        />
        {t('delegate')}
        <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{t('delegateHint')}</span>
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        <LimitField
          label={t('maxDepth')}
          hint={t('maxDepthHint')}
          name="Max delegation depth"
          min={1}
          max={5}
          value={draft.maxDelegationDepth}
          onChange={(maxDelegationDepth) => onChange({ maxDelegationDepth })}
        />
        <LimitField
          label={t('maxDelegations')}
          hint={t('maxDelegationsHint')}
          name="Max delegations"
          min={1}
          max={50}
          value={draft.maxDelegations}
          onChange={(maxDelegations) => onChange({ maxDelegations })}
        />
        <LimitField
          label={t('tokenBudget')}
          hint={t('tokenBudgetHint')}
          name="Token budget"
          min={0}
          max={100_000_000}
          step={1000}
          value={draft.maxRunTokens}
          onChange={(maxRunTokens) => onChange({ maxRunTokens })}
        />
      </div>
    </>
  );
}

function clampInt(value: string, min: number, max: number, fallback: number): number {
  const parsed = Math.round(Number(value));
  if (value.trim() === '' || !Number.isFinite(parsed)) return fallback;
  return Math.min(max, Math.max(min, parsed));
}

/** One whole-number limit of the roster, kept within its bounds (an out-of-range entry keeps the last good value). */
function LimitField(props: {
  label: string;
  hint: string;
  name: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      <input
        aria-label={props.name}
        type="number"
        min={props.min}
        max={props.max}
        {...(props.step ? { step: props.step } : {})}
        className={inputClass}
        value={props.value}
        onChange={(event) => props.onChange(clampInt(event.target.value, props.min, props.max, props.value))}
      />
      <span className="font-normal text-slate-500 dark:text-slate-400">{props.hint}</span>
    </label>
  );
}
