import type { ChatMessage } from '../model/model.ts';
import { truncateMessage } from './compaction.ts';
import { estimateTokens } from './token-estimate.ts';

/** The heading the running summary goes under in the system prompt. */
export const SUMMARY_HEADING = '## Summary of the earlier conversation';

/** The instructions of the summarisation call (its system message). */
export function summarySystemPrompt(maxSummaryTokens: number): string {
  const words = Math.max(50, Math.round(maxSummaryTokens * 0.7));
  return [
    'You summarise the earlier part of a conversation between a user and an AI assistant that uses tools, so that the',
    'assistant can carry on without the original messages. Summarise the new messages and merge them with the previous',
    'summary, if there is one, into ONE updated summary that replaces it.',
    '',
    'Keep:',
    '- facts the user stated and their preferences, names, numbers, dates, amounts, places, file names, URLs and ids, exactly as written;',
    '- decisions made, and what the assistant concluded or promised;',
    '- tool results that matter later (the values, not just that a tool was called); drop raw data nobody needs;',
    '- open tasks, unanswered questions and anything the user is still waiting for.',
    '',
    'Rules:',
    '- Write only what the messages and the previous summary say; never invent or guess.',
    '- When new messages correct the previous summary, keep the corrected version.',
    '- Write in the language the user writes in. Use short sections or bullet points, plain text, no preamble.',
    `- Keep it under about ${words} words (${maxSummaryTokens} tokens), the oldest details shortest.`,
    '- Do not answer the user or continue the conversation: output the summary only.',
  ].join('\n');
}

/** Options for the transcript the summariser reads. */
export interface SummaryRequestInput {
  /** The summary so far, merged into the new one. */
  previousSummary?: string;
  /** The messages to summarise, oldest first. */
  messages: readonly ChatMessage[];
  /** The most tokens the summary should take. */
  maxSummaryTokens: number;
  /** A single message longer than this is shortened in the transcript (head and tail kept). */
  maxMessageTokens?: number;
}

/** The messages of a summarisation call: the dedicated instructions, then the previous summary and the transcript. */
export function buildSummaryRequest(input: SummaryRequestInput): ChatMessage[] {
  const maxMessageTokens = input.maxMessageTokens ?? 1_500;
  const previous = input.previousSummary?.trim();
  const toolNames = new Map<string, string>();
  for (const message of input.messages) {
    if (message.role === 'assistant')
      for (const call of message.tool_calls ?? []) toolNames.set(call.id, call.function.name);
  }
  const lines = input.messages.map((message, index) => transcriptLine(message, index + 1, maxMessageTokens, toolNames));
  const user = [
    previous ? `Previous summary:\n"""\n${previous}\n"""` : 'Previous summary: none.',
    '',
    `New messages to add (${input.messages.length}, oldest first):`,
    ...lines,
    '',
    previous
      ? 'Write the updated summary that merges the previous summary with these messages.'
      : 'Write the summary of these messages.',
  ].join('\n');
  return [
    { role: 'system', content: summarySystemPrompt(input.maxSummaryTokens) },
    { role: 'user', content: user },
  ];
}

/** Estimated tokens of a transcript line for this message, as `buildSummaryRequest` writes it. */
export function transcriptLineTokens(message: ChatMessage, maxMessageTokens = 1_500): number {
  return estimateTokens(transcriptLine(message, 1, maxMessageTokens, new Map())) + 1;
}

/**
 * One message as a single transcript line: `[3] user: …`, `[4] assistant: called get_weather with {…}`,
 * `[5] tool (get_weather): …`. Line breaks inside a message become spaces so each message stays one line.
 */
function transcriptLine(
  message: ChatMessage,
  number: number,
  maxMessageTokens: number,
  toolNames: ReadonlyMap<string, string>,
): string {
  const shortened = truncateMessage(message, maxMessageTokens);
  const text = flatten(shortened.content ?? '');
  switch (message.role) {
    case 'assistant': {
      const calls = (message.tool_calls ?? []).map(
        (call) => `called ${call.function.name} with ${flatten(clip(call.function.arguments, 400))}`,
      );
      const parts = [text, ...calls].filter((part) => part !== '');
      return `[${number}] assistant: ${parts.join('; ') || '(no text)'}`;
    }
    case 'tool':
      return `[${number}] tool (${toolNames.get(message.tool_call_id) ?? 'result'}): ${text || '(empty result)'}`;
    default:
      return `[${number}] ${message.role}: ${text || '(empty)'}`;
  }
}

function flatten(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

function clip(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars)}…`;
}
