import type { ChatMessage, ModelRequest, ToolCall } from '../model/model.ts';
import { ModelError } from '../model/model-error.ts';
import { actOnReply, runTools } from './act-on-reply.ts';
import { modelErrorEnd } from './errors.ts';
import { splitSystemMessages } from './history.ts';
import { protocolNamed } from './protocols/index.ts';
import { addEntry, freeze, type RunContext } from './run-context.ts';
import type { RunAgentOptions } from './run-options.ts';
import { AGENT_ATTRIBUTE, ATTRIBUTE } from './span-attributes.ts';
import { runModelStep, type ModelStepResult } from './step.ts';
import { countToolCalls, type StepResult } from './stop-conditions.ts';
import { createNotice, joinNotices, type Notice } from './transcript-entries.ts';
import type { TranscriptEntry } from './transcript.ts';

export type { RunContext } from './run-context.ts';
export { MODEL_NOTE_TAG } from './act-on-reply.ts';

/** The notice shown once when a run falls back to text ReAct. */
export const PROTOCOL_SWITCHED_NOTICE: Notice = createNotice('protocol-switched', { key: 'protocol-switched' });

/** The note under the part of an answer that arrived before the endpoint failed (not a Stop). */
export const PARTIAL_AFTER_ERROR_NOTICE: Notice = createNotice('partial-after-error', { key: 'partial-after-error' });

/** The notice shown when an over-long request is compacted and sent again. */
export const CONTEXT_RETRY_NOTICE: Notice = createNotice('retrying', { key: 'context-retry' });

/** One step with a model call: prepare the context, call the model, act on the reply, run any tools. */
export async function playModelStep(
  context: RunContext,
  step: number,
  messages: readonly ChatMessage[],
  previous: readonly StepResult[],
): Promise<StepResult> {
  const { options } = context;
  const startedAt = options.now();
  const prepare = options.prepareContext ?? (async (input: ChatMessage[]) => input);
  let prepared: ChatMessage[];
  try {
    prepared = await prepare([...messages], { step, parentSpan: context.runSpan, signal: context.signal });
  } catch (error) {
    if (!context.signal.aborted) throw error;
    return freeze({
      step,
      kind: 'ended',
      toolCalls: [],
      entries: [],
      startedAt,
      endedAt: options.now(),
      end: context.abortEnd(),
    });
  }

  const toolCallBudget = remainingToolCalls(context, previous);
  let switched: Notice | undefined;
  let compactedAfterOverflow = false;
  for (;;) {
    const result = await runModelStep({
      model: options.model,
      request: buildModelRequest(context, prepared),
      step,
      tracer: options.tracer,
      parent: context.runSpan,
      signal: context.signal,
      emit: context.emit,
      now: options.now,
      toolCallBudget,
      ...(context.protocol.decisionView ? { decisionView: context.protocol.decisionView } : {}),
    });
    const fallback = result.status === 'error' ? fallbackProtocol(context, result.error) : undefined;
    if (fallback) {
      switched = switchProtocol(context, fallback);
      continue;
    }
    // Too long for the endpoint's context window: compact once, harder than the estimate asked for, and retry once.
    if (result.status === 'error' && isContextOverflow(result.error) && !compactedAfterOverflow) {
      compactedAfterOverflow = true;
      const compacted = await compactAfterOverflow(context, messages, step);
      if (compacted === 'aborted') return endedStep(context, step, startedAt, { ...result, status: 'aborted' });
      if (compacted !== undefined) {
        prepared = compacted;
        continue;
      }
    }
    if (result.status !== 'ok') return endedStep(context, step, startedAt, result);
    const { response, spanId } = result;
    return actOnReply({ context, step, startedAt, response, spanId, previous, toolCallBudget, switched });
  }
}

/**
 * The step that completes an interrupted run's unanswered tool calls before any model call (step 0), as many as the
 * run's budget allows (any others stay unanswered for the next run).
 */
