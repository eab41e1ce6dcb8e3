import type { ChatMessage, Model } from '../model/model.ts';
import { ATTR } from '../trace/attributes.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import type { NoteHit } from '../tools/tool-context.ts';
import { defaultSummaryReserveTokens, planCompaction, planDropTurns, type CompactionPlan } from './compaction.ts';
import { formatRecalledNotes, noteSnippet, recallNotes, type RecallOptions } from './memory-recall.ts';
import { latestUserIndex, safeCutIndex } from './message-groups.ts';
import { summariseMessages } from './summarise.ts';
import { SUMMARY_HEADING } from './summary-prompt.ts';
import { estimateMessagesTokens, estimateTokens } from './token-estimate.ts';

/** A session's running summary: its text replaces the first `coveredMessages` messages of the history. */
export interface ContextSummary {
  text: string;
  /** How many leading messages of the history (as rebuilt from the transcript) the summary replaces. */
  coveredMessages: number;
  updatedAt: number;
}

/** How the context was made to fit: by a summary, or a fallback. */
export type CompactionFallback = 'none' | 'dropped-turns' | 'truncated';

/** What `onCompaction` reports after a compaction. */
export interface CompactionInfo {
  /** Leading history messages the saved summary replaces (unchanged when no new summary was made). */
  coveredMessages: number;
  /** Messages summarised (or, for `dropped-turns`, left out) by this compaction. */
  summarisedNow: number;
  tokensBefore: number;
  tokensAfter: number;
  /** The summary now in effect ('' when none). */
  summary: string;
  fallback: CompactionFallback;
  /** What happened, in plain words, for the chat. */
  message: string;
}

/** What the agent passes on each call (see `RunAgentOptions.prepareContext`). */
export interface PrepareContextInfo {
  step: number;
  parentSpan: SpanHandle;
  signal: AbortSignal;
  /** Compact even within budget: the endpoint said the context was too long. */
  force?: boolean;
}

/** Everything the context preparer needs; all of it injected. */
export interface ContextPreparerOptions {
  model: Model;
  /** The model's context window in tokens. */
  contextWindow: number;
  /** Compaction starts when a request would pass this share of the window (0.75 = 75%). */
  compactionShare: number;
  /** Estimated tokens of the system prompt and tool definitions (see `estimateFixedTokens`). */
  fixedTokens: number;
  summary: { get(): ContextSummary | undefined; set(summary: ContextSummary): Promise<void> };
  /** Omitted: no memory recall (the setting is off). */
  recall?: { search(query: string, limit?: number): Promise<NoteHit[]> };
  recallOptions?: RecallOptions;
  tracer: Tracer;
  now(): number;
  onCompaction?(info: CompactionInfo): void;
  /** Recent tokens kept verbatim when compacting; 35% of the budget by default. */
  keepRecentTokens?: number;
  /** Most tokens the summary may take; a tenth of the budget (200–2,000) by default. */
  maxSummaryTokens?: number;
}

/** The agent's `prepareContext` hook. */
export type ContextPreparer = (messages: ChatMessage[], info: PrepareContextInfo) => Promise<ChatMessage[]>;

/** Span attributes the preparer writes besides the trace module's `ATTR`. */
export const CONTEXT_ATTRIBUTE = {
  compactionMessages: 'compaction.messages',
  compactionFallback: 'compaction.fallback',
  compactionForced: 'compaction.forced',
  compactionBudgetTokens: 'compaction.budget_tokens',
  compactionCoveredMessages: 'compaction.covered_messages',
  compactionTruncatedMessages: 'compaction.truncated_messages',
  compactionError: 'compaction.error',
  memoryHits: 'memory.hits',
  memoryCandidates: 'memory.candidates',
  memoryThreshold: 'memory.threshold',
} as const;

interface Prepared {
  offset: number;
  conversation: ChatMessage[];
  summary: ContextSummary | undefined;
}

/**
 * Creates the hook that shapes the context before each model call: applies the session's summary, recalls
 * related notes (a `memory` span), and when the request would pass the budget, summarises the oldest messages
 * with the model (a `compaction` span), saves the merged summary and reports it. If summarising fails, the oldest
 * whole turns are left out instead, and that is said in the span and to `onCompaction`.
 */
