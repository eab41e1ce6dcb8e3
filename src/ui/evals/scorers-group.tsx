import { useState } from 'react';
import type { DatasetsKey } from '../../i18n/datasets.ts';
import type { Dataset, ScorerConfig, ScorerKind } from '../../evals/eval-types.ts';
import { DEFAULT_RUBRIC } from '../../evals/scorers/judge.ts';
import { defaultScorers } from './use-datasets.ts';
import { useDatasetsT } from './use-datasets-t.ts';

const INPUT =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100';

/** Each scorer's checkbox (a contract name where it has one, else a translated label) and its text field. */
const ROWS: { kind: ScorerKind; name?: string; label: DatasetsKey; field?: { name?: string; label: DatasetsKey } }[] = [
  { kind: 'exact', name: 'Exact match', label: 'exactMatch' },
  { kind: 'contains', name: 'Contains expected', label: 'containsExpected' },
  { kind: 'regex', name: 'Regex', label: 'regex', field: { name: 'Pattern', label: 'pattern' } },
  { kind: 'numeric', label: 'numeric' },
  { kind: 'json-schema', name: 'JSON Schema', label: 'jsonSchema', field: { label: 'schema' } },
  { kind: 'tools', name: 'Tool expectations', label: 'toolExpectations' },
  {
    kind: 'javascript',
    name: 'JavaScript scorer',
    label: 'javascriptScorer',
    field: { name: 'Scorer code', label: 'scorerCode' },
  },
  { kind: 'judge', name: 'LLM judge', label: 'llmJudge', field: { name: 'Judge rubric', label: 'judgeRubric' } },
];

/** The dataset's scorers with every kind present (older or imported datasets may list fewer). */
function allScorers(scorers: readonly ScorerConfig[]): ScorerConfig[] {
  return defaultScorers().map(
    (fallback) => scorers.find((scorer) => scorer.kind === fallback.kind) ?? { ...fallback, enabled: false },
  );
}

/** The `Scorers` group: a checkbox per scorer and its text; every change is saved at once. */
export function ScorersGroup({ dataset, onChange }: { dataset: Dataset; onChange: (dataset: Dataset) => void }) {
  const t = useDatasetsT();
  // Typing keeps its own state: the saved dataset comes back a moment later.
  const [scorers, setScorers] = useState(() => allScorers(dataset.scorers));
  const update = (kind: ScorerKind, patch: Partial<ScorerConfig>) => {
    const next = scorers.map((scorer) => (scorer.kind === kind ? { ...scorer, ...patch } : scorer));
    setScorers(next);
    onChange({ ...dataset, scorers: next });
  };
  return (
    <fieldset
      aria-label="Scorers"
      className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700"
    >
      <legend className="px-1 text-sm font-semibold text-zinc-700 dark:text-zinc-200">{t('scorersHeading')}</legend>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('scorersHint')}</p>
      {ROWS.map((row) => {
        const scorer = scorers.find((entry) => entry.kind === row.kind);
        if (!scorer) return null;
        return (
          <div key={row.kind} className="flex flex-col gap-1">
            <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
              <input
                type="checkbox"
                aria-label={row.name}
                checked={scorer.enabled}
                onChange={(event) => update(row.kind, { enabled: event.target.checked })}
              />
              {t(row.label)}
            </label>
            {row.kind === 'numeric' && scorer.enabled ? (
              <label className="ml-6 flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-300">
                {t('tolerance')}
                <input
                  type="number"
                  min={0}
                  step="any"
                  value={scorer.tolerance ?? 0}
                  onChange={(event) => update('numeric', { tolerance: Math.abs(Number(event.target.value) || 0) })}
                  className="w-24 rounded-md border border-zinc-300 bg-white px-2 py-0.5 text-sm dark:border-zinc-600 dark:bg-zinc-900"
                />
              </label>
            ) : null}
            {row.field && scorer.enabled ? (
              <label className="ml-6 flex flex-col gap-0.5 text-xs text-zinc-600 dark:text-zinc-300">
                {t(row.field.label)}
                <textarea
                  aria-label={row.field.name}
                  rows={row.kind === 'regex' ? 1 : 3}
                  value={scorer.text ?? ''}
                  placeholder={row.kind === 'judge' ? DEFAULT_RUBRIC : undefined}
                  title={row.kind === 'javascript' ? t('scorerCodeHint') : undefined}
                  onChange={(event) => update(row.kind, { text: event.target.value })}
                  className={INPUT}
                />
              </label>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}
