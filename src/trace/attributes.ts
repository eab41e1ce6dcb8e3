/**
 * Attribute keys Glassbox records on spans. The agent writes them, the trace panel reads them and the
 * OTLP export maps them to OpenTelemetry `gen_ai.*` names.
 */
export const ATTR = {
  // run
  runInput: 'run.input',
  runOutput: 'run.output',
  runStopReason: 'run.stop_reason',
  runOutcome: 'run.outcome',
  runProtocol: 'run.protocol',
  /** Set on the run span when the run switched from native tool calls to text ReAct. */
  runProtocolSwitched: 'run.protocol_switched',
  runStep: 'run.step',
  /** The user's verdict on the run's answer (`good` or `bad`) and their optional note (Feedback on answers). */
  feedbackRating: 'feedback.rating',
  feedbackNote: 'feedback.note',
  agentName: 'agent.name',
  /** How deep a delegated agent runs: 1 for one the main agent delegated to. */
  agentDepth: 'agent.depth',

  // llm
  llmProvider: 'llm.provider',
  llmRequestModel: 'llm.request.model',
  llmResponseModel: 'llm.response.model',
  llmResponseId: 'llm.response.id',
  llmParameters: 'llm.parameters',
  llmMessages: 'llm.messages',
  llmTools: 'llm.tools',
  llmOutputText: 'llm.output.text',
  llmOutputReasoning: 'llm.output.reasoning',
  llmOutputRefusal: 'llm.output.refusal',
  /** Request options the endpoint refused and the model client dropped. */
  llmOptionsDropped: 'llm.options_dropped',
  llmOutputToolCalls: 'llm.output.tool_calls',
  /** Tool calls of the reply beyond the run's tool call budget: not recorded, not run (the count). */
  llmToolCallsDropped: 'llm.tool_calls_dropped',
  llmFinishReason: 'llm.finish_reason',
  llmUsageInputTokens: 'llm.usage.input_tokens',
  llmUsageOutputTokens: 'llm.usage.output_tokens',
  llmUsageReasoningTokens: 'llm.usage.reasoning_tokens',
  llmUsageCachedTokens: 'llm.usage.cached_tokens',
  llmTimeToFirstTokenMs: 'llm.time_to_first_token_ms',
  llmStreaming: 'llm.streaming',
  /** How the JSON reply was asked for (JSON plan): `json_schema_strict`, `json_schema`, `json_object` or `prompt`. */
  llmResponseFormat: 'llm.response_format',
  /** The endpoint refused a `response_format` level during this call: what was refused, why, and what was sent instead. */
  llmResponseFormatFallback: 'llm.response_format_fallback',
  /** The model's reply was not a valid JSON decision: the validator's message (a correction was asked for). */
  llmDecisionInvalid: 'llm.decision_invalid',
  llmStep: 'llm.step',
  /** A run of the in-browser model (GGUF through wllama): the file, how it ran, and its speed in tokens/s. */
  llmLocalFile: 'llm.local.file',
  llmLocalQuantisation: 'llm.local.quantisation',
  llmLocalThreads: 'llm.local.threads',
  llmLocalContextSize: 'llm.local.context_size',
  llmLocalPromptTokensPerSecond: 'llm.local.prompt_tokens_per_second',
  llmLocalGenerationTokensPerSecond: 'llm.local.generation_tokens_per_second',

  // tool
  toolName: 'tool.name',
  toolCallId: 'tool.call_id',
  toolArguments: 'tool.arguments',
  toolResult: 'tool.result',
  toolError: 'tool.error',
  toolRestricted: 'tool.restricted',
  toolTruncated: 'tool.truncated',
  /** The result was answered from a recorded run (a fork with "Reuse recorded tool results"): the tool did not run. */
  toolReplayed: 'tool.replayed',
  /** A pure tool's result answered from the session's cache: the tool did not run again. */
  toolCached: 'tool.cached',
  /** A custom tool's kind: `javascript` or `http`. */
  toolCustomKind: 'glassbox.tool.custom_kind',
  /** The MCP server (URL) and its own name of an MCP tool. */
  toolMcpServer: 'glassbox.mcp.server_url',
  toolMcpTool: 'glassbox.mcp.tool',

  // retry
  retryAttempt: 'retry.attempt',
  retryDelayMs: 'retry.delay_ms',
  retryReason: 'retry.reason',
  retryStatus: 'retry.status',

  // compaction
  compactionMessagesBefore: 'compaction.messages_before',
  compactionMessagesAfter: 'compaction.messages_after',
  compactionTokensBefore: 'compaction.tokens_before',
  compactionTokensAfter: 'compaction.tokens_after',
  compactionSummary: 'compaction.summary',
  compactionStrategy: 'compaction.strategy',

  // memory recall
  memoryQuery: 'memory.query',
  memoryResults: 'memory.results',
  memoryResultCount: 'memory.result_count',

  // approval
  approvalToolName: 'approval.tool_name',
  approvalCallId: 'approval.call_id',
  approvalDecision: 'approval.decision',

  // plan (JSON plan protocol)
  planSteps: 'plan.steps',
  planNext: 'plan.next',
  /** Steps added and removed against the run's previous plan. */
  planAdded: 'plan.added',
  planRemoved: 'plan.removed',
  planRevision: 'plan.revision',

  // reflection (answer check)
  reflectionVerdict: 'reflection.verdict',
  reflectionClaims: 'reflection.claims',
  reflectionDeterministic: 'reflection.deterministic',
  reflectionRevised: 'reflection.revised',
  /** The model that gave the verdict. */
  reflectionModel: 'reflection.model',

  // import
  /** Set on the root spans of an imported trace file (`otlp`): the session is read only. */
  importSource: 'import.source',
} as const;

/** One of the attribute keys in `ATTR`. */
export type AttributeKey = (typeof ATTR)[keyof typeof ATTR];

/** A finite number attribute, or undefined. */
export function numberAttribute(attributes: Record<string, unknown>, key: string): number | undefined {
  const value = attributes[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A string attribute, or undefined. */
export function stringAttribute(attributes: Record<string, unknown>, key: string): string | undefined {
  const value = attributes[key];
  return typeof value === 'string' ? value : undefined;
}
