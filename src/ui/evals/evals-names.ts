/** The Evals dialog's accessible names from UI-CONTRACT.md "Evals and feedback": English in every language. */
export const EVALS_NAMES = {
  dialog: 'Evals',
  newExperiment: 'New experiment',
  dataset: 'Dataset',
  model: 'Model',
  protocol: 'Protocol',
  systemPrompt: 'System prompt',
  addVariant: 'Add variant',
  repetitions: 'Repetitions',
  concurrency: 'Concurrency',
  runExperiment: 'Run experiment',
  progress: 'Experiment progress',
  stopExperiment: 'Stop experiment',
  results: 'Experiment results',
  openRun: 'Open run',
  exportResults: 'Export results',
  deleteExperiment: 'Delete experiment',
  /** The run opened from the results (not in the contract; the trace viewer inside is). */
  run: 'Experiment run',
} as const;

/** A variant's group name: `Variant 1`, `Variant 2`, … */
export const variantName = (index: number) => `Variant ${index + 1}`;
