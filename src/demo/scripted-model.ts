import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { readConversation, type ConversationState } from './conversation.ts';
import { summaryText } from './help.ts';
import { detectIntent } from './intents.ts';
import { planNextMove, type Decision } from './planner.ts';
import { planTeamMove } from './team.ts';
import { toJsonPlanText } from './json-plan.ts';
import { carelessDraft, isAnswerCheckRequest, verdictReply, wantsCarelessDraft } from './answer-check.ts';

/** A tool call in a scripted reply; the wire layer gives it an id. */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What the scripted model answers to one chat request, before it is put on the wire. */
export interface ScriptedReply {
  content?: string;
  reasoning?: string;
  toolCalls?: ScriptedToolCall[];
  finishReason: 'stop' | 'tool_calls';
}

/** The part of a chat-completions request the scripted model reads. */
export interface ScriptRequest {
  messages: ChatMessage[];
  tools?: ToolSpec[];
}

const SUMMARY_INSTRUCTION = /summar(?:y|ise|ize|ising|izing)|condense|总结|摘要|概括|压缩/iu;
const CONVERSATION_WORD = /conversation|transcript|messages|dialog|chat history|对话|聊天记录|消息/iu;

/** True for the agent's context-compaction call: no tools, and a prompt asking to summarise the conversation. */
function isSummaryRequest(state: ConversationState): boolean {
  if (state.protocol !== 'plain') return false;
  if (SUMMARY_INSTRUCTION.test(state.systemText)) return true;
  return SUMMARY_INSTRUCTION.test(state.userText) && CONVERSATION_WORD.test(state.userText);
}

function toReactText(decision: Decision): string {
  if (decision.kind === 'answer') return `Thought: ${decision.thought}\nFinal Answer: ${decision.text}`;
  // Text ReAct allows one action per turn; further calls follow after the observation.
  const first = decision.calls[0];
  if (!first) return `Thought: ${decision.thought}\nFinal Answer: ${decision.thought}`;
  return `Thought: ${decision.thought}\nAction: ${first.name}\nAction Input: ${JSON.stringify(first.arguments)}`;
}

/**
 * The offline demo model: a deterministic reply computed from the request alone (stateless).
 * It plans tool calls for what it recognises, answers from tool results once they are in the messages,
 * speaks text ReAct when the system prompt asks for it, and otherwise explains what it can do.
 */
export function scriptReply(request: ScriptRequest): ScriptedReply {
  const state = readConversation(request);
  if (isSummaryRequest(state)) return { content: summaryText(request.messages), finishReason: 'stop' };
  if (isAnswerCheckRequest(state.systemText)) return { content: verdictReply(request.messages), finishReason: 'stop' };
  // The team dialogue first: a delegate is recognised by its system prompt, whatever its task says.
  const planned = planTeamMove(state) ?? planNextMove(detectIntent(state.userText), state);
  const decision =
    planned.kind === 'answer' && wantsCarelessDraft(state, request.messages)
      ? { ...planned, text: carelessDraft(planned.text, state) }
      : planned;
  if (state.protocol === 'react') return { content: toReactText(decision), finishReason: 'stop' };
  if (state.protocol === 'json')
    return {
      reasoning: decision.thought,
      content: toJsonPlanText(decision, state, request.messages),
      finishReason: 'stop',
    };
  if (decision.kind === 'call')
    return { reasoning: decision.thought, toolCalls: decision.calls, finishReason: 'tool_calls' };
  return { reasoning: decision.thought, content: decision.text, finishReason: 'stop' };
}
