/** Span attributes of recall and compaction besides the trace module's `ATTR`. */
export const CONTEXT_ATTRIBUTE = {
  memoryHits: 'memory.hits',
  memoryCandidates: 'memory.candidates',
  memoryThreshold: 'memory.threshold',
  memoryMessage: 'memory.message',
  /** Every candidate with its full-text score, cosine similarity, fused rank, and kept or cut and why. */
  memoryRanked: 'memory.ranked',
  memorySemantic: 'memory.semantic',
  memoryEmbedder: 'memory.embedder',
  memorySemanticError: 'memory.semantic_error',
  compactionMessages: 'compaction.messages',
  compactionFallback: 'compaction.fallback',
  compactionForced: 'compaction.forced',
  compactionBudgetTokens: 'compaction.budget_tokens',
  compactionCoveredMessages: 'compaction.covered_messages',
  compactionTruncatedMessages: 'compaction.truncated_messages',
  compactionError: 'compaction.error',
  /** The long-term note the compaction's summary was saved as (the consolidation setting is on). */
  compactionNoteId: 'compaction.note_id',
  compactionNoteError: 'compaction.note_error',
} as const;
