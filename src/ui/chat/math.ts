import { useLazyValue } from '../components/use-lazy-value.ts';

export type MathPlugins = typeof import('./math-plugins.ts');

let plugins: MathPlugins | null = null;
let loading: Promise<MathPlugins> | null = null;

/** Loads the math parser and KaTeX (a chunk of their own, with KaTeX's CSS and fonts) once, on first need. */
export function loadMath(): Promise<MathPlugins> {
  if (plugins) return Promise.resolve(plugins);
  loading ??= import('./math-plugins.ts').then(
    (module) => {
      plugins = module;
      return module;
    },
    (error: unknown) => {
      loading = null; // a later formula may try again (e.g. back online)
      throw error;
    },
  );
  return loading;
}

// Tests render synchronously: there KaTeX is loaded before the first render.
if (import.meta.env.MODE === 'test') await loadMath();

/** A load that never settles: the math chunk is not wanted (yet). */
const notNeeded = (): Promise<MathPlugins> => new Promise<MathPlugins>(() => undefined);

/** The math plugins once loaded, when `needed` (the text holds math); `null` otherwise or until loaded. */
export function useMath(needed: boolean): MathPlugins | null {
  const loaded = useLazyValue(plugins, needed ? loadMath : notNeeded);
  return needed ? loaded : null;
}
