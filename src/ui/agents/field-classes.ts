/** The classes of the Agents dialog's text fields and their labels (one place, so the dialog's parts match). */
export const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';
export const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';
