import type { PrepareContextInfo } from '../agent/run-agent.ts';
import type { CompactionText } from './compaction-text.ts';
import type { ChatMessage, Model, ToolSpec } from '../model/model.ts';
import type { Tracer } from '../trace/span.ts';
import type { SemanticStatus } from './fused-recall.ts';
import { defaultSummaryReserveTokens, planCompaction } from './compaction.ts';
import type { NotesSearcher, RecallOptions } from './memory-recall.ts';
import { latestUserIndex, safeCutIndex } from './message-groups.ts';
import { recallWithSpan } from './recall-span.ts';
import { runCompaction } from './run-compaction.ts';
import { estimateRequestTokens } from './token-estimate.ts';
import { sectionTokens, summarySection, withSections } from './context-sections.ts';

export { sectionTokens, summarySection, withSections };

/** A session's running summary: its text replaces the first `coveredMessages` messages of the history. */
export interface ContextSummary {
  text: string;
  /** How many leading messages of the history (as rebuilt from the transcript) the summary replaces. */
  coveredMessages: number;
  updatedAt: number;
}

/** How the context was made to fit: by a summary alone, or with a fallback. */
export type CompactionFallback = 'none' | 'dropped-turns' | 'truncated';

/** What `onCompaction` reports after a compaction. */
export interface CompactionInfo {
  /** Leading history messages the saved summary replaces (unchanged when no new summary was made). */
  coveredMessages: number;
  /** Messages summarised now (for `dropped-turns`: left out now). */
  summarisedNow: number;
  tokensBefore: number;
  tokensAfter: number;
  /** The summary in effect afterwards ('' when none). */
  summary: string;
  fallback: CompactionFallback;
  /** What happened, in plain words (English), for the chat. */
  message: string;
  /** The same as messages (key + values), for the chat to show in its language. */
  text: CompactionText[];
}

/** What the agent passes on each call: step, run span, signal, and `force` after a context-length error. */
export type { PrepareContextInfo };

/** Everything the context preparer needs; all of it injected. */
export interface ContextPreparerOptions {
  model: Model;
  /** The model's context window in tokens. */
  contextWindow: number;
  /** Compaction starts when a request would pass this share of the window (0.75 = 75%). */
  compactionShare: number;
  /** Estimated tokens of the system prompt and tool definitions: see `estimateFixedTokens`. */
  fixedTokens: number;
  summary: { get(): ContextSummary | undefined; set(summary: ContextSummary): Promise<void> };
  /** Omitted: no memory recall (the setting is off). With `searchByMeaning`, recall by meaning as well. */
  recall?: NotesSearcher;
  recallOptions?: RecallOptions;
  /** Recall by meaning failed and fell back to words only. */
  onSemanticFallback?(semantic: Extract<SemanticStatus, { status: 'failed' }>): void;
  tracer: Tracer;
  now(): number;
  onCompaction?(info: CompactionInfo): void;
  /** Omitted: a compaction's summary is not kept as a note (the consolidation setting is off). */
  consolidate?: SummaryConsolidation;
  /** Recent tokens kept verbatim when compacting; 35% of the budget by default. */
  keepRecentTokens?: number;
  /** Most tokens the summary may take; a tenth of the budget (200 to 2,000) by default. */
  maxSummaryTokens?: number;
}

/** Keeps a compaction's summary as a long-term note; resolves with the note's id. */
export interface SummaryConsolidation {
  save(summary: ContextSummary): Promise<{ noteId: string }>;
}

/** The agent's `prepareContext` hook. */
export type ContextPreparer = (messages: ChatMessage[], info: PrepareContextInfo) => Promise<ChatMessage[]>;

/** The history with the summarised messages taken out. */
export interface SummarisedHistory {
  /** How many leading messages were taken out. */
  offset: number;
  conversation: ChatMessage[];
  /** The summary applied; undefined when there is none or it no longer matches the history. */
  summary: ContextSummary | undefined;
}

