import { renderText, type TextRef } from '../model/message-text.ts';

/**
 * The English wording of what the loop tells people (notices under an answer, why a run stopped).
 * src/i18n/agent-notices.ts adds the Chinese table for the same keys; the chat renders them in its language.
 */
export const agentTextEnglish = {
  'cut-off': "The answer was cut off because it reached the model's output limit.",
  'content-filter': "The endpoint's content filter stopped the answer.",
  refusal: 'The model refused to answer this request.',
  'protocol-switched':
    'This endpoint does not accept tool definitions, so the agent switched to text ReAct (Thought / Action / Observation) for this model.',
  'partial-after-error': 'The answer broke off because of an error; the part that arrived is kept.',
  'context-retry':
    "The endpoint said the conversation is longer than the model's context window, so older messages were compacted and the request was sent again.",
  'retry-wait': 'The model call failed ({cause}); retrying in {delay} (attempt {attempt}).',
  'option-dropped': 'The endpoint did not accept the option "{option}", so it was left out: {reason}',
  'stop.max-steps': 'Stopped: step limit ({limit}) reached.',
  'stop.max-tool-calls': 'Stopped: tool call limit ({limit}) reached.',
  'tool-calls-dropped':
    'The model asked for {requested} tool calls at once. Tool call limit ({limit}): {kept} run, {dropped} dropped.',
  'stop.deadline': 'Stopped: time limit ({duration}) reached.',
  'stop.no-progress': 'Stopped: no progress — {tool} was called {times} times in a row with the same arguments.',
  'stop.aborted': 'Stopped by the user.',
  'stop.token-budget': 'Stopped: the token budget ({limit} tokens for all agents together) is used up ({used} used).',
  'stop.plan-unstable':
    'Stopped: no progress — the plan changed {times} times in a row without a tool call or an answer.',
  'stop.decision-invalid':
    'Stopped: the model did not reply with a valid JSON decision, even after a correction ({problem}).',
  'decision-correction':
    'The reply was not a valid JSON decision ({problem}), so the model was asked once to correct it.',
  'response-format-fallback':
    'The endpoint refused response_format {from}, so the agent asks for {to} from now on: {reason}',
  'answer-check-unreadable': 'The answer check gave no verdict ({problem}); the answer stands.',
  'answer-check-no-room': 'The answer check found unsupported claims ({claims}), but no step was left to revise.',
} as const;

/** A key of the loop's wording. */
export type AgentTextKey = keyof typeof agentTextEnglish;

/** Every key of the loop's wording (for validating saved sessions). */
export const AGENT_TEXT_KEYS = Object.keys(agentTextEnglish) as [AgentTextKey, ...AgentTextKey[]];

/** A message of the loop: key and plain values. */
export interface AgentText extends TextRef<AgentTextKey> {
  values?: Readonly<Record<string, string | number>>;
}

/** A loop message in English (the form spans, logs and older saved sessions keep). */
export function agentEnglish(text: AgentText | readonly AgentText[]): string {
  return renderText(agentTextEnglish, text);
}
