// Third-party test data (real exports, wire recordings, XSS and calculator vectors) lives in ../shared beside the
// repository and is read in place, never copied in; ../shared/real-data/SOURCES.md says where each file comes from.
// Tests that read it carry the SHARED_DATA_TAG tag: without the folder they are skipped (vitest.config.ts) and
// counted in one printed line (shared-data-summary.ts); `.ci/run` refuses to start without it.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const SHARED_DIRECTORY = resolve(import.meta.dirname, '../../../shared');
export const SHARED_DATA_TAG = 'shared-data';
export const hasSharedData = existsSync(SHARED_DIRECTORY);

/** A path inside ../shared, e.g. `sharedPath('real-data', 'calc-cases.json')`. */
export function sharedPath(...parts: string[]): string {
  return resolve(SHARED_DIRECTORY, ...parts);
}

/** The one line printed when tests were skipped for want of ../shared. */
export function sharedSkipLine(skipped: number): string {
  return (
    `${skipped} test${skipped === 1 ? '' : 's'} skipped: they read third-party data from ${SHARED_DIRECTORY}, ` +
    'which is not there (see README, "Test data"; .ci/run requires it).'
  );
}
