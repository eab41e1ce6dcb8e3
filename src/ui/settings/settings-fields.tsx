import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { Settings } from '../../config/settings.ts';

export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';

/** A labelled control with an optional hint under it. */
export function Field(props: { label: string; children: ReactNode; hint?: string | undefined }) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      {props.children}
      {props.hint ? <span className="font-normal text-slate-500 dark:text-slate-400">{props.hint}</span> : null}
    </label>
  );
}

/** The number typed, or `fallback` while the box is empty or not a number. */
export function numberOr(value: string, fallback: number): number {
  const parsed = Number(value);
  return Number.isFinite(parsed) && value.trim() !== '' ? parsed : fallback;
}

/** Changes one setting of the draft. */
export type UpdateSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => void;

/** What every Settings tab panel receives: the draft being edited (saved by the dialog's Save). */
export interface SettingsTabProps {
  draft: Settings;
  update: UpdateSetting;
  setDraft: Dispatch<SetStateAction<Settings>>;
}
