import { renderText, type TextRef } from '../model/message-text.ts';

/**
 * The English wording of what compaction tells people. src/i18n/compaction-notices.ts adds the Chinese table for
 * the same keys, so the chat can show it in its language.
 */
export const compactionTextEnglish = {
  'shortened.one':
    '1 long message did not fit the context window and was shortened for the model (beginning and end kept).',
  'shortened.other':
    '{count} long messages did not fit the context window and were shortened for the model (beginning and end kept).',
  fullTextStays: 'The full text stays in the chat.',
  'summarised.one':
    "1 earlier message was summarised to fit the model's context window; the originals stay in the chat.",
  'summarised.other':
    "{count} earlier messages were summarised to fit the model's context window; the originals stay in the chat.",
  'dropped.one':
    "Summarising the earlier conversation failed ({reason}), so the 1 oldest message was left out of the model's context instead; it stays in the chat.",
  'dropped.other':
    "Summarising the earlier conversation failed ({reason}), so the {count} oldest messages were left out of the model's context instead; they stay in the chat.",
  nothingDropped: 'Summarising the earlier conversation failed ({reason}), and nothing older could be left out.',
} as const;

/** A key of the compaction wording. */
export type CompactionTextKey = keyof typeof compactionTextEnglish;

/** A compaction message: key and values. */
export type CompactionText = TextRef<CompactionTextKey>;

/** `one` or `other` key of a counted message. */
export function counted(
  base: 'shortened' | 'summarised' | 'dropped',
  count: number,
  values: Record<string, string | number> = {},
): CompactionText {
  return count === 1 ? { key: `${base}.one`, values } : { key: `${base}.other`, values: { ...values, count } };
}

/** A compaction message in English, sentences joined by spaces. */
export function compactionEnglish(text: readonly CompactionText[]): string {
  return renderText(compactionTextEnglish, text);
}
