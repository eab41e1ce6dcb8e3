import type { FileSession } from '../db/session-file-schema.ts';
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
  'draftAnswer',
  'answerCheck',
  'tooDeep',
] as const;

/** Headings and captions of the readable exports, in the reader's language. */
export type ReadableLabels = Record<(typeof LABEL_KEYS)[number], string>;

/** The labels from a dictionary (the `readable.*` strings of src/i18n). */
export function readableLabels(text: (key: `readable.${keyof ReadableLabels}`) => string): ReadableLabels {
  return Object.fromEntries(LABEL_KEYS.map((key) => [key, text(`readable.${key}`)])) as ReadableLabels;
}

export const ENGLISH_LABELS: ReadableLabels = readableLabels((key) => en[key]);

/**
 * The heading of a user, assistant or system message: a draft the answer check had revised, and the check's
 * request to revise it, are named as such rather than as one more answer and one more user message.
 */
export function messageHeading(entry: FileSession['messages'][number], labels: ReadableLabels): string {
  const { role } = entry.message;
  if (entry.meta?.draftOf !== undefined) {
    if (role === 'assistant') return labels.draftAnswer;
    if (role === 'user' && entry.meta.synthetic) return labels.answerCheck;
  }
  return role === 'user' ? labels.user : role === 'assistant' ? labels.assistant : labels.system;
}
