import type { AgentText } from './notice-text.ts';
import type { PartialDecision } from './json-plan-decision.ts';
import type { ModelErrorKind } from '../model/model-error.ts';
import type { RunOutcome, StopReason, TranscriptEntry } from './transcript.ts';

/** A notice about a run, shown in the chat in plain words. */
export type NoticeCode =
  | 'cut-off'
  | 'content-filter'
  | 'refusal'
  | 'protocol-switched'
  | 'option-dropped'
  | 'limit-reached'
  /** One reply asked for more tool calls than the run had left; the rest were dropped unbuilt. */
  | 'tool-calls-dropped'
  | 'retrying'
  /** A failed model call is waiting to be sent again; stale once output arrives (the trace keeps the retry span). */
  | 'retry-wait'
  /** Under the part of an answer that arrived before the endpoint failed. */
  | 'partial-after-error'
  /** The endpoint refused a `response_format` level; a weaker one is used and remembered. */
  | 'response-format-fallback'
  /** A JSON plan reply did not parse or validate; a correction was asked for. */
  | 'decision-invalid'
  /** The answer check could not give a verdict (unreadable or failed), or found claims with no step left to revise. */
  | 'answer-check';

/** Everything the loop reports while it runs; the store consumes these (noun-then-verb names). */
export type AgentEvent =
  | { type: 'run-start'; runId: string; traceId: string }
  | { type: 'step-start'; step: number; spanId: string }
  | { type: 'text-delta'; delta: string }
  | { type: 'reasoning-delta'; delta: string }
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string }
  /** JSON plan: the decision streamed so far (plan steps, answer text) in place of its raw JSON text. */
  | { type: 'decision-delta'; decision: PartialDecision }
  | { type: 'entry-added'; entry: TranscriptEntry }
  | { type: 'tool-call'; callId: string; toolName: string; arguments: unknown; spanId: string }
  | { type: 'approval-request'; callId: string; toolName: string; arguments: unknown }
  | { type: 'approval-resolve'; callId: string; approved: boolean }
  | { type: 'tool-result'; callId: string; toolName: string; result: string; durationMs: number }
  | { type: 'tool-error'; callId: string; toolName: string; error: string; durationMs: number }
  /** `text` is key + values: the UI words it in its language (agentEnglish for spans and logs). */
  | { type: 'notice'; code: NoticeCode; text: AgentText }
  /** An event of a delegated run (at any depth), for the `delegate_<agent>` call `callId`. */
  | { type: 'delegated'; callId: string; agent: string; event: AgentEvent }
  /** Emitted after a step; `entries` are exactly what the step added. Awaited, so the sink can persist. */
  | { type: 'step-end'; step: number; entries: TranscriptEntry[] }
  | {
      type: 'run-end';
      outcome: RunOutcome;
      reason: StopReason;
      /** Plain-words explanation for the user (limit reached, error advice…). */
      message?: string;
      /** `message` as key + values (limits, Stop), for the UI to show in its language. */
      text?: AgentText;
      error?: {
        kind: ModelErrorKind;
        status?: number;
        message: string;
        retryAfterMs?: number;
        availableModels?: string[];
      };
    };

/** Receives agent events; a returned promise is awaited before the loop goes on. */
export type AgentEventSink = (event: AgentEvent) => void | Promise<void>;
