// Tells the open Evals views that datasets changed underneath them (a sync brought, edited or deleted one), so they
// read the store again. Edits made in a view re-read through that view's own `change`; this is for the others.

const listeners = new Set<() => void>();

/** Calls `listener` after each outside change of the datasets; returns the function that stops it. */
export function onDatasetsChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces an outside change of the datasets to every listener. */
export function emitDatasetsChanged(): void {
  for (const listener of [...listeners]) listener();
}
