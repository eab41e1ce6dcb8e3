// Part of the agent runtime chunk (run-options reaches it through the runtime), not of the first load.

/** What the model is asked when `search_knowledge` is offered: cite the passages it uses by their labels. */
export const CITATION_RULE =
  "When you answer from the user's Knowledge library (search_knowledge), cite each passage you use by its label, e.g. [1] or [2], right after the sentence it supports; cite only labels search_knowledge returned in this conversation turn.";

/** The system prompt with the citation rule added when `search_knowledge` is among the tools. */
export function withCitationRule(prompt: string, knowledgeOffered: boolean): string {
  return knowledgeOffered ? `${prompt}\n${CITATION_RULE}` : prompt;
}
