import { ANSWER_CHECK_PROMPT_START, REVISION_REQUEST_START } from '../agent/answer-check.ts';
import { findContradictions, readDates, readNumbers, type Evidence } from '../agent/answer-facts.ts';
import type { ChatMessage } from '../model/model.ts';
import { say } from './answers.ts';
import type { ConversationState } from './conversation.ts';
import { detectLanguage } from './text.ts';

/**
 * The demo's part in the answer check (PRODUCT.md §9). A question that names the answer check ("Answer check demo:
 * what is 1234 * 56?", "答案检查演示：…") gets a careless first draft — the tool's number or date misstated — so the
 * check has something to catch; the verdict call is answered by comparing the answer with the tool results; and
 * after the revision request the demo answers correctly.
 */

const DEMO_TRIGGER = /answer[ -]check|答案检查/iu;

/** True for the answer check's verdict call (recognised by its system prompt). */
export function isAnswerCheckRequest(systemText: string): boolean {
  return systemText.trimStart().startsWith(ANSWER_CHECK_PROMPT_START);
}

/** True for the revision request the loop sends after an unsupported answer. */
export function isRevisionRequest(content: string): boolean {
  return content.startsWith(REVISION_REQUEST_START);
}

/** The verdict on the answer in the check request: not supported when it contradicts a tool result it was given. */
export function verdictReply(messages: readonly ChatMessage[]): string {
  const request = messages.findLast((message) => message.role === 'user')?.content ?? '';
  const payload = readPayload(request);
  if (!payload) return JSON.stringify({ verdict: 'supported', claims: [] });
  const language = detectLanguage(payload.question);
  const findings = findContradictions(payload.answer, payload.evidence, payload.question);
  if (findings.length === 0) return JSON.stringify({ verdict: 'supported', claims: [] });
  const claims = findings.map((item) =>
    say(
      language,
      `The answer says ${item.claim}, but ${item.tool} returned ${item.expected}.`,
      `答案写的是 ${item.claim}，但 ${item.tool} 返回的是 ${item.expected}。`,
    ),
  );
  return JSON.stringify({ verdict: 'not_supported', claims });
}

function readPayload(text: string): { question: string; answer: string; evidence: Evidence[] } | undefined {
  const start = text.indexOf('{');
  if (start === -1) return undefined;
  try {
    const value = JSON.parse(text.slice(start)) as { question?: unknown; answer?: unknown; tool_results?: unknown };
    if (typeof value.answer !== 'string') return undefined;
    const results = Array.isArray(value.tool_results) ? (value.tool_results as Record<string, unknown>[]) : [];
    const evidence = results
      .filter((item) => item.failed !== true)
      .map((item) => ({
        tool: String(item.tool ?? 'tool'),
        arguments: String(item.arguments ?? '{}'),
        result: String(item.result ?? ''),
      }));
    return { question: typeof value.question === 'string' ? value.question : '', answer: value.answer, evidence };
  } catch {
    return undefined;
  }
}

/** True when the demo should draft carelessly: the question names the answer check and no revision was asked yet. */
export function wantsCarelessDraft(state: ConversationState, messages: readonly ChatMessage[]): boolean {
  if (!DEMO_TRIGGER.test(state.userText)) return false;
  const last = messages.findLast((message) => message.role === 'user');
  return !(last?.role === 'user' && isRevisionRequest(last.content));
}

/** The answer with the first tool date or number it repeats misstated: a day later, or two digits swapped. */
export function carelessDraft(answer: string, state: ConversationState): string {
  const results = state.exchanges.flatMap((exchange) => (exchange.observation?.ok ? [exchange.observation.text] : []));
  for (const result of results) {
    // The last date or number of a result is its outcome (`{"expression": …, "result": 69104}`).
    for (const date of readDates(result).toReversed()) {
      if (!answer.includes(date.raw) || date.day >= 28) continue;
      const wrong = date.raw.replace(
        /(\d{1,2})(\D*)$/u,
        (_match, day: string, rest: string) => `${String(Number(day) + 1).padStart(day.length, '0')}${rest}`,
      );
      return answer.split(date.raw).join(wrong);
    }
    for (const number of readNumbers(result).toReversed()) {
      if (number.digits.length < 3 || !answer.includes(number.raw)) continue;
      return answer.split(number.raw).join(swapLastDigits(number.raw));
    }
  }
  return answer;
}

/** Swaps the last two different digits (69104 → 69140; 1000 → 1010 would be round, so 1001). */
function swapLastDigits(raw: string): string {
  const characters = [...raw];
  const positions = characters.flatMap((character, index) => (/\d/u.test(character) ? [index] : []));
  const last = positions.at(-1);
  const before = positions.at(-2);
  if (last === undefined || before === undefined) return raw;
  if (characters[last] === characters[before]) characters[last] = String((Number(characters[last]) + 1) % 10);
  else [characters[last], characters[before]] = [characters[before] as string, characters[last] as string];
  return characters.join('');
}