export function createContextPreparer(options: ContextPreparerOptions): ContextPreparer {
  const budget = Math.max(1, Math.floor(options.contextWindow * options.compactionShare));
  let latest: ContextSummary | undefined;
  const recalled = new Map<string, string>();

  const recallFor = async (messages: readonly ChatMessage[], info: PrepareContextInfo): Promise<string> => {
    if (!options.recall) return '';
    const text = messages.findLast((message) => message.role === 'user')?.content ?? '';
    // Notes are searched once per run for a message; later steps reuse what was recalled.
    const cached = recalled.get(text);
    if (cached !== undefined) return cached;
    const block = await recallWithSpan(options, text, info.parentSpan);
    recalled.set(text, block);
    return block;
  };

  return async (messages, info) => {
    const current = latest ?? options.summary.get();
    const prepared = applySummary(messages, current);
    const memoryBlock = await recallFor(messages, info);
    const fixed = options.fixedTokens + sectionTokens(memoryBlock);
    const summaryBlock = prepared.summary ? summarySection(prepared.summary.text) : '';
    const planInput = {
      messages: prepared.conversation,
      fixedTokens: fixed,
      summaryTokens: sectionTokens(summaryBlock),
      ...(options.keepRecentTokens === undefined ? {} : { keepRecentTokens: options.keepRecentTokens }),
    };
    let effectiveBudget = budget;
    let plan = planCompaction({ ...planInput, budgetTokens: budget, summaryReserveTokens: reserveFor(budget) });
    if (info.force && plan.kind === 'none') {
      // The endpoint disagrees with the estimate: aim for half of what was sent.
      effectiveBudget = Math.max(1, Math.min(budget, Math.floor(plan.tokens / 2)));
      plan = planCompaction({ ...planInput, budgetTokens: effectiveBudget, summaryReserveTokens: reserveFor(effectiveBudget) });
    }
    if (plan.kind === 'none') return assemble([summaryBlock, memoryBlock], prepared.conversation);

    const outcome = await compact({ options, plan, prepared, fixed, memoryBlock, budget: effectiveBudget, info });
    if (outcome.summary) latest = outcome.summary;
    return outcome.messages;
  };

  function reserveFor(value: number): number {
    return options.maxSummaryTokens ?? defaultSummaryReserveTokens(value);
  }
}

/** Estimated tokens of the system prompt and tool definitions, the part of each request that compaction cannot shrink. */
export function estimateFixedTokens(systemPrompt: string, tools: readonly import('../model/model.ts').ToolSpec[]): number {
  return estimateMessagesTokensWithTools(systemPrompt, tools);
}

function estimateMessagesTokensWithTools(systemPrompt: string, tools: readonly import('../model/model.ts').ToolSpec[]): number {
  return estimateMessagesTokens([{ role: 'system', content: systemPrompt }]) + toolsTokens(tools) + 3;
}

function toolsTokens(tools: readonly import('../model/model.ts').ToolSpec[]): number {
  let total = tools.length > 0 ? 12 : 0;
  for (const tool of tools) total += 10 + estimateTokens(`${tool.function.name} ${tool.function.description} ${JSON.stringify(tool.function.parameters)}`);
  return total;
}

/**
 * Drops the leading messages the summary covers. A summary that would hide the latest user message no longer
 * matches the history (turns were deleted or edited) and is ignored; a cut that would land on tool results moves past them.
 */
export function applySummary(messages: readonly ChatMessage[], summary: ContextSummary | undefined): Prepared {
  if (!summary || summary.coveredMessages <= 0 || summary.text.trim() === '') return { offset: 0, conversation: [...messages], summary: undefined };
  const latest = latestUserIndex(messages);
  if (summary.coveredMessages > latest) return { offset: 0, conversation: [...messages], summary: undefined };
  const offset = safeCutIndex(messages, summary.coveredMessages);
  return { offset, conversation: messages.slice(offset), summary };
}

/** The summary as its system-prompt section. */
export function summarySection(text: string): string {
  return `${SUMMARY_HEADING}\n${text.trim()}`;
}

function sectionTokens(section: string): number {
  return section === '' ? 0 : estimateTokens(section) + 1;
}

function assemble(sections: readonly string[], conversation: readonly ChatMessage[]): ChatMessage[] {
  const system: ChatMessage[] = sections.filter((section) => section !== '').map((content) => ({ role: 'system', content }));
  return [...system, ...conversation];
}

