import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { lazyChinese } from './scripts/lazy-chinese.ts';

export default defineConfig({
  // lazyChinese: outside a build it only provides the (empty) Chinese chunk; every table stays in its file.
  plugins: [react(), lazyChinese(import.meta.dirname)],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'e2e/mock-llm/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    pool: 'threads',
    testTimeout: 15000,
  },
});
