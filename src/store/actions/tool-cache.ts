import type { PureToolCache } from '../../agent/execute-tool-calls.ts';

/** Results kept per session at most; the oldest go first. */
const MAX_RESULTS_PER_SESSION = 200;

const caches = new Map<string, Map<string, string>>();

/** The cache of pure tool results of one session, for as long as the page lives. */
export function sessionToolCache(sessionId: string): PureToolCache {
  return {
    get: (key) => caches.get(sessionId)?.get(key),
    set: (key, result) => {
      const results = caches.get(sessionId) ?? new Map<string, string>();
      results.delete(key);
      results.set(key, result);
      while (results.size > MAX_RESULTS_PER_SESSION) results.delete(results.keys().next().value as string);
      caches.set(sessionId, results);
    },
  };
}
