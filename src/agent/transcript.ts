import type { AgentText } from './notice-text.ts';
import type { ChatMessage } from '../model/model.ts';

/** Why a run ended. */
export type StopReason =
  | 'final-answer'
  | 'max-steps'
  | 'max-tool-calls'
  | 'deadline'
  | 'no-progress'
  /** The tokens of all agents of a run together reached the roster's token budget. */
  | 'token-budget'
  | 'aborted'
  | 'model-error'
  | 'interrupted'
  /** A bug in the runtime or a failing event sink (e.g. storage refused a step). */
  | 'internal-error';

/** How a run ended, as the run status shows it. */
export type RunOutcome = 'done' | 'error' | 'stopped';

/** Extra facts about a transcript entry that the chat shows but the endpoint never sees. */
export interface TranscriptMeta {
  finishReason?: string;
  /** Sessions saved before notices were data only: the notices in English, shown as they are (never written now). */
  notice?: string;
  /** The notices under the message (cut off, content filter, protocol switched, limit reached) as key + values. */
  noticeText?: AgentText[];
  /** Tool result status, for tool messages; `cancelled` when Stop or the run's time limit interrupted the call. */
  toolStatus?: 'ok' | 'error' | 'denied' | 'cancelled';
  toolName?: string;
  durationMs?: number;
  /** A protocol message (text-ReAct observation or format correction), not typed by the user. */
  synthetic?: boolean;
  /** The raw model text when the text-ReAct protocol produced this entry. */
  rawText?: string;
  /** Partial output kept after Stop or an error. */
  partial?: boolean;
  /** A tool result answered from a recorded run (a fork reusing recorded tool results): the tool did not run. */
  replayed?: boolean;
  /** JSON plan: the steps of a `plan` decision (the chat shows them as the run's `Plan` checklist). */
  plan?: string[];
  /** JSON plan: the plan step the decision said it works on next (`next`), which ticks the steps before it. */
  planNext?: string;
  /** A pure tool's result answered from the session's cache: the tool did not run again. */
  cached?: boolean;
  /**
   * The answer check's superseded draft, and the revision request that followed it: the run id. The chat shows the
   * draft as a collapsed `Draft answer` (the request is not shown); neither is sent to the model in later runs.
   */
  draftOf?: string;
  /** On a draft: the claims the answer check found unsupported (deterministic findings, then the model's). */
  checkClaims?: string[];
  /** The entry belongs to a delegated run: the `delegate_<agent>` call `parentCallId` (shown in its group, never sent to the parent's model). */
  delegation?: { parentCallId: string; agent: string };
}

/** One message of a session's conversation, with the metadata the app keeps around it. */
export interface TranscriptEntry {
  /** `msg_…` */
  id: string;
  sessionId: string;
  /** The run (`run_…` span id of its root) that produced it; user messages carry the run they started. */
  runId: string;
  createdAt: number;
  message: ChatMessage;
  /** Reasoning text shown collapsible; never sent back to the endpoint. */
  reasoning?: string;
  /** The span that produced this entry (llm span for assistant text, tool span for tool results). */
  spanId?: string;
  meta?: TranscriptMeta;
}
