import { z } from 'zod';

/*
 * What OpenAI-compatible endpoints send, read leniently: every field is optional and nullable, and a field
 * of an unexpected type is dropped (`.catch`) instead of failing the whole chunk. Unknown keys are ignored.
 */

function lenient<T extends z.ZodType>(schema: T) {
  return schema.nullish().catch(undefined);
}

const argumentsSchema = z.union([z.string(), z.record(z.string(), z.unknown())]);

/** A tool-call fragment (streaming) or a whole tool call (non-streaming). */
export const toolCallWireSchema = z.object({
  index: lenient(z.number()),
  id: lenient(z.union([z.string(), z.number().transform(String)])),
  type: lenient(z.string()),
  function: lenient(
    z.object({
      name: lenient(z.string()),
      arguments: lenient(argumentsSchema),
    }),
  ),
});
/** A tool-call fragment as read. */
export type ToolCallWire = z.infer<typeof toolCallWireSchema>;

/** A streaming `delta` or a non-streaming `message`: text, reasoning, refusal and tool calls. */
export const messageWireSchema = z.object({
  role: lenient(z.string()),
  content: lenient(z.union([z.string(), z.array(z.unknown())])),
  reasoning_content: lenient(z.string()),
  reasoning: lenient(z.string()),
  refusal: lenient(z.string()),
  tool_calls: lenient(z.array(lenient(toolCallWireSchema))),
});
/** A delta or message as read. */
export type MessageWire = z.infer<typeof messageWireSchema>;

/** Token counts under the names endpoints use. */
export const usageWireSchema = z.object({
  prompt_tokens: lenient(z.number()),
  completion_tokens: lenient(z.number()),
  total_tokens: lenient(z.number()),
  input_tokens: lenient(z.number()),
  output_tokens: lenient(z.number()),
  prompt_cache_hit_tokens: lenient(z.number()),
  prompt_tokens_details: lenient(z.object({ cached_tokens: lenient(z.number()) })),
  completion_tokens_details: lenient(z.object({ reasoning_tokens: lenient(z.number()) })),
});
/** Usage as read. */
export type UsageWire = z.infer<typeof usageWireSchema>;

/** llama.cpp's own counters, sent instead of `usage`. */
export const timingsWireSchema = z.object({
  prompt_n: lenient(z.number()),
  cache_n: lenient(z.number()),
  predicted_n: lenient(z.number()),
});
/** llama.cpp timings as read. */
export type TimingsWire = z.infer<typeof timingsWireSchema>;

/** One entry of `choices`: a streaming `delta` or a whole `message`, plus why it finished. */
const choiceWireSchema = z.object({
  index: lenient(z.number()),
  delta: lenient(messageWireSchema),
  message: lenient(messageWireSchema),
  finish_reason: lenient(z.string()),
});
/** One choice as read. */
export type ChoiceWire = z.infer<typeof choiceWireSchema>;

/** A `chat.completion.chunk` or a `chat.completion`, whichever arrived. */
export const completionWireSchema = z.object({
  id: lenient(z.string()),
  model: lenient(z.string()),
  choices: lenient(z.array(lenient(choiceWireSchema))),
  usage: lenient(usageWireSchema),
  timings: lenient(timingsWireSchema),
  x_groq: lenient(z.object({ usage: lenient(usageWireSchema) })),
  error: z.unknown().optional(),
});
/** A chunk or completion as read. */
export type CompletionWire = z.infer<typeof completionWireSchema>;

/** Reads any JSON value as a completion or chunk; non-objects read as an empty chunk. */
export function readCompletionWire(value: unknown): CompletionWire {
  const result = completionWireSchema.safeParse(value);
  return result.success ? result.data : {};
}
