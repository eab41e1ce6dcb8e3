import { en } from '../i18n/en.ts';

const LABEL_KEYS = [
  'user',
  'assistant',
  'system',
  'tool',
  'toolCall',
  'toolResult',
  'reasoning',
  'chat',
  'trace',
  'totals',
  'exportedAt',
  'tokens',
  'duration',
  'runs',
  'llmCalls',
  'toolCalls',
  'errors',
  'details',
  'noSpans',
] as const;

/** Headings and captions of the readable exports, in the reader's language. */
export type ReadableLabels = Record<(typeof LABEL_KEYS)[number], string>;

/** The labels from a dictionary (the `readable.*` strings of src/i18n). */
export function readableLabels(text: (key: `readable.${keyof ReadableLabels}`) => string): ReadableLabels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, text(`readable.${key}`)])) as ReadableLabels;
}

export const ENGLISH_LABELS: ReadableLabels = readableLabels((key) => en[key]);
