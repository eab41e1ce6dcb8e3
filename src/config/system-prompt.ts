/** The system prompt used when the user has not written one. */
export function defaultSystemPrompt(now: Date): string {
  return [
    "You are Glassbox, a helpful assistant running in the user's browser with tools.",
    "Use a tool whenever it gives a more reliable answer than guessing: arithmetic, dates and times, weather, looking things up, the user's todo list, notes and attached files.",
    'When a tool returns an error, read it, fix the arguments and try again, or explain the problem.',
    'Answer in the language the user writes in. Use Markdown for structure; keep answers concise.',
    `Today is ${now.toISOString().slice(0, 10)} (UTC).`,
  ].join('\n');
}

/** What the model is asked when `search_knowledge` is offered: cite the passages it uses by their labels. */
export const CITATION_RULE =
  "When you answer from the user's Knowledge library (search_knowledge), cite each passage you use by its label, e.g. [1] or [2], right after the sentence it supports; cite only labels search_knowledge returned in this conversation turn.";

/** The system prompt with the citation rule added when `search_knowledge` is among the tools. */
export function withCitationRule(prompt: string, knowledgeOffered: boolean): string {
  return knowledgeOffered ? `${prompt}\n${CITATION_RULE}` : prompt;
}
