import { z } from 'zod';
import type { DatasetWithItems } from './datasets.ts';
import { describeIssues } from './safe-json.ts';

const id = z.string().min(1).max(200);
const text = z.string().max(1_000_000);
const time = z.number().finite().nonnegative();
const names = z.array(z.string().max(200)).max(100);

const toolExpectationsSchema = z.object({
  called: names.optional(),
  notCalled: names.optional(),
  calledWith: z.record(z.string().max(200), z.string().max(10_000)).optional(),
  inOrder: names.optional(),
  maxSteps: z.number().int().nonnegative().optional(),
});

const scorerSchema = z.object({
  kind: z.enum(['exact', 'contains', 'regex', 'numeric', 'json-schema', 'tools', 'javascript', 'judge']),
  enabled: z.boolean(),
  text: z.string().max(100_000).optional(),
  tolerance: z.number().finite().optional(),
});

const itemSchema = z.object({
  id,
  datasetId: id,
  input: text,
  attachmentIds: z.array(id).optional(),
  expected: text.optional(),
  tools: toolExpectationsSchema.optional(),
  tags: names.optional(),
  createdAt: time,
});

/** A dataset with its items in an "Export all" file. */
export const fileDatasetSchema = z.object({
  id,
  name: z.string().max(500),
  scorers: z.array(scorerSchema).max(20),
  createdAt: time,
  updatedAt: time,
  items: z.array(itemSchema).max(100_000),
});

/** The datasets of a sessions file (absent in older files: none); the first invalid one fails the import. */
export function readFileDatasets(
  raw: unknown,
  fileName: string,
): { ok: true; datasets: DatasetWithItems[] } | { ok: false; error: string } {
  if (raw === undefined) return { ok: true, datasets: [] };
  const list = z.array(z.unknown()).safeParse(raw);
  if (!list.success) return { ok: false, error: `${fileName}: ${describeIssues(list.error.issues, ['datasets'])}` };
  const datasets: DatasetWithItems[] = [];
  for (const [index, entry] of list.data.entries()) {
    const parsed = fileDatasetSchema.safeParse(entry);
    if (!parsed.success)
      return { ok: false, error: `${fileName}: ${describeIssues(parsed.error.issues, ['datasets', index])}` };
    datasets.push(parsed.data as DatasetWithItems);
  }
  return { ok: true, datasets };
}
