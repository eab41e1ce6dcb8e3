import { attachFiles } from './attachment-actions.ts';
import { sessionForInput } from './session-actions.ts';

/** Attaches the sample sales.csv to the active session (a new one when none is open), for the first-run example. */
export async function attachSampleData(): Promise<void> {
  const [{ SAMPLE_SALES_CSV, SAMPLE_SALES_FILE_NAME }] = await Promise.all([
    import('../../demo/sample-data.ts'),
    sessionForInput(),
  ]);
  await attachFiles([new File([SAMPLE_SALES_CSV], SAMPLE_SALES_FILE_NAME, { type: 'text/csv' })]);
}
