import { useEffect, useState } from 'react';
import type { Protocol } from '../../config/settings.ts';
import type { Dataset } from '../../evals/eval-types.ts';
import { onDatasetsChanged } from '../../evals/dataset-events.ts';
import { demoVariants } from '../../evals/demo-dataset.ts';
import type { ExperimentVariant } from '../../evals/experiment-types.ts';
import { defaultVariant } from '../../evals/experiment-variant.ts';
import type { Translate } from '../../i18n/translate.ts';
import type { ExperimentsKey } from '../../i18n/experiments.ts';
import { datasetChoices, stopExperiment } from '../../store/actions/experiment-list-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useExperimentStore } from '../../store/experiment-store.ts';
import { EVALS_NAMES, variantName } from './evals-names.ts';

type T = Translate<ExperimentsKey>;

const PROTOCOLS: readonly Protocol[] = ['auto', 'tools', 'react', 'json'];
const field =
  'w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900';
const button =
  'rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';

/** A variant's switches: delegation, the answer check and the temperature. */
function VariantSwitches(props: { variant: ExperimentVariant; set(patch: Partial<ExperimentVariant>): void; t: T }) {
  const { variant, set, t } = props;
  return (
    <>
      <label className="flex items-center gap-1 text-xs">
        <input
          type="checkbox"
          checked={variant.delegation}
          onChange={(event) => set({ delegation: event.target.checked })}
        />
        {t('delegation')}
      </label>
      <label className="flex items-center gap-1 text-xs">
        <input
          type="checkbox"
          checked={variant.answerCheck}
          onChange={(event) => set({ answerCheck: event.target.checked })}
        />
        {t('answerCheck')}
      </label>
      <label className="text-xs">
        {t('temperature')}
        <input
          type="number"
          min={0}
          max={2}
          step={0.1}
          className={field}
          placeholder={t('temperatureHint')}
          value={variant.temperature ?? ''}
          onChange={(event) =>
            set({
              temperature: event.target.value === '' ? null : Math.min(2, Math.max(0, Number(event.target.value))),
            })
          }
        />
      </label>
    </>
  );
}

