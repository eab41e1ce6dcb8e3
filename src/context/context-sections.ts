import type { ChatMessage } from '../model/model.ts';
import { SUMMARY_HEADING } from './summary-prompt.ts';
import { estimateTokens } from './token-estimate.ts';

/** The summary as its system-prompt section, under its own heading. */
export function summarySection(text: string): string {
  return `${SUMMARY_HEADING}\n${text.trim()}`;
}

/** Estimated tokens a section adds to the system prompt (it is joined with a blank line). */
export function sectionTokens(section: string): number {
  return section === '' ? 0 : estimateTokens(section) + 1;
}

/** Non-empty sections as leading system messages (the agent merges them into its system prompt), then the conversation. */
export function withSections(sections: readonly string[], conversation: readonly ChatMessage[]): ChatMessage[] {
  const system: ChatMessage[] = sections
    .filter((section) => section !== '')
    .map((content) => ({ role: 'system', content }));
  return [...system, ...conversation];
}
