/** The sidebar's small bordered buttons (export, import, save, cancel). */
export const buttonClass =
  'rounded-md border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-100 disabled:opacity-50 dark:border-slate-700 dark:hover:bg-slate-800';
