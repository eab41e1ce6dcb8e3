/**
 * Span attribute names the agent writes. The trace module exports the same strings; these local copies keep
 * the runtime free of a dependency on the tracer's implementation.
 */
export const ATTRIBUTE = {
  llmProvider: 'llm.provider',
  llmRequestModel: 'llm.request.model',
  llmResponseModel: 'llm.response.model',
  llmParameters: 'llm.parameters',
  llmMessages: 'llm.messages',
  llmOutputText: 'llm.output.text',
  llmOutputReasoning: 'llm.output.reasoning',
  llmOutputToolCalls: 'llm.output.tool_calls',
  llmFinishReason: 'llm.finish_reason',
  llmUsageInputTokens: 'llm.usage.input_tokens',
  llmUsageOutputTokens: 'llm.usage.output_tokens',
  llmUsageReasoningTokens: 'llm.usage.reasoning_tokens',
  llmUsageCachedTokens: 'llm.usage.cached_tokens',
  llmTimeToFirstTokenMs: 'llm.time_to_first_token_ms',
  toolName: 'tool.name',
  toolCallId: 'tool.call_id',
  toolArguments: 'tool.arguments',
  toolResult: 'tool.result',
  toolError: 'tool.error',
  retryAttempt: 'retry.attempt',
  retryDelayMs: 'retry.delay_ms',
  retryReason: 'retry.reason',
  runInput: 'run.input',
  runStopReason: 'run.stop_reason',
  runProtocol: 'run.protocol',
} as const;

/**
 * Further attribute names the agent writes; the trace module's `ATTR` holds the same strings
 * (`llm.tools`, `llm.step`, `approval.decision`, …), except `llm.options_dropped` and `run.protocol_switched`.
 */
export const AGENT_ATTRIBUTE = {
  /** The final answer, on the run span. */
  runOutput: 'run.output',
  /** `done`, `error` or `stopped`, on the run span. */
  runOutcome: 'run.outcome',
  /** Set on the run span when the run switched from native tool calls to text ReAct. */
  runProtocolSwitched: 'run.protocol_switched',
  /** The tool definitions offered in the request (absent when none were sent). */
  llmTools: 'llm.tools',
  /** The step number an llm span belongs to. */
  llmStep: 'llm.step',
  llmResponseId: 'llm.response.id',
  llmOutputRefusal: 'llm.output.refusal',
  /** Request options the endpoint refused and the model client dropped. */
  llmOptionsDropped: 'llm.options_dropped',
  /** Whether the tool needs the user's approval. */
  toolRestricted: 'tool.restricted',
  /** Whether the observation was shortened to the limit. */
  toolTruncated: 'tool.truncated',
  approvalToolName: 'approval.tool_name',
  approvalCallId: 'approval.call_id',
  /** `approved` or `denied`. */
  approvalDecision: 'approval.decision',
} as const;
