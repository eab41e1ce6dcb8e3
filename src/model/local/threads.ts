/**
 * How many threads the in-browser model uses, and why. Threads need SharedArrayBuffer, which a page only has when it
 * is cross-origin isolated (COOP `same-origin` + COEP `credentialless` or `require-corp`: vite.config.ts sends them,
 * the service worker adds them on static hosts). Isolated, the model uses every core the page reports: wllama's own
 * default of half the cores would mean one thread on a 2-core machine.
 */
export interface ThreadPlan {
  threads: number;
  /** `isolated`: every reported core; `not-isolated`: one thread, the page lacks the headers. */
  reason: 'isolated' | 'not-isolated';
  /** The cores the page reports (`navigator.hardwareConcurrency`). */
  cores: number;
}

/** What the plan depends on (the page's globals by default). */
export interface ThreadEnvironment {
  crossOriginIsolated?: boolean;
  hardwareConcurrency?: number;
  hasSharedArrayBuffer?: boolean;
}

function currentEnvironment(): ThreadEnvironment {
  return {
    crossOriginIsolated: globalThis.crossOriginIsolated === true,
    hardwareConcurrency: typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency,
    hasSharedArrayBuffer: typeof SharedArrayBuffer === 'function',
  };
}

/** The thread count for the model in this page. */
export function localModelThreads(environment: ThreadEnvironment = currentEnvironment()): ThreadPlan {
  const cores = Math.max(1, Math.floor(environment.hardwareConcurrency || 1));
  const isolated = environment.crossOriginIsolated === true && environment.hasSharedArrayBuffer !== false;
  return isolated ? { threads: cores, reason: 'isolated', cores } : { threads: 1, reason: 'not-isolated', cores };
}
