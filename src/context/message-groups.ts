import type { ChatMessage } from '../model/model.ts';

/** A run of messages that must stay together: one message, or an assistant message with tool calls and its results. */
export interface MessageGroup {
  /** Index of the group's first message in the conversation. */
  start: number;
  /** Index after the group's last message. */
  end: number;
}

/**
 * Splits a conversation into groups that can be cut between. An assistant message with tool calls must never be
 * separated from its tool results, so it forms one group with the tool messages that follow it; a stray tool
 * message joins the group before it.
 */
export function groupMessages(messages: readonly ChatMessage[]): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index] as ChatMessage;
    const last = groups.at(-1);
    if (message.role === 'tool' && last) last.end = index + 1;
    else groups.push({ start: index, end: index + 1 });
  }
  return groups;
}

/**
 * Indices where a turn starts: each user message that follows a complete group. The kept part of a compacted
 * conversation starts at one of these, so it opens with the user's words, as chat templates expect.
 */
export function turnStarts(messages: readonly ChatMessage[]): number[] {
  return groupMessages(messages)
    .filter((group) => messages[group.start]?.role === 'user')
    .map((group) => group.start);
}

/** Index of the latest user message, or -1. */
export function latestUserIndex(messages: readonly ChatMessage[]): number {
  return messages.findLastIndex((message) => message.role === 'user');
}

/**
 * The first index at or after `index` where a cut keeps tool results with their call: it skips tool messages,
 * which belong to the assistant message before them.
 */
export function safeCutIndex(messages: readonly ChatMessage[], index: number): number {
  let cut = Math.max(0, Math.min(index, messages.length));
  while (cut < messages.length && messages[cut]?.role === 'tool') cut += 1;
  return cut;
}
