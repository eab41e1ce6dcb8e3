// Playwright reporter: prints one line counting the end-to-end tests skipped because ../shared is missing
// (the tests tagged @shared-data; see src/testing/shared-data.ts).
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { hasSharedData, sharedSkipLine } from '../src/testing/shared-data.ts';

export const SHARED_DATA_E2E_TAG = '@shared-data';

export default class SharedDataReporter implements Reporter {
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (test.tags.includes(SHARED_DATA_E2E_TAG) && result.status === 'skipped') this.skipped += 1;
  }

  onEnd(): void {
    if (!hasSharedData && this.skipped > 0) console.log(sharedSkipLine(this.skipped));
  }

  printsToStdio(): boolean {
    return false;
  }
}