export function resumeStep(
  context: RunContext,
  calls: readonly ToolCall[],
  previous: readonly StepResult[],
): Promise<StepResult> {
  context.emit({ type: 'step-start', step: 0, spanId: context.runSpan.span.spanId });
  const runnable = calls.slice(0, remainingToolCalls(context, previous));
  return runTools(context, 0, context.options.now(), runnable, [], 'resumed-tools');
}

/** How many more tool calls the run may make. */
function remainingToolCalls(context: RunContext, previous: readonly StepResult[]): number {
  return Math.max(0, context.options.limits.maxToolCalls - countToolCalls(previous));
}

/** A step whose model call was stopped or failed: partial output is kept, marked as partial. */
function endedStep(
  context: RunContext,
  step: number,
  startedAt: number,
  result: Exclude<ModelStepResult, { status: 'ok' }>,
): StepResult {
  const entries: TranscriptEntry[] = [];
  if (result.partial.text !== '' || result.partial.reasoning !== '') {
    const partial = context.protocol.partialAnswer(result.partial.text);
    entries.push(
      addEntry(
        context,
        { role: 'assistant', content: partial.content },
        {
          reasoning: result.partial.reasoning,
          spanId: result.spanId,
          meta: {
            partial: true,
            ...partial.meta,
            ...(result.status === 'error' ? joinNotices([PARTIAL_AFTER_ERROR_NOTICE]) : {}),
          },
        },
      ),
    );
  }
  const end = result.status === 'aborted' ? context.abortEnd() : modelErrorEnd(result.error);
  return freeze({ step, kind: 'ended', toolCalls: [], entries, startedAt, endedAt: context.options.now(), end });
}

function buildModelRequest(context: RunContext, prepared: readonly ChatMessage[]): ModelRequest {
  const { system, messages } = splitSystemMessages(context.options.systemPrompt, prepared);
  return context.protocol.buildRequest({ system, messages, tools: context.options.tools });
}

function isContextOverflow(error: unknown): boolean {
  return error instanceof ModelError && error.kind === 'context-length';
}

/** The forced compaction after a context-length error: the new context, 'aborted', or undefined when it failed. */
async function compactAfterOverflow(
  context: RunContext,
  messages: readonly ChatMessage[],
  step: number,
): Promise<ChatMessage[] | 'aborted' | undefined> {
  const prepare = context.options.prepareContext;
  if (!prepare) return undefined;
  try {
    const compacted = await prepare([...messages], {
      step,
      parentSpan: context.runSpan,
      signal: context.signal,
      force: true,
    });
    context.emit({ type: 'notice', ...CONTEXT_RETRY_NOTICE });
    return compacted;
  } catch {
    // A failed compaction leaves the endpoint's own error as the explanation.
    return context.signal.aborted ? 'aborted' : undefined;
  }
}

/** The protocol an automatic run falls back to after this error, when its protocol names one. */
function fallbackProtocol(context: RunContext, error: unknown) {
  return context.options.protocol === 'auto' ? context.protocol.fallbackFor?.(error) : undefined;
}

/** Switches the run to another protocol, remembers it for the endpoint, and says so (trace + notice). */
function switchProtocol(context: RunContext, name: NonNullable<ReturnType<typeof fallbackProtocol>>): Notice {
  const { options } = context;
  context.protocol = protocolNamed(name);
  options.protocolMemory?.set(endpointKeyOf(options), name);
  context.runSpan.setAttributes({ [ATTRIBUTE.runProtocol]: name, [AGENT_ATTRIBUTE.runProtocolSwitched]: true });
  context.emit({ type: 'notice', ...PROTOCOL_SWITCHED_NOTICE });
  return PROTOCOL_SWITCHED_NOTICE;
}

/** The protocol-memory key: the given endpoint key, or provider and model id. */
export function endpointKeyOf(options: Pick<RunAgentOptions, 'endpointKey' | 'model'>): string {
  return options.endpointKey ?? `${options.model.provider}|${options.model.modelId}`;
}
