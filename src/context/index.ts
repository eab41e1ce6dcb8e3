export { buildHistory, delegatedHistories, interruptedToolResult } from './build-history.ts';
export { createNotesIndex, tokenizeForSearch, type NotesIndex, type NotesSearchOptions } from './notes-index.ts';
export {
  estimateTokens,
  estimateMessageTokens,
  estimateMessagesTokens,
  estimateToolsTokens,
  estimateRequestTokens,
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
} from './token-estimate.ts';
export {
  planCompaction,
  planDropTurns,
  truncateMessage,
  defaultSummaryReserveTokens,
  type CompactionInput,
  type CompactionPlan,
  type DropPlan,
} from './compaction.ts';
export { buildSummaryRequest, summarySystemPrompt, SUMMARY_HEADING } from './summary-prompt.ts';
export {
  recallNotes,
  recallQuery,
  selectRecalledHits,
  formatRecalledNotes,
  MEMORY_HEADING,
  type NotesSearcher,
  type RecallOptions,
  type RecallResult,
} from './memory-recall.ts';
export {
  rankRecallCandidates,
  RECALL_REASONS,
  type MeaningHit,
  type MeaningSearchResult,
  type RecallCandidate,
  type RecallReason,
  type SemanticStatus,
} from './fused-recall.ts';
export { reciprocalRankFusion, RRF_K, type FusedEntry } from './semantic/fusion.ts';
export { cosine, normalise, scanTopK, type ScanHit } from './semantic/vector-math.ts';
export {
  createContextPreparer,
  estimateFixedTokens,
  applySummary,
  summarySection,
  type ContextPreparer,
  type ContextPreparerOptions,
  type ContextSummary,
  type CompactionInfo,
  type CompactionFallback,
  type PrepareContextInfo,
} from './prepare-context.ts';
export { CONTEXT_ATTRIBUTE } from './context-attributes.ts';
export { findCompactionBoundary } from './compaction-boundary.ts';