async function recallWithSpan(options: ContextPreparerOptions, text: string, parent: SpanHandle): Promise<string> {
  const span = options.tracer.startSpan({ kind: 'memory', name: 'recall notes', parent });
  try {
    const result = await recallNotes(options.recall as NonNullable<ContextPreparerOptions['recall']>, text, options.recallOptions);
    const hits = result.hits.map((hit) => ({
      id: hit.note.id,
      score: Math.round(hit.score * 1000) / 1000,
      snippet: noteSnippet(hit.note.content, 160),
      ...(hit.note.tags.length > 0 ? { tags: hit.note.tags } : {}),
    }));
    span.setAttributes({
      [ATTR.memoryQuery]: result.query,
      [CONTEXT_ATTRIBUTE.memoryHits]: hits,
      [ATTR.memoryResults]: hits,
      [ATTR.memoryResultCount]: hits.length,
      [CONTEXT_ATTRIBUTE.memoryCandidates]: result.candidates.length,
      [CONTEXT_ATTRIBUTE.memoryThreshold]: Math.round(result.threshold * 1000) / 1000,
    });
    span.span.name = result.query === '' ? 'nothing to search for' : `recalled ${hits.length} ${hits.length === 1 ? 'note' : 'notes'}`;
    span.end('ok');
    return formatRecalledNotes(result.hits, options.recallOptions);
  } catch (error) {
    span.setAttributes({ [ATTR.memoryQuery]: text });
    span.end('error', { type: 'recall-failed', message: `Notes could not be searched: ${errorText(error)}` });
    return '';
  }
}

interface CompactInput {
  options: ContextPreparerOptions;
  plan: Exclude<CompactionPlan, { kind: 'none' }>;
  prepared: Prepared;
  fixed: number;
  memoryBlock: string;
  budget: number;
  info: PrepareContextInfo;
}

async function compact(input: CompactInput): Promise<{ messages: ChatMessage[]; summary?: ContextSummary }> {
  const { options, plan, prepared, fixed, memoryBlock, info } = input;
  const previous = prepared.summary;
  const span = options.tracer.startSpan({
    kind: 'compaction',
    name: 'compacting the context',
    parent: info.parentSpan,
    attributes: {
      [ATTR.compactionTokensBefore]: plan.tokensBefore,
      [ATTR.compactionMessagesBefore]: prepared.conversation.length,
      [CONTEXT_ATTRIBUTE.compactionBudgetTokens]: input.budget,
      [CONTEXT_ATTRIBUTE.compactionForced]: info.force === true,
    },
  });
  const finish = (result: { messages: ChatMessage[]; report: Omit<CompactionInfo, 'tokensBefore' | 'tokensAfter'>; name: string; summary?: ContextSummary; error?: string }) => {
    const conversationLength = result.messages.filter((message) => message.role !== 'system').length;
    const tokensAfter = fixed - sectionTokens(memoryBlock) + estimateMessagesTokens(result.messages);
    span.span.name = result.name;
    span.setAttributes({
      [CONTEXT_ATTRIBUTE.compactionMessages]: result.report.summarisedNow,
      [ATTR.compactionMessagesAfter]: conversationLength,
      [ATTR.compactionTokensAfter]: tokensAfter,
      [ATTR.compactionSummary]: result.report.summary,
      [ATTR.compactionStrategy]: result.report.fallback === 'none' ? 'summary' : result.report.fallback,
      [CONTEXT_ATTRIBUTE.compactionFallback]: result.report.fallback,
      [CONTEXT_ATTRIBUTE.compactionCoveredMessages]: result.report.coveredMessages,
      [CONTEXT_ATTRIBUTE.compactionTruncatedMessages]: 'truncatedMessages' in plan ? plan.truncatedMessages : 0,
      ...(result.error === undefined ? {} : { [CONTEXT_ATTRIBUTE.compactionError]: result.error }),
    });
    if (result.error === undefined) span.end('ok');
    else span.end('error', { type: 'summary-failed', message: result.report.message });
    options.onCompaction?.({ ...result.report, tokensBefore: plan.tokensBefore, tokensAfter });
    return { messages: result.messages, ...(result.summary ? { summary: result.summary } : {}) };
  };
  const previousSection = previous ? summarySection(previous.text) : '';

  if (plan.kind === 'truncate') {
    return finish({
      messages: assemble([previousSection, memoryBlock], plan.keep),
      name: `truncated ${count(plan.truncatedMessages, 'message')}`,
      report: {
        coveredMessages: prepared.offset,
        summarisedNow: 0,
        summary: previous?.text ?? '',
        fallback: 'truncated',
        message: `${capitalise(count(plan.truncatedMessages, 'long message'))} did not fit the model's context window and ${plan.truncatedMessages === 1 ? 'was' : 'were'} shortened for the model (beginning and end kept). The full text stays in the chat.`,
      },
    });
  }

  try {
    const text = await summariseMessages({
      model: options.model,
      messages: plan.summarise,
      maxSummaryTokens: options.maxSummaryTokens ?? defaultSummaryReserveTokens(input.budget),
      contextWindow: options.contextWindow,
      tracer: options.tracer,
      parent: span,
      signal: info.signal,
      ...(previous ? { previousSummary: previous.text } : {}),
    });
    const summary: ContextSummary = { text, coveredMessages: prepared.offset + plan.coveredMessages, updatedAt: options.now() };
    let saveError: string | undefined;
    try {
      await options.summary.set(summary);
    } catch (error) {
      saveError = `The summary could not be saved: ${errorText(error)}`;
      span.setAttributes({ [CONTEXT_ATTRIBUTE.compactionError]: saveError });
    }
    const truncated = plan.truncatedMessages > 0 ? ` ${capitalise(count(plan.truncatedMessages, 'long message'))} was shortened as well.` : '';
    return finish({
      messages: assemble([summarySection(text), memoryBlock], plan.keep),
      name: `summarised ${count(plan.coveredMessages, 'message')}`,
      summary,
      report: {
        coveredMessages: summary.coveredMessages,
        summarisedNow: plan.coveredMessages,
        summary: text,
        fallback: plan.truncatedMessages > 0 ? 'truncated' : 'none',
        message: `${capitalise(count(plan.coveredMessages, 'earlier message'))} ${plan.coveredMessages === 1 ? 'was' : 'were'} summarised to fit the model's context window; the originals stay in the chat.${truncated}`,
      },
    });
  } catch (error) {
    if (info.signal.aborted) {
      span.end('cancelled');
      throw error;
    }
    return dropTurns(input, finish, previousSection, errorText(error));
  }
}

