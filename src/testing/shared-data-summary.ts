// Vitest global setup: after the run, prints one line counting the tests skipped because ../shared is missing.
import type { TestProject } from 'vitest/node';
import { hasSharedData, SHARED_DATA_TAG, sharedSkipLine } from './shared-data.ts';

export default function setup(project: TestProject): () => void {
  return () => {
    if (hasSharedData) return;
    let skipped = 0;
    for (const module of project.vitest.state.getTestModules()) {
      for (const test of module.children.allTests()) {
        if (test.tags.includes(SHARED_DATA_TAG) && test.result().state === 'skipped') skipped += 1;
      }
    }
    if (skipped > 0) console.log(sharedSkipLine(skipped));
  };
}
