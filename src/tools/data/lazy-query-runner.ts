import type { QueryRunner } from './run-query.ts';

let loading: Promise<QueryRunner> | undefined;

/** A query runner whose worker code loads on the first query (a failed load is retried by the next one). */
export const lazyQueryRunner: QueryRunner = async (request, options) => {
  loading ??= import('./browser-query-runner.ts').then((module) => module.browserQueryRunner);
  loading.catch(() => {
    loading = undefined;
  });
  return (await loading)(request, options);
};
