import type { ChatMessage } from '../model/model.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import { decisionText, parseDecision } from './json-plan-decision.ts';

/** The first words of the correction request (the history rewrite keeps the reply it corrects as it came). */
const CORRECTION_PREFIX = 'Your last reply was not a valid JSON decision';

/** What the model is told after a plan decision, so the next request does not end with its own message. */
export const CONTINUE_AFTER_PLAN = 'Go on with the plan: reply with your next decision as one JSON object.';

/** The system prompt for JSON plan: the user's prompt, the decision format, and every tool with its JSON Schema. */
export function buildJsonPlanSystemPrompt(systemPrompt: string, tools: readonly AnyTool[]): string {
  const toolLines =
    tools.length === 0
      ? ['No tools are available: answer with a "final" decision.']
      : [
          `Tools (the "tool" value is exactly one of [${tools.map((tool) => tool.name).join(', ')}]):`,
          ...tools.map(
            (tool) =>
              `- ${tool.name}: ${tool.description}\n  Arguments (JSON Schema): ${JSON.stringify(tool.parameters)}`,
          ),
        ];
  const protocol = [
    'Reply with exactly one JSON object and nothing else: no prose, no code fence. Each reply is one decision:',
    '',
    '{"type": "plan", "plan": ["first step", "second step"], "next": "first step"}: your plan, first, for a task that needs more than one step. Send a new plan only when the plan must change.',
    '{"type": "tool_call", "tool": "tool name", "args": {"argument": "value"}, "next": "the plan step this call serves"}: call one tool. Its result comes back in a message that starts with "Observation".',
    '{"type": "final", "answer": "your complete answer for the user, in Markdown"}: when you can answer.',
    '',
    'Any decision may add "memory_note": "a lasting fact about the user worth remembering in later conversations". Keys a decision does not use are null.',
    '',
    ...toolLines,
  ].join('\n');
  return systemPrompt.trim() === '' ? protocol : `${systemPrompt.trim()}\n\n${protocol}`;
}

/** The user message that asks once more for a valid decision, quoting what was wrong. */
export function decisionCorrectionMessage(problem: string): string {
  return [
    `${CORRECTION_PREFIX}: ${problem}`,
    'Reply again with exactly one JSON object: {"type": "plan", "plan": [...]}, {"type": "tool_call", "tool": "...", "args": {...}} or {"type": "final", "answer": "..."}.',
  ].join('\n');
}

/**
 * Rewrites the conversation for the JSON plan protocol: assistant tool calls become `tool_call` decisions, tool
 * results become user messages starting `Observation`, earlier plain answers become `final` decisions, and a
 * conversation that ends with the model's own plan gets a short request to go on.
 */
export function toJsonPlanMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  const toolNames = new Map<string, string>();
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length === 0) return;
    out.push({ role: 'user', content: pending.join('\n\n') });
    pending = [];
  };
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      const name = toolNames.get(message.tool_call_id);
      pending.push(`Observation${name ? ` (${name})` : ''}: ${message.content}`);
      return;
    }
    flush();
    if (message.role !== 'assistant') {
      out.push(message);
      return;
    }
    if (message.tool_calls?.length) {
      const decisions = message.tool_calls.map((call) => {
        toolNames.set(call.id, call.function.name);
        return decisionText({
          type: 'tool_call',
          tool: call.function.name,
          args: argumentsObject(call.function.arguments),
        });
      });
      out.push({ role: 'assistant', content: decisions.join('\n') });
      return;
    }
    const content = message.content ?? '';
    const following = messages[index + 1];
    const corrected = following?.role === 'user' && following.content.startsWith(CORRECTION_PREFIX);
    if (corrected) out.push({ role: 'assistant', content: content.trim() === '' ? '(empty reply)' : content });
    else if (parseDecision(content).ok) out.push({ role: 'assistant', content });
    else out.push({ role: 'assistant', content: decisionText({ type: 'final', answer: content }) });
  });
  flush();
  if (out.at(-1)?.role === 'assistant') out.push({ role: 'user', content: CONTINUE_AFTER_PLAN });
  return out;
}

function argumentsObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text.trim() === '' ? '{}' : text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { input: text };
  } catch {
    return { input: text };
  }
}
