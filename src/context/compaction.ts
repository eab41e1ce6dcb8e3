import { truncateObservation } from '../agent/truncate-observation.ts';
import type { ChatMessage } from '../model/model.ts';
import { latestUserIndex, turnStarts } from './message-groups.ts';
import { estimateMessagesTokens, estimateMessageTokens, estimateTokens } from './token-estimate.ts';

/** What a compaction plan is computed from. All sizes are estimated tokens. */
export interface CompactionInput {
  /** The conversation as it would be sent (no system prompt, no summary). */
  messages: readonly ChatMessage[];
  /** The most tokens the whole request may take. */
  budgetTokens: number;
  /** Tokens of everything sent besides the conversation and the summary: system prompt, tools, recalled notes. */
  fixedTokens: number;
  /** Tokens the current summary adds to the system prompt (0 without one). */
  summaryTokens?: number;
  /** Tokens set aside for the merged summary after compacting; by default a tenth of the budget, 200 to 2,000. */
  summaryReserveTokens?: number;
  /** How many tokens of the most recent messages to keep verbatim; by default 35% of the budget. */
  keepRecentTokens?: number;
}

/** What to do before a model call so the request fits its budget. */
export type CompactionPlan =
  | {
      kind: 'none';
      tokens: number;
      /** True when the request is over budget and nothing could be done about it. */
      overBudget: boolean;
    }
  | {
      kind: 'summarise';
      /** The oldest messages, to be summarised (merged with the current summary). */
      summarise: ChatMessage[];
      /** The recent messages that stay verbatim (any oversized one truncated). */
      keep: ChatMessage[];
      /** How many leading messages the summary now replaces (`summarise.length`). */
      coveredMessages: number;
      truncatedMessages: number;
      tokensBefore: number;
      /** Estimate after compaction, counting the summary at its reserve. */
      tokensAfter: number;
    }
  | {
      kind: 'truncate';
      /** Nothing older to summarise: the conversation with its oversized messages truncated. */
      keep: ChatMessage[];
      truncatedMessages: number;
      tokensBefore: number;
      tokensAfter: number;
    };

/** The fallback when summarising fails: the oldest whole turns are left out. */
export type DropPlan =
  | { kind: 'none'; tokens: number; overBudget: boolean }
  | {
      kind: 'drop';
      keep: ChatMessage[];
      /** How many leading messages are left out. */
      droppedMessages: number;
      truncatedMessages: number;
      tokensBefore: number;
      tokensAfter: number;
    };

/** Share of the budget kept as recent verbatim messages when none is given. */
export const DEFAULT_KEEP_SHARE = 0.35;
/** A truncated message keeps at least this many tokens of its head and tail. */
export const MIN_TRUNCATED_TOKENS = 64;
/** What the truncation marker itself costs, left as margin when shortening. */
const MARKER_TOKENS = 16;

/** Tokens set aside for the running summary in a budget of this size. */
export function defaultSummaryReserveTokens(budgetTokens: number): number {
  return Math.max(200, Math.min(2_000, Math.round(budgetTokens / 10)));
}

/**
 * Plans a compaction (pure). Within budget: nothing. Over it: the oldest turns are summarised and the most
 * recent ones kept verbatim; the cut falls where a user turn starts, so an assistant message with tool calls
 * is never separated from its results and the latest user turn is always kept whole. A message that alone
 * does not fit is truncated around a marker. When nothing older exists, only truncation is planned.
 */
export function planCompaction(input: CompactionInput): CompactionPlan {
  const { messages, budgetTokens, fixedTokens } = input;
  const summaryTokens = input.summaryTokens ?? 0;
  const tokensBefore = fixedTokens + summaryTokens + estimateMessagesTokens(messages);
  if (tokensBefore <= budgetTokens) return { kind: 'none', tokens: tokensBefore, overBudget: false };

  const reserve = Math.max(summaryTokens, input.summaryReserveTokens ?? defaultSummaryReserveTokens(budgetTokens));
  const room = budgetTokens - fixedTokens - reserve;
  const keepTarget = Math.max(
    0,
    Math.min(input.keepRecentTokens ?? Math.floor(budgetTokens * DEFAULT_KEEP_SHARE), room),
  );
  const cut = chooseCut(messages, keepTarget);
  if (cut === 0)
    return truncateOnly(
      messages,
      budgetTokens - fixedTokens - summaryTokens,
      fixedTokens + summaryTokens,
      tokensBefore,
    );

  const fitted = fitMessages(messages.slice(cut), room, latestUserIndex(messages) - cut);
  return {
    kind: 'summarise',
    summarise: messages.slice(0, cut),
    keep: fitted.messages,
    coveredMessages: cut,
    truncatedMessages: fitted.truncated,
    tokensBefore,
    tokensAfter: fixedTokens + reserve + estimateMessagesTokens(fitted.messages),
  };
}

