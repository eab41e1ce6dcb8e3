import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { readObservation, type Observation } from './observation.ts';
import { detectLanguage, type DemoLanguage } from './text.ts';
import { isRevisionRequest } from './answer-check.ts';
import { BUILTIN_TOOL_NAMES } from '../tools/builtin-names.ts';

/** One tool call the model made since the user's last message, with its result once it arrived. */
export interface ToolExchange {
  name: string;
  arguments: Record<string, unknown>;
  observation?: Observation;
}

/** How the model is being spoken to: native function calling, text ReAct, JSON plan decisions, or plain chat without tools. */
export type DemoProtocol = 'tools' | 'react' | 'json' | 'plain';

/** What the scripted model needs to know about a request, read statelessly from its messages. */
export interface ConversationState {
  userText: string;
  language: DemoLanguage;
  protocol: DemoProtocol;
  /** Names of the tools offered (native) or named in the ReAct system prompt. */
  offered: Set<string>;
  /** JSON Schemas of the offered tools, by name (native mode only). */
  schemas: Map<string, Record<string, unknown>>;
  /** Descriptions of the offered tools, by name (native mode only): `query_data`'s lists the tables. */
  descriptions: Map<string, string>;
  exchanges: ToolExchange[];
  /** Tool calls in the whole conversation, so new call ids never repeat earlier ones. */
  priorToolCalls: number;
  systemText: string;
  /** The city of the latest get_weather call before the user's last message, for "that city" follow-ups. */
  earlierWeatherCity?: string;
  /** The date (YYYY-MM-DD) of the latest answer that gave one, for "300 days after that?" follow-ups. */
  earlierDate?: string;
}

const OBSERVATION_PREFIX = /^\s*Observation\b[^:\n]*:\s*/iu;

/** True for protocol messages sent as `user`: observations, format corrections, the JSON plan's "go on". */
export function isProtocolUserMessage(content: string): boolean {
  return (
    OBSERVATION_PREFIX.test(content) ||
    (/Action Input\s*:/u.test(content) && /Final Answer\s*:/u.test(content)) ||
    /^(?:Your last reply was not a valid JSON decision|Go on with the plan: reply with your next decision)/u.test(
      content,
    ) ||
    isRevisionRequest(content)
  );
}

/** True when a system prompt carries the JSON plan protocol's decision format. */
export function hasJsonPlanInstructions(systemText: string): boolean {
  return (
    /"type":\s*"tool_call"/u.test(systemText) &&
    /"type":\s*"final"/u.test(systemText) &&
    /"type":\s*"plan"/u.test(systemText)
  );
}

/** The JSON decisions of an assistant message in the JSON plan protocol (history rewritten from native calls may hold several, one a line). */
export function readJsonDecisions(content: string): Record<string, unknown>[] {
  return content.split('\n').flatMap((line) => {
    const text = line.trim();
    if (!text.startsWith('{')) return [];
    const value = parseArguments(text);
    return typeof value.type === 'string' ? [value] : [];
  });
}

/** True when a system prompt carries the text-ReAct format instructions. */
export function hasReactInstructions(systemText: string): boolean {
  return /Action\s*:/u.test(systemText) && /Action Input\s*:/u.test(systemText) && /Final Answer\s*:/u.test(systemText);
}

function parseArguments(raw: string): Record<string, unknown> {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Reads every `Action:` / `Action Input:` pair of a text-ReAct assistant message (history rewritten from native calls may hold several). */
export function readReactActions(content: string): { name: string; arguments: Record<string, unknown> }[] {
  const pattern =
    /^[ \t]*Action\s*[:：]\s*`?([\w.-]+)`?[ \t]*(?:\r?\n[ \t]*Action Input\s*[:：]\s*([\s\S]*?))?(?=\r?\n[ \t]*(?:Action|Observation|Thought|Final Answer)\s*[:：]|$(?![\s\S]))/gimu;
  return [...content.matchAll(pattern)].map((match) => {
    const raw = (match[2] ?? '').trim().replace(/^```(?:json)?\s*|\s*```$/gu, '');
    return { name: match[1] ?? '', arguments: parseArguments(raw) };
  });
}

/** The observations of a text-ReAct user message; several results may share one message. */
function readObservations(content: string): string[] {
  return content
    .split(/(?:^|\r?\n\r?\n)[ \t]*Observation\b[^:\n]*:[ \t]*/iu)
    .slice(1)
    .map((part) => part.trim());
}

function offeredInReact(systemText: string): Set<string> {
  // The protocol prompt lists the tools as "exactly one of [a, b, c]"; other text may mention tools that are off.
  const listed = /one of \[([^\]]*)\]/iu.exec(systemText)?.[1];
  if (listed !== undefined)
    return new Set(
      listed
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    );
  // Without that list: the built-in tools the prompt names (the demo knows each of them).
  return new Set(BUILTIN_TOOL_NAMES.filter((name) => new RegExp(`\\b${name}\\b`, 'u').test(systemText)));
}

