import type { TranscriptEntry } from '../agent/transcript.ts';
import { buildHistory } from './build-history.ts';

/**
 * Where the chat shows the compaction divider: the first transcript entry a summary covering `coveredMessages`
 * leading history messages does not cover (history as `buildHistory` makes it). Undefined when the summary covers
 * nothing or no longer matches the transcript.
 */
export function findCompactionBoundary(
  entries: readonly TranscriptEntry[],
  coveredMessages: number,
): { entryIndex: number; entryId: string } | undefined {
  if (coveredMessages <= 0) return undefined;
  const history = buildHistory(entries);
  const first = history[coveredMessages];
  if (!first) return undefined;
  // History messages are the entries' own message objects (only placeholders for missing tool results are new).
  const entryIndex = entries.findIndex((entry) => entry.message === first);
  const entry = entries[entryIndex];
  return entry ? { entryIndex, entryId: entry.id } : undefined;
}
