export { DEMO_BASE_URL, DEMO_MODEL_ID, createDemoFetch, paceEvents, type DemoFetchOptions } from './demo-fetch.ts';
export { scriptReply, type ScriptedReply, type ScriptedToolCall, type ScriptRequest } from './scripted-model.ts';
export { detectIntent, extractExpression, type Intent } from './intents.ts';
export {
  DEMO_FINGERPRINT,
  DEMO_MODEL,
  SSE_DONE,
  countToolCalls,
  encodeSseData,
  errorEnvelope,
  estimateUsage,
  readChatRequest,
  toChatCompletion,
  toChunkObjects,
  toSseEvents,
  toWireReply,
  type ChatRequestBody,
  type ChunkOptions,
  type WireMeta,
  type WireReply,
  type WireToolCall,
  type WireUsage,
} from './wire.ts';
export { estimateTokens, splitIntoPieces, detectLanguage, type DemoLanguage } from './text.ts';
export { buildDemoResponse, type DemoResponse } from './demo-response.ts';
export {
  DEMO_EMBEDDER_LABEL,
  DEMO_EMBEDDING_DIMENSIONS,
  DEMO_EMBEDDING_MODEL,
  embedLocally,
  localEmbeddingsResponse,
} from './local-embedder.ts';