/**
 * Plans the fallback (pure): leaves out the oldest whole turns until the rest fits, never the latest user turn,
 * then truncates any message that still does not fit.
 */
export function planDropTurns(input: CompactionInput): DropPlan {
  const { messages, budgetTokens, fixedTokens } = input;
  const summaryTokens = input.summaryTokens ?? 0;
  const tokensBefore = fixedTokens + summaryTokens + estimateMessagesTokens(messages);
  if (tokensBefore <= budgetTokens) return { kind: 'none', tokens: tokensBefore, overBudget: false };

  const room = budgetTokens - fixedTokens - summaryTokens;
  const latest = latestUserIndex(messages);
  const suffix = suffixTokens(messages);
  let cut = 0;
  for (const start of turnStarts(messages)) {
    if (start === 0 || start > latest) continue;
    if ((suffix[cut] ?? 0) <= room) break;
    cut = start;
  }
  const fitted = fitMessages(messages.slice(cut), room, latest - cut);
  const tokensAfter = fixedTokens + summaryTokens + estimateMessagesTokens(fitted.messages);
  if (cut === 0 && fitted.truncated === 0) return { kind: 'none', tokens: tokensBefore, overBudget: true };
  return {
    kind: 'drop',
    keep: fitted.messages,
    droppedMessages: cut,
    truncatedMessages: fitted.truncated,
    tokensBefore,
    tokensAfter,
  };
}

/** Shortens a message's text to about `maxTokens` tokens, keeping its head and tail around a marker. */
export function truncateMessage(message: ChatMessage, maxTokens: number): ChatMessage {
  const content = message.content ?? '';
  const tokens = estimateTokens(content);
  if (content === '' || tokens <= maxTokens) return message;
  const maxChars = Math.max(1, Math.floor((content.length * maxTokens) / tokens));
  return { ...message, content: truncateObservation(content, maxChars) } as ChatMessage;
}

/**
 * Where the kept part starts: the earliest user turn such that it and everything after fit `keepTarget`, but never
 * later than the latest user turn; 0 when no earlier turn exists to summarise.
 */
function chooseCut(messages: readonly ChatMessage[], keepTarget: number): number {
  const latest = latestUserIndex(messages);
  const starts = turnStarts(messages).filter((start) => start > 0 && start <= latest);
  const suffix = suffixTokens(messages);
  let cut = starts.at(-1) ?? 0;
  for (let index = starts.length - 2; index >= 0; index -= 1) {
    const start = starts[index] as number;
    if ((suffix[start] ?? 0) > keepTarget) break;
    cut = start;
  }
  return cut;
}

function truncateOnly(
  messages: readonly ChatMessage[],
  room: number,
  otherTokens: number,
  tokensBefore: number,
): CompactionPlan {
  const fitted = fitMessages(messages, room, latestUserIndex(messages));
  if (fitted.truncated === 0) return { kind: 'none', tokens: tokensBefore, overBudget: true };
  return {
    kind: 'truncate',
    keep: fitted.messages,
    truncatedMessages: fitted.truncated,
    tokensBefore,
    tokensAfter: otherTokens + estimateMessagesTokens(fitted.messages),
  };
}

/** suffix[i] = tokens of messages[i..]. */
function suffixTokens(messages: readonly ChatMessage[]): number[] {
  const suffix = Array.from({ length: messages.length + 1 }, () => 0);
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    suffix[index] = (suffix[index + 1] ?? 0) + estimateMessageTokens(messages[index] as ChatMessage);
  }
  return suffix;
}

/**
 * Truncates the largest messages until the list fits `room` tokens. The latest user message (`protectedIndex`)
 * is truncated only when nothing else can give way.
 */
function fitMessages(
  messages: readonly ChatMessage[],
  room: number,
  protectedIndex: number,
): { messages: ChatMessage[]; truncated: number } {
  const result = [...messages];
  let over = estimateMessagesTokens(result) - room;
  if (over <= 0) return { messages: result, truncated: 0 };
  const sizes = result.map((message) => estimateTokens(message.content ?? ''));
  const order = result
    .map((_, index) => index)
    .filter((index) => (sizes[index] ?? 0) > MIN_TRUNCATED_TOKENS)
    .sort((a, b) => Number(a === protectedIndex) - Number(b === protectedIndex) || (sizes[b] ?? 0) - (sizes[a] ?? 0));
  let truncated = 0;
  for (const index of order) {
    if (over <= 0) break;
    const original = result[index] as ChatMessage;
    const target = Math.max(MIN_TRUNCATED_TOKENS, (sizes[index] ?? 0) - over - MARKER_TOKENS);
    const shortened = truncateMessage(original, target);
    if (shortened === original) continue;
    over -= estimateMessageTokens(original) - estimateMessageTokens(shortened);
    result[index] = shortened;
    truncated += 1;
  }
  return { messages: result, truncated };
}
