export { runAgent, type PrepareContextInfo, type RunAgentOptions, type RunResult } from './run-agent.ts';
export type { AgentEvent, AgentEventSink, NoticeCode } from './events.ts';
export type { RunOutcome, StopReason, TranscriptEntry, TranscriptMeta } from './transcript.ts';
export {
  stepCountIs,
  toolCallCountIs,
  deadline,
  noProgress,
  decideNextStep,
  type StepResult,
  type StepToolCall,
  type StopCondition,
  type NextStep,
  type RunEnd,
  type RunEndError,
} from './stop-conditions.ts';
export { parseToolArguments, validateToolArguments, formatIssues } from './parse-tool-call.ts';
export { truncateObservation } from './truncate-observation.ts';
export { parseReactReply, type ReactParseResult } from './react-parse.ts';
export { buildReactSystemPrompt, toReactMessages, interpretReactReply } from './protocols/react-text.ts';
export { describeModelError } from './errors.ts';
export { formatDuration } from './format-duration.ts';
export { findUnansweredToolCalls } from './history.ts';
export { ATTRIBUTE, AGENT_ATTRIBUTE } from './span-attributes.ts';
