import { z } from 'zod';
import type { DatasetWithItems } from './datasets.ts';
import { describeIssues } from './safe-json.ts';

const id = z.string().min(1).max(200);
const text = z.string().max(1_000_000);
const time = z.number().finite().nonnegative();
const names = z.array(z.string().max(200)).max(100);
/** Most files one item holds, and most characters of their text together (an item syncs as one document). */
export const MAX_ITEM_FILES = 20;
export const ITEM_FILES_MAX_CHARS = 2_000_000;

/** The characters of an item's files together. */
export function itemFilesChars(files: readonly { text: string }[]): number {
  return files.reduce((sum, file) => sum + file.text.length, 0);
}

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

const itemFileSchema = z.object({
  name: z.string().min(1).max(200),
  mimeType: z.string().max(200),
  text: z.string().max(ITEM_FILES_MAX_CHARS),
});

const itemSchema = z.object({
  id,
  datasetId: id,
  input: text,
  files: z
    .array(itemFileSchema)
    .max(MAX_ITEM_FILES)
    .refine((files) => itemFilesChars(files) <= ITEM_FILES_MAX_CHARS, 'the files hold more than 2,000,000 characters')
    .optional(),
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
