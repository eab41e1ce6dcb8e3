import type { ChatMessage } from '../model/model.ts';
import { ATTR } from '../trace/attributes.ts';
import type { SpanHandle } from '../trace/span.ts';
import { planDropTurns, type CompactionPlan } from './compaction.ts';
import { sectionTokens, summarySection, withSections } from './context-sections.ts';
import type {
  CompactionFallback,
  CompactionInfo,
  ContextPreparerOptions,
  ContextSummary,
  PrepareContextInfo,
  SummarisedHistory,
} from './prepare-context.ts';
import { compactionEnglish, counted, type CompactionText } from './compaction-text.ts';
import { CONTEXT_ATTRIBUTE } from './context-attributes.ts';
import { summariseMessages } from './summarise.ts';
import { SUMMARY_HEADING } from './summary-prompt.ts';
import { estimateMessagesTokens } from './token-estimate.ts';

/** What one compaction works on. */
export interface CompactionRun {
  options: ContextPreparerOptions;
  plan: Exclude<CompactionPlan, { kind: 'none' }>;
  history: SummarisedHistory;
  /** Fixed tokens including the recalled-notes section. */
  fixedTokens: number;
  memorySection: string;
  budget: number;
  maxSummaryTokens: number;
  info: PrepareContextInfo;
}

/** The context to send after a compaction, and the new summary when one was made. */
export interface CompactionOutcome {
  messages: ChatMessage[];
  summary?: ContextSummary;
}

interface Result {
  summarySection: string;
  conversation: ChatMessage[];
  fallback: CompactionFallback;
  coveredMessages: number;
  summarisedNow: number;
  truncatedMessages: number;
  summary: string;
  text: CompactionText[];
  error?: string;
}

/**
 * Carries out a compaction plan inside a `compaction` span under the run span: summarises with the model and saves
 * the merged summary, or, when summarising fails, leaves out the oldest whole turns; then reports through `onCompaction`.
 * An abort while summarising cancels the span and rejects.
 */
export async function runCompaction(run: CompactionRun): Promise<CompactionOutcome> {
  const { options, plan, history, info } = run;
  const span = options.tracer.startSpan({
    kind: 'compaction',
    name:
      plan.kind === 'summarise'
        ? `summarise ${count(plan.coveredMessages, 'earlier message')}`
        : `shorten ${count(plan.truncatedMessages, 'long message')}`,
    parent: info.parentSpan,
    attributes: {
      [ATTR.compactionTokensBefore]: plan.tokensBefore,
      [ATTR.compactionMessagesBefore]: history.conversation.length,
      [CONTEXT_ATTRIBUTE.compactionBudgetTokens]: run.budget,
      [CONTEXT_ATTRIBUTE.compactionForced]: info.force === true,
    },
  });
  const previousSection = history.summary ? summarySection(history.summary.text) : '';

  if (plan.kind === 'truncate') {
    return finish(run, span, {
      summarySection: previousSection,
      conversation: plan.keep,
      fallback: 'truncated',
      coveredMessages: history.offset,
      summarisedNow: 0,
      truncatedMessages: plan.truncatedMessages,
      summary: history.summary?.text ?? '',
      text: [counted('shortened', plan.truncatedMessages), { key: 'fullTextStays' }],
    });
  }

  let text: string;
  try {
    text = await summariseMessages({
      model: options.model,
      messages: plan.summarise,
      maxSummaryTokens: run.maxSummaryTokens,
      contextWindow: options.contextWindow,
      tracer: options.tracer,
      parent: span,
      signal: info.signal,
      ...(history.summary ? { previousSummary: history.summary.text } : {}),
    });
  } catch (error) {
    if (info.signal.aborted) {
      span.end('cancelled');
      throw error;
    }
    return finish(run, span, dropTurns(run, previousSection, errorText(error)));
  }

  const summary: ContextSummary = {
    text,
    coveredMessages: history.offset + plan.coveredMessages,
    updatedAt: options.now(),
  };
  try {
    await options.summary.set(summary);
  } catch (error) {
    // The summary still serves this run (the preparer keeps it); a later run will summarise again.
    span.setAttributes({ [CONTEXT_ATTRIBUTE.compactionError]: `The summary could not be saved: ${errorText(error)}` });
  }
  await consolidate(run, span, summary);
  const shortened = plan.truncatedMessages > 0 ? [counted('shortened', plan.truncatedMessages)] : [];
  const outcome = finish(run, span, {
    summarySection: summarySection(text),
    conversation: plan.keep,
    fallback: plan.truncatedMessages > 0 ? 'truncated' : 'none',
    coveredMessages: summary.coveredMessages,
    summarisedNow: plan.coveredMessages,
    truncatedMessages: plan.truncatedMessages,
    summary: text,
    text: [counted('summarised', plan.coveredMessages), ...shortened],
  });
  return { ...outcome, summary };
}

