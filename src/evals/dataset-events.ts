// Tells the open Evals views that datasets changed underneath them (a sync brought, edited or deleted one), so they
// read the store again. Edits made in a view re-read through that view's own `change`; this is for the others.
import { createEmitter } from '../emitter.ts';

const changes = createEmitter<void>('datasets');

/** Calls `listener` after each outside change of the datasets; returns the function that stops it. */
export const onDatasetsChanged = (listener: () => void): (() => void) => changes.on(listener);

/** Announces an outside change of the datasets to every listener. */
export const emitDatasetsChanged = (): void => changes.emit();