/** One variant's fields, in a group named `Variant N`. */
function VariantFields(props: {
  index: number;
  variant: ExperimentVariant;
  onChange(variant: ExperimentVariant): void;
  onRemove?: () => void;
  t: T;
}) {
  const { index, variant, onChange, t } = props;
  const set = (patch: Partial<ExperimentVariant>) => onChange({ ...variant, ...patch });
  return (
    <fieldset
      aria-label={variantName(index)}
      className="grid gap-2 rounded border border-slate-200 p-2 sm:grid-cols-2 dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-medium">{t('variant', { n: index + 1 })}</legend>
      <label className="text-xs">
        {t('model')}
        <input
          aria-label={EVALS_NAMES.model}
          className={field}
          value={variant.model}
          placeholder={t('modelPlaceholder')}
          onChange={(event) => set({ model: event.target.value })}
        />
      </label>
      <label className="text-xs">
        {t('protocol')}
        <select
          aria-label={EVALS_NAMES.protocol}
          className={field}
          value={variant.protocol}
          onChange={(event) => set({ protocol: event.target.value as Protocol })}
        >
          {PROTOCOLS.map((protocol) => (
            <option key={protocol} value={protocol}>
              {t(`protocol.${protocol}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs sm:col-span-2">
        {t('systemPrompt')}
        <textarea
          aria-label={EVALS_NAMES.systemPrompt}
          rows={2}
          className={field}
          value={variant.systemPrompt}
          placeholder={t('systemPromptPlaceholder')}
          onChange={(event) => set({ systemPrompt: event.target.value })}
        />
      </label>
      <VariantSwitches variant={variant} set={set} t={t} />
      {props.onRemove ? (
        <button type="button" className={`${button} self-end`} onClick={props.onRemove}>
          {t('removeVariant')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** A number field as a `spinbutton`, clamped to [min, max]. */
function NumberField(props: {
  name: string;
  label: string;
  value: number;
  min: number;
  max: number;
  onChange(value: number): void;
}) {
  return (
    <label className="text-xs">
      {props.label}
      <input
        type="number"
        aria-label={props.name}
        className={field}
        min={props.min}
        max={props.max}
        value={props.value}
        onChange={(event) =>
          props.onChange(Math.min(props.max, Math.max(props.min, Math.floor(Number(event.target.value) || props.min))))
        }
      />
    </label>
  );
}

/** Repetitions, concurrency and the cost cap (as typed: empty means no cap). */
interface Limits {
  repetitions: number;
  concurrency: number;
  costCap: string;
}

function RunLimits({ limits, onChange, t }: { limits: Limits; onChange(limits: Limits): void; t: T }) {
  return (
    <>
      <NumberField
        name={EVALS_NAMES.repetitions}
        label={t('repetitions')}
        value={limits.repetitions}
        min={1}
        max={100}
        onChange={(repetitions) => onChange({ ...limits, repetitions })}
      />
      <NumberField
        name={EVALS_NAMES.concurrency}
        label={t('concurrency')}
        value={limits.concurrency}
        min={1}
        max={16}
        onChange={(concurrency) => onChange({ ...limits, concurrency })}
      />
      <label className="text-xs">
        {t('costCap')}
        <input
          type="number"
          min={0}
          step={0.01}
          className={field}
          placeholder={t('costCapHint')}
          value={limits.costCap}
          onChange={(event) => onChange({ ...limits, costCap: event.target.value })}
        />
      </label>
    </>
  );
}

/** The datasets an experiment can run, and the one chosen (the first until one is picked). */
function useDatasetChoices() {
  const [datasets, setDatasets] = useState<Dataset[]>([]);
  const [datasetId, setDatasetId] = useState('');
  useEffect(() => {
    let live = true;
    const load = (): void => {
      void datasetChoices().then((choices) => {
        if (!live) return;
        setDatasets(choices.map((choice) => choice.dataset));
        setDatasetId((current) => current || (choices[0]?.dataset.id ?? ''));
      });
    };
    load();
    // A sync that brings, edits or deletes a dataset while the form is open.
    const stop = onDatasetsChanged(load);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return { datasets, datasetId, setDatasetId };
}

/** New experiment: a dataset, variants, repetitions, concurrency and a cost cap; Run experiment, then Stop. */
export function ExperimentForm({ t }: { t: T }) {
  const settings = useAppStore((state) => state.settings);
  const running = useExperimentStore((state) => state.runningId !== undefined);
  const { datasets, datasetId, setDatasetId } = useDatasetChoices();
  const [variants, setVariants] = useState<ExperimentVariant[]>(() => demoVariants(defaultVariant(settings)));
  const [limits, setLimits] = useState<Limits>({ repetitions: 1, concurrency: 2, costCap: '' });
  const run = () => {
    const { repetitions, concurrency, costCap } = limits;
    const cap = costCap.trim() === '' ? null : Math.max(0, Number(costCap));
    // Running loads the agent runtime and the scorers: a chunk of its own, fetched on the first run.
    void import('../../store/actions/experiment-actions.ts').then(({ startExperiment }) =>
      startExperiment({ datasetId, variants, repetitions, concurrency, costCap: Number.isFinite(cap) ? cap : null }),
    );
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => (event.preventDefault(), run())}>
      <label className="text-xs">
        {t('dataset')}
        <select
          aria-label={EVALS_NAMES.dataset}
          className={field}
          value={datasetId}
          onChange={(event) => setDatasetId(event.target.value)}
        >
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name}
            </option>
          ))}
        </select>
      </label>
      {variants.map((variant, index) => (
        <VariantFields
          key={index}
          index={index}
          variant={variant}
          t={t}
          onChange={(next) => setVariants((all) => all.map((old, at) => (at === index ? next : old)))}
          {...(variants.length > 1
            ? { onRemove: () => setVariants((all) => all.filter((_, at) => at !== index)) }
            : {})}
        />
      ))}
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <button
          type="button"
          aria-label={EVALS_NAMES.addVariant}
          className={button}
          onClick={() => setVariants((all) => [...all, defaultVariant(settings)])}
        >
          {t('addVariant')}
        </button>
        <RunLimits limits={limits} onChange={setLimits} t={t} />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          aria-label={EVALS_NAMES.runExperiment}
          className={button}
          disabled={running || !datasetId}
        >
          {t('run')}
        </button>
        {running ? (
          <button type="button" aria-label={EVALS_NAMES.stopExperiment} className={button} onClick={stopExperiment}>
            {t('stop')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
