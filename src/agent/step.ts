import type { LocalRunFacts, Model, ModelRequest, ModelResponse } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import type { AgentEvent } from './events.ts';
import { errorMessage, errorType } from './errors.ts';
import { AGENT_ATTRIBUTE, ATTRIBUTE } from './span-attributes.ts';
import { raceAbort } from '../model/abort.ts';
import type { PartialDecision } from './json-plan-decision.ts';
import { createStepStream, type PartialOutput } from './step-stream.ts';

export type { PartialOutput } from './step-stream.ts';

/** The outcome of one model call; the llm span has already ended accordingly. */
export type ModelStepResult =
  | { status: 'ok'; response: ModelResponse; spanId: string }
  | { status: 'aborted'; partial: PartialOutput; spanId: string }
  | { status: 'error'; error: unknown; partial: PartialOutput; spanId: string };

/** Everything one model call needs. */
export interface ModelStepInput {
  model: Model;
  request: ModelRequest;
  step: number;
  tracer: Tracer;
  parent: SpanHandle;
  signal: AbortSignal;
  /** Fire-and-forget event delivery (stream events cannot wait). */
  emit: (event: AgentEvent) => void;
  now: () => number;
  /** The reply is a decision: it streams as `decision-delta` events (plan, answer) read by this, instead of raw text. */
  decisionView?: (textSoFar: string) => PartialDecision;
  /** How many tool calls of the reply the run will act on: the rest are neither streamed nor recorded on the span. */
  toolCallBudget?: number;
}

/**
 * Makes one model call inside an llm span: emits `step-start`, forwards stream deltas as events, turns
 * `retry-scheduled` into retry spans and `option-dropped` into notices, and records the response on the span.
 */
export async function runModelStep(input: ModelStepInput): Promise<ModelStepResult> {
  const { model, request, tracer, signal, emit } = input;
  const span = tracer.startSpan({
    kind: 'llm',
    name: model.modelId,
    parent: input.parent,
    attributes: {
      [ATTRIBUTE.llmProvider]: model.provider,
      [ATTRIBUTE.llmRequestModel]: model.modelId,
      [ATTRIBUTE.llmParameters]: { ...model.parameters },
      [ATTRIBUTE.llmMessages]: request.messages,
      [AGENT_ATTRIBUTE.llmStep]: input.step,
      ...(request.tools?.length ? { [AGENT_ATTRIBUTE.llmTools]: request.tools } : {}),
    },
  });
  const spanId = span.span.spanId;
  emit({ type: 'step-start', step: input.step, spanId });

  const { onEvent, partial, closeRetry } = createStepStream(input, span);

  try {
    const budget = input.toolCallBudget;
    const call = model.generate(request, {
      signal,
      onEvent,
      ...(budget === undefined ? {} : { toolCallLimit: budget }),
    });
    const response = await raceAbort(call, signal);
    closeRetry();
    span.setAttributes(responseAttributes(response, model.modelId, budget));
    span.end('ok');
    return { status: 'ok', response, spanId };
  } catch (error) {
    const cancelled = signal.aborted || (error instanceof ModelError && error.kind === 'aborted');
    closeRetry(cancelled ? 'cancelled' : 'error', { type: errorType(error), message: errorMessage(error) });
    span.setAttributes({
      [ATTRIBUTE.llmOutputText]: partial.text,
      ...(partial.reasoning ? { [ATTRIBUTE.llmOutputReasoning]: partial.reasoning } : {}),
    });
    if (cancelled) {
      span.end('cancelled');
      return { status: 'aborted', partial, spanId };
    }
    span.end('error', { type: errorType(error), message: errorMessage(error) });
    return { status: 'error', error, partial, spanId };
  }
}

function responseAttributes(
  response: ModelResponse,
  requestedModel: string,
  toolCallBudget = Number.POSITIVE_INFINITY,
): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    [ATTRIBUTE.llmResponseModel]: response.responseModel || requestedModel,
    [ATTRIBUTE.llmOutputText]: response.text,
    [ATTRIBUTE.llmFinishReason]: response.finishReason,
  };
  if (response.reasoning) attributes[ATTRIBUTE.llmOutputReasoning] = response.reasoning;
  if (response.responseFormatLevel) attributes[AGENT_ATTRIBUTE.llmResponseFormat] = response.responseFormatLevel;
  if (response.refusal) attributes[AGENT_ATTRIBUTE.llmOutputRefusal] = response.refusal;
  if (response.responseId) attributes[AGENT_ATTRIBUTE.llmResponseId] = response.responseId;
  if (response.toolCalls.length > toolCallBudget)
    attributes[ATTRIBUTE.llmToolCallsDropped] = response.toolCalls.length - toolCallBudget;
  if (response.toolCalls.length > 0) {
    attributes[ATTRIBUTE.llmOutputToolCalls] = response.toolCalls.slice(0, toolCallBudget).map((call) => ({
      id: call.id,
      name: call.function.name,
      arguments: call.function.arguments,
    }));
  }
  if (response.usage) {
    attributes[ATTRIBUTE.llmUsageInputTokens] = response.usage.inputTokens;
    attributes[ATTRIBUTE.llmUsageOutputTokens] = response.usage.outputTokens;
    if (response.usage.reasoningTokens !== undefined)
      attributes[ATTRIBUTE.llmUsageReasoningTokens] = response.usage.reasoningTokens;
    if (response.usage.cachedTokens !== undefined)
      attributes[ATTRIBUTE.llmUsageCachedTokens] = response.usage.cachedTokens;
  }
  if (response.timeToFirstTokenMs !== undefined)
    attributes[ATTRIBUTE.llmTimeToFirstTokenMs] = response.timeToFirstTokenMs;
  if (response.local) Object.assign(attributes, localRunAttributes(response.local));
  return attributes;
}

function localRunAttributes(local: LocalRunFacts): Record<string, unknown> {
  const entries: [string, unknown][] = [
    [ATTRIBUTE.llmLocalFile, local.file],
    [ATTRIBUTE.llmLocalQuantisation, local.quantisation],
    [ATTRIBUTE.llmLocalThreads, local.threads],
    [ATTRIBUTE.llmLocalContextSize, local.contextSize],
    [ATTRIBUTE.llmLocalPromptTokensPerSecond, local.promptTokensPerSecond],
    [ATTRIBUTE.llmLocalGenerationTokensPerSecond, local.generationTokensPerSecond],
  ];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined));
}
