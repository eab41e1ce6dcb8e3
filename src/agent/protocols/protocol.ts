import type { ProtocolMemory } from '../../model/endpoint-memory.ts';
import type { ChatMessage, ModelRequest, ModelResponse, ToolCall } from '../../model/model.ts';
import type { AnyTool } from '../../tools/define-tool.ts';
import type { PartialDecision } from '../json-plan-decision.ts';
import type { RunEnd } from '../stop-conditions.ts';
import type { Notice } from '../transcript-entries.ts';
import type { TranscriptMeta } from '../transcript.ts';

/**
 * A wire protocol: how the agent talks to a model about tools. Each protocol is one object (one file in this folder,
 * registered in index.ts); the loop builds requests and acts on decisions through this interface and never asks
 * which protocol it holds.
 */
export interface WireProtocol {
  /** The name settings, the endpoint memory and the `run.protocol` span attribute use. */
  readonly name: ProtocolName;
  /** Builds the request for one model call from the conversation (in native form) and the enabled tools. */
  buildRequest(input: ProtocolRequestInput): ModelRequest;
  /** Reads a reply into what the loop does next. */
  interpret(input: ProtocolReplyInput): Decision;
  /** What a reply cut short (Stop, an error) shows: its content, and meta to keep with it. */
  partialAnswer(text: string): PartialAnswer;
  /** Present when the reply streams as a decision: the decision so far from the text so far (`decision-delta`). */
  readonly decisionView?: (textSoFar: string) => PartialDecision;
  /** Appended to the answer check's revision request: how to reply in this protocol ('' when nothing is needed). */
  readonly revisionHint: string;
  /**
   * The protocol to switch to (for the rest of the run, and remembered for the endpoint) when a call fails with
   * `error` under the automatic protocol setting; undefined to let the error end the run.
   */
  fallbackFor?(error: unknown): RememberedProtocol | undefined;
}

/** The registered protocols' names. Adding a protocol adds its name here and its object in index.ts. */
export type ProtocolName = 'tools' | 'react' | 'json' | 'grammar';

/** A protocol name the endpoint memory keeps (what an automatic fallback may switch to). */
export type RememberedProtocol = Parameters<ProtocolMemory['set']>[1];

/** What a request is built from. */
export interface ProtocolRequestInput {
  /** The system prompt (the user's, merged with any leading system messages); may be ''. */
  system: string;
  /** The conversation after the system messages, in native form (assistant `tool_calls`, `tool` results). */
  messages: readonly ChatMessage[];
  tools: readonly AnyTool[];
}

/** What a reply is read with. */
export interface ProtocolReplyInput {
  response: ModelResponse;
  tools: readonly AnyTool[];
  /** Ids of calls this step makes up are `${callIdPrefix}_${index}`. */
  callIdPrefix: string;
  /** Ignore the endpoint's call ids and make fresh ones (a delegated run must not reuse its parent's). */
  freshCallIds: boolean;
  /** The previous step asked for a correction of a malformed reply: this reply is the second try. */
  afterCorrection: boolean;
}

/** What the loop does after a malformed reply: ask once for a correction, or end the run. */
export type MalformedRecovery = { type: 'correct'; message: string; notice?: Notice } | { type: 'end'; end: RunEnd };

/** Facts any decision may carry. */
interface DecisionFacts {
  /** The model's stated reasoning (a ReAct `Thought`), shown with the endpoint's reasoning. */
  thought?: string;
  /** The reply's text as it came, kept on the entry when it is protocol text rather than an answer. */
  rawText?: string;
  /** The plan step the decision works on next. */
  next?: string;
  /** A lasting fact about the user the model asked to remember. */
  memoryNote?: string;
}

/** A reply, understood. */
export type Decision = DecisionFacts &
  (
    | { type: 'tool-calls'; calls: ToolCall[]; text: string }
    | { type: 'final'; answer: string }
    | { type: 'plan'; plan: string[]; content: string }
    /** `content`: what the assistant entry keeps of the reply; `problem`: why it does not count. */
    | { type: 'malformed'; problem: string; content: string; recovery: MalformedRecovery }
  );

/** What a reply cut short shows. */
export interface PartialAnswer {
  content: string;
  meta: Pick<TranscriptMeta, 'rawText' | 'plan'>;
}

/** The messages with the system message first, when there is one. */
export function withSystem(system: string, messages: readonly ChatMessage[]): ChatMessage[] {
  return system === '' ? [...messages] : [{ role: 'system', content: system }, ...messages];
}
