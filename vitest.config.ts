import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lazyChinese } from './scripts/lazy-chinese.ts';
import { hasSharedData, SHARED_DATA_TAG } from './src/testing/shared-data.ts';

export default defineConfig({
  // lazyChinese: outside a build it only provides the (empty) Chinese chunk; every table stays in its file.
  plugins: [react(), lazyChinese(import.meta.dirname)],
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'e2e/mock-llm/**/*.test.ts',
      'e2e/couch-server/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    // Tests tagged shared-data read ../shared (third-party data kept beside the repository): skipped without it,
    // and counted in one line at the end. `.ci/run` fails without ../shared, so CI never skips them.
    tags: [{ name: SHARED_DATA_TAG, description: 'reads third-party data from ../shared', skip: !hasSharedData }],
    globalSetup: ['src/testing/shared-data-summary.ts'],
    pool: 'threads',
    testTimeout: 15000,
  },
});
