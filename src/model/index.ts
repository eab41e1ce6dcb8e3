/** The model layer: an OpenAI-compatible Model, stream assembly, error classification, retries and advice. */
export type {
  ChatMessage,
  FinishReason,
  JsonSchema,
  Model,
  ModelCallOptions,
  ModelRequest,
  ModelResponse,
  ModelStreamEvent,
  ToolCall,
  ToolSpec,
  Usage,
} from './model.ts';
export { ModelError, type ModelErrorKind } from './model-error.ts';
export { createOpenAICompatibleModel, type OpenAICompatibleConfig } from './openai-compatible-model.ts';
export {
  createEndpointMemory,
  defaultEndpointMemory,
  endpointKey,
  protocolMemoryOf,
  type EndpointFacts,
  type EndpointMemory,
  type EndpointMemoryStorage,
  type ProtocolMemory,
} from './endpoint-memory.ts';
export {
  createStreamAssembler,
  normalizeCompletion,
  type AssembledResponse,
  type StreamAssembler,
  type StreamAssemblerOptions,
} from './stream-assembler.ts';
export { createSseParser, type ServerSentEvent, type SseParser } from './sse-parser.ts';
export {
  classifyError,
  classifyHttpError,
  isContextLengthText,
  isQuotaText,
  isToolsUnsupportedText,
  type FailureContext,
  type HttpFailure,
} from './classify-error.ts';
export { retryAfterFromHeaders, retryAfterFromMessage } from './retry-after.ts';
export { abortableSleep } from './abort.ts';
export { isRetryable, retryDelayMs, withRetries, type RetryOptions, type RetryPolicy, type Sleep } from './retry.ts';
export { listModels, testConnection, type ListModelsOptions } from './list-models.ts';
export { describeModelError, formatWait, type ErrorContext, type ErrorDescription } from './describe-error.ts';
export { createCorsSafeFetch, normalizeBaseUrl } from './openai-client.ts';
