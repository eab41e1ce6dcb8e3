import type { ProtocolMemory } from '../model/endpoint-memory.ts';
import type { ChatMessage, Model } from '../model/model.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import type { ApprovalRequest, ToolContext } from '../tools/tool-context.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import type { AgentEventSink } from './events.ts';
import type { PureToolCache, ToolReplay } from './execute-tool-calls.ts';
import type { ProtocolName } from './protocols/protocol.ts';
import type { RunOutcome, StopReason, TranscriptEntry } from './transcript.ts';

/** Everything one run of the agent needs; all non-determinism (ids, clock, signal) is injected. */
export interface RunAgentOptions {
  sessionId: string;
  model: Model;
  /** The enabled tools. */
  tools: AnyTool[];
  /** Full context to send (system prompt not included), ending with the new user message, or for a resume with whatever was saved. */
  history: ChatMessage[];
  systemPrompt: string;
  limits: {
    maxSteps: number;
    maxToolCalls: number;
    deadlineMs: number;
    toolTimeoutMs: number;
    maxObservationChars: number;
  };
  protocol: 'auto' | ProtocolName;
  /** The protocol each endpoint needed, remembered across runs (the model layer's endpoint memory). */
  protocolMemory?: ProtocolMemory;
  /** provider+baseUrl+model (`endpointKey`), for protocolMemory. */
  endpointKey?: string;
  tracer: Tracer;
  /** The user's message text, recorded on the run span. */
  runInput?: string;
  toolContext: Omit<ToolContext, 'callId' | 'signal' | 'sessionId'>;
  approve: ApprovalRequest;
  signal: AbortSignal;
  /** Awaited for 'step-end' (persistence) and 'run-end'. */
  onEvent: AgentEventSink;
  newId: (prefix: 'msg') => string;
  now: () => number;
  /**
   * Optional hook run before each model call to shape the context (compaction, memory recall); default identity.
   * After the endpoint rejects a request as longer than the context window, it is called once more with
   * `force: true` and the call is retried once.
   */
  prepareContext?: (messages: ChatMessage[], info: PrepareContextInfo) => Promise<ChatMessage[]>;
  /** Answers tool calls from a recorded run instead of running them (a fork reusing recorded tool results). */
  replay?: ToolReplay;
  /** The session's cache of pure tool results (calculator, date_calc): a repeated call is answered from it. */
  toolCache?: PureToolCache;
  /** Delegation on: the roster's agents are offered as `delegate_<name>` tools (see delegation.ts). */
  delegation?: DelegationOptions;
  /** Set by a delegation on the run it starts: the run is an `agent` span inside the delegate tool span. */
  delegate?: DelegateFrame;
  /** Check the final answer against the run's tool results, and revise it once if unsupported (not in delegated runs). */
  answerCheck?: boolean;
}

/** What `prepareContext` is told about the call it prepares. */
export interface PrepareContextInfo {
  step: number;
  parentSpan: SpanHandle;
  signal: AbortSignal;
  /** The endpoint said the last request was too long for the context window: compact even if the estimate fits. */
  force?: boolean;
}

/** How a run ended and everything it added to the transcript. */
export interface RunResult {
  runId: string;
  outcome: RunOutcome;
  reason: StopReason;
  entries: TranscriptEntry[];
  message?: string;
}

/** One agent of the roster, resolved for a run: its prompt, the tools it may use and (optionally) its own model. */
export interface RosterAgent {
  name: string;
  systemPrompt: string;
  /** Only these tools are offered to it (delegate tools are added while the depth allows). */
  tools: AnyTool[];
  /** Its own model; the parent's model when absent. */
  model?: Model;
}

/** Delegation for a run: who can be delegated to, and the limits every level shares. */
export interface DelegationOptions {
  agents: RosterAgent[];
  /** How deep delegation may nest: 1 = only the main agent delegates. */
  maxDepth: number;
  /** Delegations per run, at every level together (each revision counts). */
  maxDelegations: number;
  /** Tokens (input + output) the whole run may use, all agents together; no limit when absent. */
  maxTokens?: number;
  /**
   * A resumed run: the stored transcripts of the delegations the interrupted run left unanswered, by their
   * `delegate_<name>` call id (at any depth). Such a delegation continues from its transcript: its finished tool
   * calls are not redone, and a delegate that had already answered is not asked again.
   */
  resumed?: ReadonlyMap<string, readonly ChatMessage[]>;
}

/** What all levels of one run share: counted as they go. */
export interface DelegationBudget {
  delegations: number;
  tokens: number;
  readonly maxDelegations: number;
  readonly maxTokens?: number;
  /** Epoch ms by which the whole run (every delegate too) must end. */
  readonly deadlineAt: number;
}

/** Set on the options of a delegated run: where it sits in the run. */
export interface DelegateFrame {
  agent: string;
  /** The `delegate_<name>` call this run answers. */
  parentCallId: string;
  /** 1 for an agent the main agent delegated to. */
  depth: number;
  /** The `delegate_<name>` tool span: the agent span nests in it. */
  parentSpan: SpanHandle;
  budget: DelegationBudget;
}
