/** A tool call as it travels in OpenAI chat format. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message in OpenAI chat format: the state of a conversation. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A JSON Schema object as sent to the model in `tools[].function.parameters`. */
export type JsonSchema = Record<string, unknown>;

/**
 * How a JSON reply is asked for, strongest first: strict `json_schema`, non-strict `json_schema`,
 * `json_object` (the prompt must contain the word JSON), or by the prompt alone (`prompt`: no `response_format`).
 */
export type ResponseFormatLevel = 'json_schema_strict' | 'json_schema' | 'json_object' | 'prompt';

/** A request for one JSON reply shaped by `schema`; the model layer picks the level the endpoint accepts. */
export interface JsonReplyFormat {
  /** The schema's name on the wire (`response_format.json_schema.name`). */
  name: string;
  /** Written in the strict-mode subset, so every level can send it. */
  schema: JsonSchema;
}

/** A tool offered to the model, in OpenAI `tools` format. */
export interface ToolSpec {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

/** Token usage reported by an endpoint, normalised. */
export interface Usage {
  inputTokens: number;
  outputTokens: number;
  totalTokens?: number;
  reasoningTokens?: number;
  cachedTokens?: number;
}

/** Why a response ended; endpoints may send other strings, kept verbatim. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'refusal' | (string & {});

/** One call to the model. */
export interface ModelRequest {
  messages: ChatMessage[];
  /** Omitted or empty: no tools are offered (and no `tool_choice` is sent). */
  tools?: ToolSpec[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Ask for one JSON reply of this schema; the model sends the strongest `response_format` the endpoint accepts. */
  responseFormat?: JsonReplyFormat;
  /** A GBNF grammar the reply must follow (models that sample locally: the grammar plan protocol). */
  grammar?: string;
}

/** What a run of the in-browser model adds to its llm span: the file, how it ran, and how fast. */
export interface LocalRunFacts {
  file: string;
  quantisation?: string;
  threads: number;
  contextSize: number;
  promptTokensPerSecond?: number;
  generationTokensPerSecond?: number;
}

/** The assembled result of one model call. */
export interface ModelResponse {
  text: string;
  reasoning: string;
  /** Text of a refusal (OpenAI `refusal` channel), if any. */
  refusal?: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason;
  usage?: Usage;
  responseId?: string;
  responseModel?: string;
  /** Milliseconds from request start to the first streamed token, when streaming. */
  timeToFirstTokenMs?: number;
  /** How the JSON reply was asked for, when the request had `responseFormat`. */
  responseFormatLevel?: ResponseFormatLevel;
  /** Set by the in-browser model. */
  local?: LocalRunFacts;
}

/** What a model reports while a call is in flight (noun-then-verb names). */
export type ModelStreamEvent =
  | { type: 'text-delta'; delta: string }
  | { type: 'reasoning-delta'; delta: string }
  | { type: 'tool-call-delta'; index: number; id?: string; name?: string; argumentsDelta: string }
  | {
      type: 'retry-scheduled';
      attempt: number;
      delayMs: number;
      error: { kind: string; status?: number; message: string };
    }
  | { type: 'option-dropped'; option: string; reason: string }
  /** The endpoint refused `response_format` at level `from`; the call is sent again at `to` (remembered). */
  | { type: 'response-format-fallback'; from: ResponseFormatLevel; to: ResponseFormatLevel; reason: string };

/** Per-call options: cancellation and live events. */
export interface ModelCallOptions {
  signal: AbortSignal;
  onEvent?: (event: ModelStreamEvent) => void;
  /**
   * How many tool calls the caller will act on: `tool-call-delta` events are reported only for the calls before this
   * position (the response still has every call). Unset: all are reported.
   */
  toolCallLimit?: number;
}

/** The agent's view of an LLM: one chat-completions call, streamed or not. */
export interface Model {
  /** Provider label for traces, e.g. `openai`, `ollama`, `demo`. */
  readonly provider: string;
  /** The model id sent in requests. */
  readonly modelId: string;
  /** Request parameters worth recording in a trace (temperature, streaming, …). */
  readonly parameters: Record<string, unknown>;
  generate(request: ModelRequest, options: ModelCallOptions): Promise<ModelResponse>;
}