/** Saves the new summary as a long-term note when the setting asks for it; a failure is recorded, never fatal. */
async function consolidate(run: CompactionRun, span: SpanHandle, summary: ContextSummary): Promise<void> {
  if (!run.options.consolidate) return;
  try {
    const { noteId } = await run.options.consolidate.save(summary);
    span.setAttributes({ [CONTEXT_ATTRIBUTE.compactionNoteId]: noteId });
  } catch (error) {
    span.setAttributes({
      [CONTEXT_ATTRIBUTE.compactionNoteError]: `The summary could not be saved as a note: ${errorText(error)}`,
    });
  }
}

/** The fallback after a failed summary: the oldest whole turns are left out, and the model is told so. */
function dropTurns(run: CompactionRun, previousSection: string, reason: string): Result {
  const { history } = run;
  const sectionWith = (note: string): string =>
    [previousSection || (note ? SUMMARY_HEADING : ''), note].filter((part) => part !== '').join('\n');
  const drop = planDropTurns({
    messages: history.conversation,
    budgetTokens: run.budget,
    fixedTokens: run.fixedTokens,
    // Room for the note that tells the model messages are missing, at its longest.
    summaryTokens: sectionTokens(sectionWith(droppedNote(history.conversation.length))),
  });
  const dropped = drop.kind === 'drop' ? drop.droppedMessages : 0;
  const truncated = drop.kind === 'drop' ? drop.truncatedMessages : 0;
  const section = sectionWith(dropped > 0 ? droppedNote(dropped) : '');
  const shortened = truncated > 0 ? [counted('shortened', truncated)] : [];
  const text: CompactionText[] = [
    dropped > 0 ? counted('dropped', dropped, { reason }) : { key: 'nothingDropped', values: { reason } },
    ...shortened,
  ];
  return {
    summarySection: section,
    conversation: drop.kind === 'drop' ? drop.keep : history.conversation,
    fallback: dropped === 0 && truncated > 0 ? 'truncated' : 'dropped-turns',
    coveredMessages: history.offset,
    summarisedNow: dropped,
    truncatedMessages: truncated,
    summary: history.summary?.text ?? '',
    text,
    error: reason,
  };
}

function droppedNote(dropped: number): string {
  return `(${capitalise(count(dropped, 'earlier message'))} of this conversation ${dropped === 1 ? 'is' : 'are'} left out here: summarising ${dropped === 1 ? 'it' : 'them'} failed.)`;
}

function finish(run: CompactionRun, span: SpanHandle, result: Result): CompactionOutcome {
  const message = compactionEnglish(result.text);
  const tokensAfter =
    run.fixedTokens + sectionTokens(result.summarySection) + estimateMessagesTokens(result.conversation);
  span.setAttributes({
    [CONTEXT_ATTRIBUTE.compactionMessages]: result.summarisedNow,
    [ATTR.compactionMessagesAfter]: result.conversation.length,
    [ATTR.compactionTokensAfter]: tokensAfter,
    [ATTR.compactionSummary]: result.summary,
    [ATTR.compactionStrategy]:
      result.error !== undefined ? 'drop-turns' : result.summarisedNow > 0 ? 'summary' : 'truncate',
    [CONTEXT_ATTRIBUTE.compactionFallback]: result.fallback,
    [CONTEXT_ATTRIBUTE.compactionCoveredMessages]: result.coveredMessages,
    [CONTEXT_ATTRIBUTE.compactionTruncatedMessages]: result.truncatedMessages,
    ...(result.error === undefined ? {} : { [CONTEXT_ATTRIBUTE.compactionError]: result.error }),
  });
  if (result.error === undefined) span.end('ok');
  else span.end('error', { type: 'summary-failed', message });
  run.options.onCompaction?.({
    coveredMessages: result.coveredMessages,
    summarisedNow: result.summarisedNow,
    tokensBefore: run.plan.tokensBefore,
    tokensAfter,
    summary: result.summary,
    fallback: result.fallback,
    message,
    text: result.text,
  } satisfies CompactionInfo);
  return { messages: withSections([result.summarySection, run.memorySection], result.conversation) };
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