function collectExchanges(after: ChatMessage[], protocol: DemoProtocol): ToolExchange[] {
  const exchanges: ToolExchange[] = [];
  // Results belong to the closest preceding assistant message; ids are matched within that group.
  let group: { id: string; exchange: ToolExchange }[] = [];
  for (const message of after) {
    if (message.role === 'assistant') {
      group = [];
      if (protocol === 'json' && message.content) {
        for (const decision of readJsonDecisions(message.content)) {
          if (decision.type !== 'tool_call' || typeof decision.tool !== 'string') continue;
          const args =
            typeof decision.args === 'object' && decision.args !== null && !Array.isArray(decision.args)
              ? (decision.args as Record<string, unknown>)
              : {};
          const exchange: ToolExchange = { name: decision.tool, arguments: args };
          exchanges.push(exchange);
          group.push({ id: '', exchange });
        }
      }
      if (protocol === 'react' && message.content) {
        for (const action of readReactActions(message.content)) {
          const exchange: ToolExchange = { name: action.name, arguments: action.arguments };
          exchanges.push(exchange);
          group.push({ id: '', exchange });
        }
      }
      for (const call of message.tool_calls ?? []) {
        const exchange: ToolExchange = { name: call.function.name, arguments: parseArguments(call.function.arguments) };
        exchanges.push(exchange);
        group.push({ id: call.id, exchange });
      }
    } else if (message.role === 'tool') {
      const target =
        group.find((entry) => entry.id === message.tool_call_id && !entry.exchange.observation) ??
        group.find((entry) => !entry.exchange.observation);
      if (target) target.exchange.observation = readObservation(message.content);
    } else if (message.role === 'user' && OBSERVATION_PREFIX.test(message.content)) {
      for (const observation of readObservations(message.content)) {
        const target = group.find((entry) => !entry.exchange.observation);
        if (target) target.exchange.observation = readObservation(observation);
      }
    }
  }
  return exchanges;
}

/** The city argument of the latest get_weather call in these messages (native calls, or text-ReAct actions). */
function latestWeatherCity(messages: ChatMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role !== 'assistant') continue;
    const calls = [
      ...(message.content ? readReactActions(message.content) : []),
      ...(message.tool_calls ?? []).map((call) => ({
        name: call.function.name,
        arguments: parseArguments(call.function.arguments),
      })),
    ];
    const city = calls.findLast(
      (call) =>
        call.name === 'get_weather' && typeof call.arguments.city === 'string' && call.arguments.city.trim() !== '',
    )?.arguments.city;
    if (typeof city === 'string') return city.trim();
  }
  return undefined;
}

/** The date the latest dated answer gave: its bold date ("is **2024-10-17**"), else the last date it wrote. */
function latestAnsweredDate(messages: ChatMessage[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role !== 'assistant' || !message.content) continue;
    const bold = [...message.content.matchAll(/\*\*(\d{4}-\d{2}-\d{2})\*\*/gu)].at(-1)?.[1];
    const any = [...message.content.matchAll(/\d{4}-\d{2}-\d{2}/gu)].at(-1)?.[0];
    if (bold ?? any) return bold ?? any;
  }
  return undefined;
}

/** Reads the request: the last real user message, the protocol in use, the offered tools and the tool calls made since. */
export function readConversation(request: { messages: ChatMessage[]; tools?: ToolSpec[] }): ConversationState {
  const { messages } = request;
  const systemText = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const tools = request.tools ?? [];
  const protocol: DemoProtocol =
    tools.length > 0
      ? 'tools'
      : hasJsonPlanInstructions(systemText)
        ? 'json'
        : hasReactInstructions(systemText)
          ? 'react'
          : 'plain';
  let lastUserIndex = -1;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (
      message?.role === 'user' &&
      !((protocol === 'react' || protocol === 'json') && isProtocolUserMessage(message.content)) &&
      !isRevisionRequest(message.content)
    ) {
      lastUserIndex = index;
      break;
    }
  }
  const userMessage = messages[lastUserIndex];
  const userText = userMessage?.role === 'user' ? userMessage.content : '';
  const offered =
    protocol === 'tools'
      ? new Set(tools.map((tool) => tool.function.name))
      : protocol === 'react' || protocol === 'json'
        ? offeredInReact(systemText)
        : new Set<string>();
  const schemas = new Map(tools.map((tool) => [tool.function.name, tool.function.parameters] as const));
  const descriptions = new Map(tools.map((tool) => [tool.function.name, tool.function.description ?? ''] as const));
  const priorToolCalls = messages.reduce(
    (count, message) => count + (message.role === 'assistant' ? (message.tool_calls?.length ?? 0) : 0),
    0,
  );
  const before = messages.slice(0, Math.max(0, lastUserIndex));
  const earlierWeatherCity = latestWeatherCity(before);
  const earlierDate = latestAnsweredDate(before);
  return {
    ...(earlierWeatherCity === undefined ? {} : { earlierWeatherCity }),
    ...(earlierDate === undefined ? {} : { earlierDate }),
    userText,
    language: detectLanguage(userText),
    protocol,
    offered,
    schemas,
    descriptions,
    exchanges: collectExchanges(messages.slice(lastUserIndex + 1), protocol),
    priorToolCalls,
    systemText,
  };
}
