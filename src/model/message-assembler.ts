import type { MessageWire, ToolCallWire } from './chunk-schema.ts';
import { createThinkTagSplitter, createToolMarkupFilter } from './content-filters.ts';
import type { ModelStreamEvent, ToolCall } from './model.ts';
import { createToolCallAccumulator } from './tool-call-accumulator.ts';

/** What the assistant message of a response adds up to. */
export interface AssembledMessage {
  text: string;
  reasoning: string;
  refusal: string;
  toolCalls: ToolCall[];
  /** Tool-call markup was held back from the text and dropped (the text is trimmed at its end). */
  droppedMarkup: boolean;
}

/** Folds the message parts of a stream (deltas) or of a whole completion into text, reasoning, refusal and tool calls. */
export interface MessageAssembler {
  /** Absorbs one delta or message, pushing the live events it releases. */
  absorb(message: MessageWire, events: ModelStreamEvent[]): void;
  /** Ends the message, pushing the events held back until now. */
  finish(events: ModelStreamEvent[]): AssembledMessage;
}

/** Where the parts of a content array go. */
interface PartSink {
  content(text: string): void;
  reasoning(text: string): void;
  refusal(text: string): void;
}

/** The text inside a Mistral `thinking` part: a string or a list of `{type:"text",text}` parts. */
function thinkingText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value
    .map((part) => (typeof part === 'object' && part !== null ? String((part as { text?: unknown }).text ?? '') : ''))
    .join('');
}

/** Sorts a content array's parts: text, `thinking`/`reasoning` parts, and refusals. */
function absorbParts(parts: unknown[], sink: PartSink): void {
  for (const part of parts) {
    if (typeof part === 'string') {
      sink.content(part);
      continue;
    }
    if (typeof part !== 'object' || part === null) continue;
    const typed = part as {
      type?: unknown;
      text?: unknown;
      thinking?: unknown;
      refusal?: unknown;
      reasoning?: unknown;
    };
    if (typed.type === 'thinking') sink.reasoning(thinkingText(typed.thinking));
    else if (typed.type === 'reasoning') sink.reasoning(thinkingText(typed.reasoning ?? typed.text));
    else if (typed.type === 'refusal' && typeof typed.refusal === 'string') sink.refusal(typed.refusal);
    else if (typeof typed.text === 'string') sink.content(typed.text);
  }
}

/**
 * Creates the message side of an assembler: `<think>` text split into reasoning, tool-call markup held back from the
 * text, tool calls assembled from fragments (`tool-call-delta` events only below `toolCallEventLimit`).
 */
export function createMessageAssembler(options: {
  createToolCallId: (ordinal: number) => string;
  toolCallEventLimit: number;
}): MessageAssembler {
  const thinkSplitter = createThinkTagSplitter();
  const markupFilter = createToolMarkupFilter();
  const toolCalls = createToolCallAccumulator();
  let text = '';
  let reasoning = '';
  let refusal = '';

  const emitText = (delta: string, events: ModelStreamEvent[]): void => {
    if (delta === '') return;
    text += delta;
    events.push({ type: 'text-delta', delta });
  };
  const emitReasoning = (delta: string, events: ModelStreamEvent[]): void => {
    if (delta === '') return;
    reasoning += delta;
    events.push({ type: 'reasoning-delta', delta });
  };
  const absorbContent = (content: string, events: ModelStreamEvent[]): void => {
    if (content === '') return;
    const split = thinkSplitter.push(content);
    emitReasoning(split.reasoning, events);
    emitText(markupFilter.push(split.text), events);
  };
  const absorbToolCall = (fragment: ToolCallWire, events: ModelStreamEvent[]): void => {
    const event = toolCalls.push(fragment);
    if (toolCalls.count > 0) emitText(markupFilter.discard(), events);
    if (event && event.index < options.toolCallEventLimit) events.push(event);
  };

  return {
    absorb(message, events) {
      // Some servers send the same reasoning under both names; prefer `reasoning_content`.
      emitReasoning(message.reasoning_content || message.reasoning || '', events);
      if (typeof message.content === 'string') absorbContent(message.content, events);
      else if (Array.isArray(message.content))
        absorbParts(message.content, {
          content: (part) => absorbContent(part, events),
          reasoning: (part) => emitReasoning(part, events),
          refusal: (part) => (refusal += part),
        });
      if (message.refusal) refusal += message.refusal;
      for (const fragment of message.tool_calls ?? []) if (fragment) absorbToolCall(fragment, events);
    },
    finish(events) {
      const split = thinkSplitter.flush();
      emitReasoning(split.reasoning, events);
      emitText(markupFilter.push(split.text), events);
      emitText(toolCalls.count > 0 ? markupFilter.discard() : markupFilter.flush(), events);
      const calls = toolCalls.finish(options.createToolCallId);
      return { text, reasoning, refusal, toolCalls: calls, droppedMarkup: markupFilter.droppedMarkup };
    },
  };
}
