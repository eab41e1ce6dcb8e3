import { useMemo, useState } from 'react';
import type { Settings } from '../../config/settings.ts';
import { createInsightsTranslate } from '../../i18n/insights.ts';
import { defaultPrice } from '../../trace/insights/prices.ts';
import { useLanguage } from '../use-t.ts';

type PriceEntry = Settings['modelPrices'][string];
type PriceField = 'input' | 'cachedInput' | 'output';

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';

function parsePrice(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

/** One price per 1M tokens; `name` is its accessible name when it has one of its own. */
function PriceInput(props: {
  label: string;
  name?: string;
  disabled: boolean;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      <input
        aria-label={props.name}
        type="number"
        min={0}
        step="any"
        className={inputClass}
        disabled={props.disabled}
        placeholder={props.placeholder}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/** How many steps without progress make a run "stuck" (1 to 1000). */
function StuckStepsField(props: { stuckSteps: number; onChange: (steps: number) => void; label: string }) {
  // The box keeps what is typed (an empty box while retyping); the setting changes only to a valid count.
  const [stuckText, setStuckText] = useState(String(props.stuckSteps));
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      <input
        type="number"
        min={1}
        max={1000}
        className={inputClass}
        value={stuckText}
        onChange={(event) => {
          setStuckText(event.target.value);
          const value = Math.round(Number(event.target.value));
          if (event.target.value.trim() !== '' && Number.isFinite(value) && value >= 1 && value <= 1000)
            props.onChange(value);
        }}
      />
    </label>
  );
}

/** Settings for Insights: the current model's prices (input, cached input, output per 1M tokens) and the stuck-run threshold. */
export function InsightsSection(props: {
  model: string;
  prices: Settings['modelPrices'];
  stuckSteps: number;
  onPricesChange: (prices: Settings['modelPrices']) => void;
  onStuckStepsChange: (steps: number) => void;
}) {
  const language = useLanguage();
  const t = useMemo(() => createInsightsTranslate(language), [language]);
  const model = props.model.trim();
  const entry = props.prices[model];
  const fallback = defaultPrice(model);

  const setField = (field: PriceField, text: string) => {
    const current: PriceEntry = entry ?? { input: null, output: null, cachedInput: null };
    const next: PriceEntry = { ...current, [field]: parsePrice(text) };
    const prices = { ...props.prices };
    if (next.input === null && next.output === null && (next.cachedInput ?? null) === null) delete prices[model];
    else prices[model] = next;
    props.onPricesChange(prices);
  };
  const shown = (field: PriceField) => {
    const value = entry?.[field];
    return value === null || value === undefined ? '' : String(value);
  };
  const placeholder = (field: PriceField) => {
    if (!fallback) return '';
    const value = field === 'cachedInput' ? (fallback.cachedInput ?? fallback.input) : fallback[field];
    return String(value);
  };
  const priceProps = (field: PriceField) => ({
    disabled: !model,
    placeholder: placeholder(field),
    value: shown(field),
    onChange: (text: string) => setField(field, text),
  });

  return (
    <fieldset className="grid gap-3 sm:grid-cols-3">
      <legend className="mb-2 text-sm font-semibold">{t('settingsTitle')}</legend>
      <p className="text-xs text-slate-600 sm:col-span-3 dark:text-slate-300">
        {t('settingsPricesOf', { model: model || '—' })}
      </p>
      <PriceInput label={t('inputPrice')} name="Input price" {...priceProps('input')} />
      <PriceInput label={t('cachedInputPrice')} {...priceProps('cachedInput')} />
      <PriceInput label={t('outputPrice')} name="Output price" {...priceProps('output')} />
      <p className="text-xs text-slate-500 sm:col-span-3 dark:text-slate-400" data-testid="price-hint">
        {fallback
          ? t('defaultPriceHint', {
              input: `$${fallback.input}`,
              cached: `$${fallback.cachedInput ?? fallback.input}`,
              output: `$${fallback.output}`,
            })
          : t('noPriceHint')}
      </p>
      <StuckStepsField stuckSteps={props.stuckSteps} onChange={props.onStuckStepsChange} label={t('stuckStepsLabel')} />
      <p className="self-end text-xs text-slate-500 sm:col-span-2 dark:text-slate-400">{t('stuckStepsHint')}</p>
    </fieldset>
  );
}
