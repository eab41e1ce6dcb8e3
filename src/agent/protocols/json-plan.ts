import type { ChatMessage } from '../../model/model.ts';
import type { AnyTool } from '../../tools/define-tool.ts';
import { decisionJsonSchema, decisionText, parseDecision, readPartialDecision } from '../json-plan-decision.ts';
import { stopEnd } from '../stop-conditions.ts';
import { createNotice } from '../transcript-entries.ts';
import type { Decision, MalformedRecovery, ProtocolReplyInput, WireProtocol } from './protocol.ts';

/**
 * JSON plan: every reply is one JSON decision (`plan`, `tool_call` or `final`), asked for with `response_format`.
 * A reply that does not parse or validate gets one correction request quoting the validator; a second one in a row
 * ends the run with that message.
 */
export const jsonPlan: WireProtocol = {
  name: 'json',
  buildRequest({ system, messages, tools }) {
    return {
      messages: [
        { role: 'system', content: buildJsonPlanSystemPrompt(system, tools) },
        ...toJsonPlanMessages(messages),
      ],
      responseFormat: { name: 'agent_decision', schema: decisionJsonSchema(tools) },
    };
  },
  interpret: interpretJsonPlan,
  // A decision cut short keeps what it shows (the answer so far, the plan's steps), not its raw JSON.
  partialAnswer(text) {
    const decision = readPartialDecision(text);
    const plan = decision.type === 'plan' && decision.plan?.length ? { plan: decision.plan } : {};
    return { content: decision.answer ?? '', meta: { rawText: text, ...plan } };
  },
  decisionView: readPartialDecision,
  revisionHint: ' Reply with one JSON decision, as before.',
};

function interpretJsonPlan({ response, tools, callIdPrefix, afterCorrection }: ProtocolReplyInput): Decision {
  const rawText = response.text;
  const parsed = parseDecision(rawText, tools);
  if (!parsed.ok) {
    const { problem } = parsed;
    const recovery: MalformedRecovery = afterCorrection
      ? { type: 'end', end: stopEnd('no-progress', { key: 'stop.decision-invalid', values: { problem } }) }
      : {
          type: 'correct',
          message: decisionCorrectionMessage(problem),
          notice: createNotice('decision-invalid', { key: 'decision-correction', values: { problem } }),
        };
    return { type: 'malformed', problem, content: rawText, rawText, recovery };
  }
  const { decision } = parsed;
  const facts = {
    rawText,
    ...(decision.next === undefined ? {} : { next: decision.next }),
    ...(decision.memoryNote ? { memoryNote: decision.memoryNote } : {}),
  };
  switch (decision.type) {
    case 'plan':
      return { type: 'plan', plan: decision.plan, content: decisionText(decision), ...facts };
    case 'final':
      return { type: 'final', answer: decision.answer, ...facts };
    case 'tool_call': {
      const args = JSON.stringify(decision.args);
      const call = {
        id: `${callIdPrefix}_0`,
        type: 'function' as const,
        function: { name: decision.tool, arguments: args },
      };
      return { type: 'tool-calls', calls: [call], text: '', ...facts };
    }
  }
}

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
