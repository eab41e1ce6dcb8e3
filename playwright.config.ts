import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
);
const port = Number(process.env.E2E_PORT ?? 4174);
// Another build directory lets several checkouts or people run the suite side by side.
const outDir = process.env.E2E_DIST ?? 'dist';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // No retries, in CI too: a flaky test is a bug to find, not to hide.
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }], ['./e2e/shared-data-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(systemChromium ? { executablePath: systemChromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort --outDir ${outDir}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
