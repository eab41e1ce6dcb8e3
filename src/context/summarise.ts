import { truncateObservation } from '../agent/truncate-observation.ts';
import type { ChatMessage, Model, ModelResponse, ModelStreamEvent } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import { ATTR } from '../trace/attributes.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import { groupMessages } from './message-groups.ts';
import { buildSummaryRequest, summarySystemPrompt, transcriptLineTokens } from './summary-prompt.ts';
import { estimateTokens } from './token-estimate.ts';

/** What one summarisation needs. */
export interface SummariseInput {
  model: Model;
  /** The summary so far; the result merges it. */
  previousSummary?: string;
  /** The messages to fold into the summary, oldest first. */
  messages: readonly ChatMessage[];
  maxSummaryTokens: number;
  /** The model's context window: a transcript larger than it allows is summarised in several calls. */
  contextWindow: number;
  tracer: Tracer;
  /** The compaction span the model calls are recorded under. */
  parent: SpanHandle;
  signal: AbortSignal;
}

/** Marks an llm span as the compaction's summarisation call. */
export const SUMMARY_PURPOSE_ATTRIBUTE = 'llm.purpose';

const PROMPT_ALLOWANCE_TOKENS = 600;
const MAX_MESSAGE_TOKENS = 1_500;

/**
 * Summarises messages with the model (no tools), merging the previous summary. A transcript too long for one call
 * is split at message-group boundaries and folded in chunk by chunk, each call merging the summary so far.
 * Rejects when a call fails or returns no text; each call is an llm span under `parent`.
 */
export async function summariseMessages(input: SummariseInput): Promise<string> {
  const inputBudget = Math.max(
    512,
    Math.floor(input.contextWindow * 0.7) -
      2 * input.maxSummaryTokens -
      estimateTokens(summarySystemPrompt(input.maxSummaryTokens)) -
      PROMPT_ALLOWANCE_TOKENS,
  );
  const maxMessageTokens = Math.max(64, Math.min(MAX_MESSAGE_TOKENS, Math.floor(inputBudget / 2)));
  let summary = input.previousSummary?.trim() || undefined;
  const chunks = chunkMessages(input.messages, inputBudget, maxMessageTokens);
  for (const [index, chunk] of chunks.entries()) {
    const messages = buildSummaryRequest({
      messages: chunk,
      maxSummaryTokens: input.maxSummaryTokens,
      maxMessageTokens,
      ...(summary === undefined ? {} : { previousSummary: summary }),
    });
    summary = await callModel(input, messages, chunks.length > 1 ? `${index + 1}/${chunks.length}` : undefined);
  }
  return summary ?? '';
}

function chunkMessages(
  messages: readonly ChatMessage[],
  inputBudget: number,
  maxMessageTokens: number,
): ChatMessage[][] {
  const chunks: ChatMessage[][] = [];
  let current: ChatMessage[] = [];
  let size = 0;
  for (const group of groupMessages(messages)) {
    const groupMessagesList = messages.slice(group.start, group.end);
    const groupSize = groupMessagesList.reduce(
      (sum, message) => sum + transcriptLineTokens(message, maxMessageTokens),
      0,
    );
    if (current.length > 0 && size + groupSize > inputBudget) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(...groupMessagesList);
    size += groupSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

async function callModel(input: SummariseInput, messages: ChatMessage[], part: string | undefined): Promise<string> {
  const { model, tracer, signal } = input;
  const span = tracer.startSpan({
    kind: 'llm',
    name: part === undefined ? `${model.modelId} (summary)` : `${model.modelId} (summary ${part})`,
    parent: input.parent,
    attributes: {
      [ATTR.llmProvider]: model.provider,
      [ATTR.llmRequestModel]: model.modelId,
      [ATTR.llmParameters]: { ...model.parameters },
      [ATTR.llmMessages]: messages,
      [SUMMARY_PURPOSE_ATTRIBUTE]: 'compaction-summary',
    },
  });
  let retry: SpanHandle | undefined;
  const onEvent = (event: ModelStreamEvent): void => {
    if (event.type !== 'retry-scheduled') return;
    retry?.end('ok');
    retry = tracer.startSpan({
      kind: 'retry',
      name: `attempt ${event.attempt} after ${event.error.kind}${event.error.status === undefined ? '' : ` ${event.error.status}`}`,
      parent: span,
      attributes: {
        [ATTR.retryAttempt]: event.attempt,
        [ATTR.retryDelayMs]: event.delayMs,
        [ATTR.retryReason]: event.error.message,
      },
    });
  };
  let response: ModelResponse;
  try {
    response = await model.generate({ messages }, { signal, onEvent });
  } catch (error) {
    retry?.end('ok');
    const aborted = signal.aborted || (error instanceof ModelError && error.kind === 'aborted');
    if (aborted) span.end('cancelled');
    else
      span.end('error', {
        type: error instanceof ModelError ? error.kind : 'Error',
        message: error instanceof Error ? error.message : String(error),
      });
    throw error;
  }
  retry?.end('ok');
  const text = response.text.trim();
  span.setAttributes({
    [ATTR.llmResponseModel]: response.responseModel || model.modelId,
    [ATTR.llmOutputText]: response.text,
    [ATTR.llmFinishReason]: response.finishReason,
    ...(response.usage
      ? {
          [ATTR.llmUsageInputTokens]: response.usage.inputTokens,
          [ATTR.llmUsageOutputTokens]: response.usage.outputTokens,
        }
      : {}),
  });
  if (text === '') {
    const message = 'The model returned an empty summary.';
    span.end('error', { type: 'empty-summary', message });
    throw new Error(message);
  }
  span.end('ok');
  // A summary far over its allowance would defeat the compaction: keep its head and tail.
  const limitChars = Math.floor((text.length * input.maxSummaryTokens * 1.5) / Math.max(1, estimateTokens(text)));
  return text.length > limitChars ? truncateObservation(text, limitChars) : text;
}