/**
 * Creates the hook that shapes the context before each model call: it applies the session's summary, recalls
 * related notes (a `memory` span), and when the request would pass `compactionShare` of the window (or the agent
 * forces it after a context-length error) summarises the oldest messages with the model (a `compaction` span),
 * saves the merged summary and reports it through `onCompaction`. If summarising fails, the oldest whole turns are
 * left out instead, and the span and the report say so.
 */
export function createContextPreparer(options: ContextPreparerOptions): ContextPreparer {
  const budget = Math.max(1, Math.floor(options.contextWindow * options.compactionShare));
  const reserveFor = (value: number): number => options.maxSummaryTokens ?? defaultSummaryReserveTokens(value);
  // The summary made during this run, in case the injected getter lags behind the setter.
  let latest: ContextSummary | undefined;
  // Notes are searched once per run for each user message; later steps reuse what was recalled.
  const recalled = new Map<string, Promise<string>>();

  const recallFor = (messages: readonly ChatMessage[], info: PrepareContextInfo): Promise<string> => {
    const recall = options.recall;
    if (!recall) return Promise.resolve('');
    const text = messages.findLast((message) => message.role === 'user')?.content ?? '';
    let section = recalled.get(text);
    if (section === undefined) {
      section = recallWithSpan({
        searcher: recall,
        text,
        parent: info.parentSpan,
        tracer: options.tracer,
        now: options.now,
        ...(options.recallOptions ? { recallOptions: options.recallOptions } : {}),
        ...(options.onSemanticFallback ? { onSemanticFallback: options.onSemanticFallback } : {}),
      });
      recalled.set(text, section);
    }
    return section;
  };

  return async (messages, info) => {
    const history = applySummary(messages, latest ?? options.summary.get());
    const memorySection = await recallFor(messages, info);
    const fixedTokens = options.fixedTokens + sectionTokens(memorySection);
    const summaryText = history.summary ? summarySection(history.summary.text) : '';
    const planInput = {
      messages: history.conversation,
      fixedTokens,
      summaryTokens: sectionTokens(summaryText),
      ...(options.keepRecentTokens === undefined ? {} : { keepRecentTokens: options.keepRecentTokens }),
    };
    let effectiveBudget = budget;
    let plan = planCompaction({ ...planInput, budgetTokens: budget, summaryReserveTokens: reserveFor(budget) });
    if (info.force && plan.kind === 'none') {
      // The endpoint disagrees with the estimate (or the configured window): aim for half of what was sent.
      effectiveBudget = Math.max(1, Math.min(budget, Math.floor(plan.tokens / 2)));
      plan = planCompaction({
        ...planInput,
        budgetTokens: effectiveBudget,
        summaryReserveTokens: reserveFor(effectiveBudget),
      });
    }
    if (plan.kind === 'none') return withSections([summaryText, memorySection], history.conversation);

    const outcome = await runCompaction({
      options,
      plan,
      history,
      fixedTokens,
      memorySection,
      budget: effectiveBudget,
      maxSummaryTokens: reserveFor(effectiveBudget),
      info,
    });
    if (outcome.summary) latest = outcome.summary;
    return outcome.messages;
  };
}

/** Estimated tokens of the system prompt and tool definitions: the part of every request compaction cannot shrink. */
export function estimateFixedTokens(systemPrompt: string, tools: readonly ToolSpec[]): number {
  return estimateRequestTokens([{ role: 'system', content: systemPrompt }], tools);
}

/**
 * Takes out the leading messages the summary covers. A summary that would hide the latest user message no longer
 * matches the history (turns were deleted or edited) and is ignored; a cut that would land on tool results moves
 * past them, so results never lose their call.
 */
export function applySummary(messages: readonly ChatMessage[], summary: ContextSummary | undefined): SummarisedHistory {
  const unchanged: SummarisedHistory = { offset: 0, conversation: [...messages], summary: undefined };
  if (!summary || summary.coveredMessages <= 0 || summary.text.trim() === '') return unchanged;
  if (summary.coveredMessages > latestUserIndex(messages)) return unchanged;
  const offset = safeCutIndex(messages, summary.coveredMessages);
  return { offset, conversation: messages.slice(offset), summary };
}
