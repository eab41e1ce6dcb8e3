import { lazy, useState, type ComponentType } from 'react';

type EvalsModule = { EvalsDialog: ComponentType };

/** The Evals dialog's module once loaded (set once, never cleared: the module does not change). */
let loaded: EvalsModule | undefined;

/**
 * Loads the Evals dialog's code; `Evals` opens the dialog once it is here. A React.lazy that suspends on first render
 * shows its fallback, and React then holds the content back until 300 ms after that fallback (its reveal throttle):
 * that wait was most of the 10,000-cell grid's open on the bench.
 */
export function loadEvalsDialog(): Promise<EvalsModule> {
  return import('./evals-dialog.tsx').then((module) => (loaded = module));
}

const LazyEvalsDialog = lazy(() => loadEvalsDialog().then((module) => ({ default: module.EvalsDialog })));

/** The Evals dialog: rendered at once when its code is here, else through React.lazy (chosen once per opening). */
export function EvalsDialogEntry() {
  const [View] = useState<ComponentType>(() => loaded?.EvalsDialog ?? LazyEvalsDialog);
  return <View />;
}
