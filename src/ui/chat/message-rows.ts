import type { TranscriptEntry } from '../../agent/transcript.ts';

/** One row of the message list. */
export interface MessageRow {
  entry: TranscriptEntry;
  /** The live assistant message still being streamed. */
  streaming: boolean;
}

/** What the message list renders, derived from the transcript. */
export interface MessageRows {
  rows: MessageRow[];
  /** Tool result entries by `tool_call_id`, for the cards inside assistant messages. */
  toolEntries: Map<string, TranscriptEntry>;
  /** The id of the last finished assistant entry: the one that can be regenerated. */
  lastAssistantId: string | undefined;
  /** Entries of delegated runs by the `delegate_<agent>` call they answer: shown in its group, not as rows. */
  delegations: Map<string, TranscriptEntry[]>;
}

/**
 * Builds the rows: system messages dropped, the streaming entry last (or in place of a stored entry
 * with the same id), tool results indexed for pairing with their calls.
 */
export function buildMessageRows(
  entries: readonly TranscriptEntry[],
  streamingEntry?: TranscriptEntry,
  liveToolEntries: readonly TranscriptEntry[] = [],
): MessageRows {
  const rows: MessageRow[] = [];
  const toolEntries = new Map<string, TranscriptEntry>();
  let lastAssistantId: string | undefined;
  const delegations = new Map<string, TranscriptEntry[]>();

  for (const entry of entries) {
    const message = entry.message;
    if (message.role === 'system') continue;
    // The answer check's revision request is for the model; its draft shows the claims it names.
    if (message.role === 'user' && entry.meta?.draftOf) continue;
    if (message.role === 'tool') toolEntries.set(message.tool_call_id, entry);
    const delegation = entry.meta?.delegation;
    if (delegation) {
      const group = delegations.get(delegation.parentCallId);
      if (group) group.push(entry);
      else delegations.set(delegation.parentCallId, [entry]);
      continue;
    }
    if (message.role === 'assistant' && entry.id !== streamingEntry?.id) lastAssistantId = entry.id;
    rows.push({ entry, streaming: false });
  }
  for (const entry of liveToolEntries) {
    if (entry.message.role === 'tool' && !toolEntries.has(entry.message.tool_call_id)) {
      toolEntries.set(entry.message.tool_call_id, entry);
    }
  }
  return { rows: withStreamingRow(rows, streamingEntry), toolEntries, lastAssistantId, delegations };
}

/**
 * Adds the live assistant message: in place of a stored row with the same id, else last. Kept apart
 * from {@link buildMessageRows} so a token only costs this, not a pass over the whole transcript.
 */
export function withStreamingRow(rows: MessageRow[], streamingEntry: TranscriptEntry | undefined): MessageRow[] {
  if (!streamingEntry) return rows;
  const index = rows.findLastIndex((row) => row.entry.id === streamingEntry.id);
  const streamingRow = { entry: streamingEntry, streaming: true };
  if (index === -1) return [...rows, streamingRow];
  return rows.map((row, rowIndex) => (rowIndex === index ? streamingRow : row));
}

// Estimates are asked for again and again (every row, whenever a measurement changes): computed once per entry.
const estimates = new WeakMap<TranscriptEntry, number>();

/** A first guess of a row's height in pixels, before it is measured. */
export function estimateRowHeight(row: MessageRow | undefined): number {
  if (!row) return 80;
  const cached = estimates.get(row.entry);
  if (cached !== undefined) return cached;
  const estimate = estimateEntryHeight(row);
  estimates.set(row.entry, estimate);
  return estimate;
}

function estimateEntryHeight(row: MessageRow): number {
  const message = row.entry.message;
  if (message.role === 'tool' || row.entry.meta?.synthetic) return 28;
  if (message.role === 'user') return 64 + Math.min(10, Math.floor(message.content.length / 90)) * 24;
  const text = message.content ?? '';
  // Past 40 lines the estimate stops growing: a long answer (megabytes, streamed) is not split per token for it.
  const lines = text.length > 3600 ? 40 : text.split('\n').length + Math.floor(text.length / 90);
  const toolCalls = message.role === 'assistant' ? (message.tool_calls?.length ?? 0) : 0;
  return 72 + Math.min(40, lines) * 24 + toolCalls * 44;
}
