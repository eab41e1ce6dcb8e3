import type { ChatMessage, ToolCall } from '../../model/model.ts';
import type { AnyTool } from '../../tools/define-tool.ts';
import { parseReactReply } from '../react-parse.ts';
import { interpretNativeReply } from './native-tools.ts';
import { withSystem, type Decision, type ProtocolReplyInput, type WireProtocol } from './protocol.ts';

/**
 * Text ReAct, for endpoints without native tool calling: the tools and the Thought / Action / Action Input format are
 * described in the system prompt, results go back as `Observation:` messages. A malformed reply gets one correction
 * request; a second malformed reply in a row is taken as the answer. Without tools it is plain chat.
 */
export const reactText: WireProtocol = {
  name: 'react',
  buildRequest({ system, messages, tools }) {
    const prompt = tools.length > 0 ? buildReactSystemPrompt(system, tools) : system;
    return { messages: withSystem(prompt, toReactMessages(messages)) };
  },
  interpret: (input) => (input.tools.length === 0 ? interpretNativeReply(input) : interpretReact(input)),
  partialAnswer: (text) => ({ content: text, meta: {} }),
  revisionHint: ' Use the same format as before (Thought, then Action and Action Input, or Final Answer).',
};

function interpretReact({ response, tools, callIdPrefix, afterCorrection }: ProtocolReplyInput): Decision {
  const rawText = response.text;
  const decision = interpretReactReply(rawText, tools, `${callIdPrefix}_0`);
  const thought = decision.type === 'invalid' || decision.thought === undefined ? {} : { thought: decision.thought };
  if (decision.type === 'action') return { type: 'tool-calls', calls: [decision.call], text: '', rawText, ...thought };
  if (decision.type === 'final') return { type: 'final', answer: decision.answer, rawText, ...thought };
  // One format correction per malformed reply; a second malformed reply in a row is taken as the answer.
  if (afterCorrection) return { type: 'final', answer: rawText.trim(), rawText };
  const correction = formatCorrectionMessage(decision.problem, tools);
  return {
    type: 'malformed',
    problem: decision.problem,
    content: rawText,
    rawText,
    recovery: { type: 'correct', message: correction },
  };
}

/** A text-ReAct reply turned into what the loop acts on. */
export type ReactDecision =
  | { type: 'final'; answer: string; thought?: string }
  | { type: 'action'; call: ToolCall; thought?: string }
  | { type: 'invalid'; problem: string };

/** The system prompt for text ReAct: the user's prompt, the format, and every tool with its JSON Schema. */
export function buildReactSystemPrompt(systemPrompt: string, tools: readonly AnyTool[]): string {
  const names = tools.map((tool) => tool.name).join(', ');
  const toolList = tools
    .map((tool) => `- ${tool.name}: ${tool.description}\n  Arguments (JSON Schema): ${JSON.stringify(tool.parameters)}`)
    .join('\n');
  const protocol = [
    'You can use tools. To use one, reply in exactly this format and then stop:',
    '',
    'Thought: what you need to do next',
    `Action: the tool name, exactly one of [${names}]`,
    'Action Input: the arguments as one JSON object on one line',
    '',
    'The result comes back in a message that starts with "Observation:". Use as many Thought/Action/Action Input rounds as you need, one tool per reply. Never write an Observation yourself.',
    'When you can answer the user, reply in exactly this format:',
    '',
    'Thought: why you can answer now',
    'Final Answer: your complete answer for the user',
    '',
    'Tools:',
    toolList,
  ].join('\n');
  return systemPrompt.trim() === '' ? protocol : `${systemPrompt.trim()}\n\n${protocol}`;
}

/** The user message that asks once more for a reply in the ReAct format. */
export function formatCorrectionMessage(problem: string, tools: readonly AnyTool[]): string {
  return [
    `Your last reply did not follow the required format: ${problem}`,
    'Reply again in exactly one of these two forms.',
    '',
    'Thought: your reasoning',
    `Action: one of [${tools.map((tool) => tool.name).join(', ')}]`,
    'Action Input: the arguments as one JSON object',
    '',
    'or',
    '',
    'Thought: your reasoning',
    'Final Answer: your answer for the user',
  ].join('\n');
}

/** The user message that carries a tool's result back to the model. */
export function observationMessage(observation: string): string {
  return `Observation: ${observation}`;
}

/**
 * Rewrites native tool-calling history into text ReAct for endpoints without tool support: an assistant
 * message with tool calls becomes Action lines, tool results become user messages starting `Observation:`.
 */
export function toReactMessages(messages: readonly ChatMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  let pendingObservations: string[] = [];
  const flush = (): void => {
    if (pendingObservations.length === 0) return;
    out.push({ role: 'user', content: pendingObservations.join('\n\n') });
    pendingObservations = [];
  };
  for (const message of messages) {
    if (message.role === 'tool') {
      pendingObservations.push(observationMessage(message.content));
      continue;
    }
    flush();
    if (message.role === 'assistant' && message.tool_calls?.length) {
      const parts: string[] = [];
      if (message.content) parts.push(`Thought: ${message.content}`);
      for (const call of message.tool_calls) {
        parts.push(`Action: ${call.function.name}\nAction Input: ${call.function.arguments.trim() || '{}'}`);
      }
      out.push({ role: 'assistant', content: parts.join('\n') });
    } else {
      out.push(message);
    }
  }
  flush();
  return out;
}

/** Reads a ReAct reply; an Action becomes a tool call with the given id, with plain-text input mapped onto a one-argument tool. */
export function interpretReactReply(raw: string, tools: readonly AnyTool[], callId: string): ReactDecision {
  const parsed = parseReactReply(raw);
  if (parsed.type !== 'action') return parsed;
  // Small models often change the case of a tool name (`Calculator`); the name is matched without case.
  const tool =
    tools.find((candidate) => candidate.name === parsed.toolName) ??
    tools.find((candidate) => candidate.name.toLowerCase() === parsed.toolName.toLowerCase());
  const argumentsText = tool ? coerceInput(parsed.input, tool) : parsed.input;
  return {
    type: 'action',
    call: { id: callId, type: 'function', function: { name: tool?.name ?? parsed.toolName, arguments: argumentsText } },
    ...(parsed.thought === undefined ? {} : { thought: parsed.thought }),
  };
}

/** Plain text (`Paris`, `"2 + 2"`) given to a tool with a single string argument becomes `{"city": "Paris"}`. */
function coerceInput(input: string, tool: AnyTool): string {
  const text = input.trim();
  if (text === '' || text.startsWith('{')) return text;
  const properties = tool.parameters.properties;
  if (typeof properties !== 'object' || properties === null) return text;
  const entries = Object.entries(properties as Record<string, { type?: unknown }>);
  const required = Array.isArray(tool.parameters.required) ? (tool.parameters.required as unknown[]) : [];
  const candidates = entries.length === 1 ? entries : entries.filter(([key]) => required.includes(key));
  if (candidates.length !== 1) return text;
  const [key, schema] = candidates[0] as [string, { type?: unknown }];
  if (schema.type !== 'string') return text;
  const unquoted = /^(["'`])([\s\S]*)\1$/.exec(text)?.[2] ?? text;
  return JSON.stringify({ [key]: unquoted });
}
