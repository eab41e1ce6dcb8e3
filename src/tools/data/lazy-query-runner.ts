import type { QueryRunner } from './run-query.ts';

let loading: Promise<QueryRunner> | undefined;

/** The browser's runner, its worker code loaded on first use (a failed load is retried by the next call). */
function runner(): Promise<QueryRunner> {
  loading ??= import('./browser-query-runner.ts').then((module) => module.browserQueryRunner);
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** A query runner whose worker code loads on the first query or outline. */
export const lazyQueryRunner: QueryRunner = Object.assign(
  async (...args: Parameters<QueryRunner>) => (await runner())(...args),
  {
    outline: async (...args: Parameters<QueryRunner['outline']>) => (await runner()).outline(...args),
  },
);