function dropTurns(
  input: CompactInput,
  finish: (result: { messages: ChatMessage[]; report: Omit<CompactionInfo, 'tokensBefore' | 'tokensAfter'>; name: string; error?: string }) => { messages: ChatMessage[] },
  previousSection: string,
  reason: string,
): { messages: ChatMessage[] } {
  const { plan, prepared, fixed, memoryBlock, budget } = input;
  const drop = planDropTurns({ messages: prepared.conversation, budgetTokens: budget, fixedTokens: fixed, summaryTokens: sectionTokens(previousSection) });
  const dropped = drop.kind === 'drop' ? drop.droppedMessages : 0;
  const keep = drop.kind === 'drop' ? drop.keep : prepared.conversation;
  const note = dropped > 0 ? `(${count(dropped, 'earlier message')} of this conversation ${dropped === 1 ? 'is' : 'are'} left out here because summarising ${dropped === 1 ? 'it' : 'them'} failed.)` : '';
  const summarySectionText = previousSection !== '' ? [previousSection, note].filter(Boolean).join('\n') : note ? `${SUMMARY_HEADING}\n${note}` : '';
  const message =
    dropped > 0
      ? `Summarising the earlier conversation failed (${reason}), so the ${count(dropped, 'oldest message')} ${dropped === 1 ? 'was' : 'were'} left out of the model's context instead. ${dropped === 1 ? 'It stays' : 'They stay'} in the chat.`
      : `Summarising the earlier conversation failed (${reason}); nothing older could be left out.`;
  void plan;
  return finish({
    messages: assemble([summarySectionText, memoryBlock], keep),
    name: dropped > 0 ? `left out ${count(dropped, 'message')} (summary failed)` : 'summary failed',
    error: reason,
    report: {
      coveredMessages: prepared.offset,
      summarisedNow: dropped,
      summary: prepared.summary?.text ?? '',
      fallback: dropped > 0 ? 'dropped-turns' : drop.kind === 'drop' && drop.truncatedMessages > 0 ? 'truncated' : 'dropped-turns',
      message,
    },
  });
}

function count(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}
