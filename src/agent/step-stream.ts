import type { ModelStreamEvent } from '../model/model.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import type { AgentEvent } from './events.ts';
import { formatDuration } from './format-duration.ts';
import type { PartialDecision } from './json-plan-decision.ts';
import { AGENT_ATTRIBUTE, ATTRIBUTE } from './span-attributes.ts';
import { createNotice } from './transcript-entries.ts';

/** Output streamed before a call ended early (Stop or an error). */
export interface PartialOutput {
  text: string;
  reasoning: string;
}

/** What the stream of one model call needs. */
export interface StepStreamInput {
  tracer: Tracer;
  signal: AbortSignal;
  emit: (event: AgentEvent) => void;
  now: () => number;
  decisionView?: ((textSoFar: string) => PartialDecision) | undefined;
}

/** The live side of one model call: its event handler, the output so far, and the open retry span. */
export interface StepStream {
  onEvent: (event: ModelStreamEvent) => void;
  partial: PartialOutput;
  /** A retry span covers one wait and the attempt after it, so it ends with that attempt's outcome. */
  closeRetry: (status?: 'ok' | 'error' | 'cancelled', error?: { type: string; message: string }) => void;
}

type RetryEvent = Extract<ModelStreamEvent, { type: 'retry-scheduled' }>;

/**
 * Forwards a model call's stream deltas as events (a decision view instead of raw text when the protocol has one),
 * records time to first token, turns `retry-scheduled` into retry spans and notices, and `option-dropped` and
 * `response-format-fallback` into span attributes and notices.
 */
export function createStepStream(input: StepStreamInput, span: SpanHandle): StepStream {
  const { signal, emit, now, decisionView } = input;
  const startedAt = now();
  const partial: PartialOutput = { text: '', reasoning: '' };
  const droppedOptions: string[] = [];
  const fallbacks: string[] = [];
  let firstTokenSeen = false;
  let openRetry: SpanHandle | undefined;
  const closeRetry: StepStream['closeRetry'] = (status = 'ok', error) => {
    openRetry?.end(status, status === 'error' ? error : undefined);
    openRetry = undefined;
  };
  const output = (): void => {
    closeRetry();
    if (firstTokenSeen) return;
    firstTokenSeen = true;
    span.setAttributes({ [ATTRIBUTE.llmTimeToFirstTokenMs]: now() - startedAt });
  };

  const onEvent = (event: ModelStreamEvent): void => {
    if (signal.aborted) return;
    switch (event.type) {
      case 'text-delta':
        output();
        partial.text += event.delta;
        if (decisionView) emit({ type: 'decision-delta', decision: decisionView(partial.text) });
        else emit({ type: 'text-delta', delta: event.delta });
        return;
      case 'reasoning-delta':
        output();
        partial.reasoning += event.delta;
        emit({ type: 'reasoning-delta', delta: event.delta });
        return;
      case 'tool-call-delta':
        output();
        emit({ ...event });
        return;
      case 'retry-scheduled':
        // Another retry means the attempt after the previous wait failed too.
        closeRetry('error', { type: event.error.kind, message: event.error.message });
        openRetry = startRetrySpan(input.tracer, span, event);
        emit({ type: 'notice', ...retryNotice(event) });
        return;
      case 'response-format-fallback': {
        fallbacks.push(`${event.from} → ${event.to}: ${event.reason}`);
        span.setAttributes({ [AGENT_ATTRIBUTE.llmResponseFormatFallback]: [...fallbacks] });
        const values = { from: event.from, to: event.to, reason: event.reason };
        emit({
          type: 'notice',
          ...createNotice('response-format-fallback', { key: 'response-format-fallback', values }),
        });
        return;
      }
      case 'option-dropped': {
        droppedOptions.push(event.option);
        span.setAttributes({ [AGENT_ATTRIBUTE.llmOptionsDropped]: [...droppedOptions] });
        const values = { option: event.option, reason: event.reason };
        emit({ type: 'notice', ...createNotice('option-dropped', { key: 'option-dropped', values }) });
        return;
      }
    }
  };
  return { onEvent, partial, closeRetry };
}

function retryCause(event: RetryEvent): string {
  return event.error.status === undefined ? event.error.kind : `${event.error.kind} ${event.error.status}`;
}

function startRetrySpan(tracer: Tracer, parent: SpanHandle, event: RetryEvent): SpanHandle {
  const cause = retryCause(event);
  return tracer.startSpan({
    kind: 'retry',
    name: `attempt ${event.attempt} after ${cause}`,
    parent,
    attributes: {
      [ATTRIBUTE.retryAttempt]: event.attempt,
      [ATTRIBUTE.retryDelayMs]: event.delayMs,
      [ATTRIBUTE.retryReason]: `${cause}: ${event.error.message}`,
    },
  });
}

function retryNotice(event: RetryEvent) {
  return createNotice('retry-wait', {
    key: 'retry-wait',
    values: { cause: retryCause(event), delay: formatDuration(event.delayMs), attempt: event.attempt },
  });
}
