import { estimateTokens, MESSAGE_OVERHEAD_TOKENS, REQUEST_OVERHEAD_TOKENS } from '../../context/token-estimate.ts';
import { ATTR, numberAttribute, stringAttribute } from '../attributes.ts';
import type { Span, SpanStatus } from '../span.ts';
import { spansByRun } from '../spans-by-run.ts';
import { spanDurationMs } from '../totals.ts';
import { runSteps, stuckReasons, type StuckReason } from './stuck.ts';

/** Where a token figure comes from: the endpoint's usage, a real tokenizer, or the calibrated estimate. */
export type TokenSource = 'reported' | 'counted' | 'estimated';

/** What Insights keeps of one model call. */
export interface LlmFact {
  model: string;
  startTime: number;
  durationMs: number | undefined;
  timeToFirstTokenMs: number | undefined;
  status: SpanStatus;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
  tokenSource: TokenSource;
}

/** What Insights keeps of one tool call. */
export interface ToolFact {
  name: string;
  ok: boolean;
  durationMs: number | undefined;
}

/** What Insights keeps of one run: small enough to hold 200,000 spans' worth in memory and filter at once. */
export interface RunFact {
  sessionId: string;
  runId: string;
  startTime: number;
  durationMs: number;
  status: SpanStatus;
  /** The user's message that started the run, shortened. */
  input: string;
  steps: number;
  llm: LlmFact[];
  tools: ToolFact[];
  /** Error spans by kind (`tool: timeout`, `llm: rate_limit`, …). */
  errors: Record<string, number>;
  retries: number;
  compactions: number;
  stuck: StuckReason[];
  /** Spans the run had when its facts were read (tells kept facts that are still whole from those storage outgrew). */
  spans: number;
  /** The user's verdict on the run's answer, when given. */
  feedback?: 'good' | 'bad';
}

/** Counts the tokens of a text for a model with a real tokenizer; undefined when it does not know the model. */
export type TokenCounter = (model: string, text: string) => number | undefined;

function messagesText(messages: unknown): { text: string; count: number } {
  if (!Array.isArray(messages)) return { text: '', count: 0 };
  const parts: string[] = [];
  for (const message of messages as Array<{ content?: unknown; tool_calls?: unknown }>) {
    if (typeof message?.content === 'string') parts.push(message.content);
    else if (Array.isArray(message?.content)) {
      for (const part of message.content as Array<{ text?: unknown }>)
        if (typeof part?.text === 'string') parts.push(part.text);
    }
    if (Array.isArray(message?.tool_calls)) {
      for (const call of message.tool_calls as Array<{ function?: { name?: unknown; arguments?: unknown } }>) {
        if (typeof call.function?.name === 'string') parts.push(call.function.name);
        if (typeof call.function?.arguments === 'string') parts.push(call.function.arguments);
      }
    }
  }
  return { text: parts.join('\n'), count: messages.length };
}

function outputText(attributes: Record<string, unknown>): string {
  const parts = [
    stringAttribute(attributes, ATTR.llmOutputText) ?? '',
    stringAttribute(attributes, ATTR.llmOutputReasoning) ?? '',
  ];
  const calls = attributes[ATTR.llmOutputToolCalls];
  if (Array.isArray(calls)) {
    for (const call of calls as Array<{ name?: unknown; arguments?: unknown }>) {
      if (typeof call?.name === 'string') parts.push(call.name);
      if (typeof call?.arguments === 'string') parts.push(call.arguments);
    }
  }
  return parts.filter((part) => part !== '').join('\n');
}

/** The texts of an llm span that its tokens are counted or estimated from, when the endpoint reported no usage. */
export interface TokenTexts {
  model: string;
  /** The request's messages (contents, tool calls' names and arguments), joined. */
  input: string;
  /** The reply: text, reasoning and tool calls. */
  output: string;
  /** Tokens the request costs besides those texts (per message and per request). */
  overhead: number;
}

/** The usage the endpoint reported for an llm span, if any. */
export function reportedTokens(
  span: Span,
): Pick<LlmFact, 'inputTokens' | 'outputTokens' | 'cachedTokens' | 'tokenSource'> | undefined {
  const a = span.attributes;
  const input = numberAttribute(a, ATTR.llmUsageInputTokens);
  const output = numberAttribute(a, ATTR.llmUsageOutputTokens);
  if (input === undefined && output === undefined) return undefined;
  return {
    inputTokens: input ?? 0,
    outputTokens: output ?? 0,
    cachedTokens: numberAttribute(a, ATTR.llmUsageCachedTokens) ?? 0,
    tokenSource: 'reported',
  };
}

/** What an llm span's tokens are counted from. */
export function tokenTexts(span: Span): TokenTexts {
  const request = messagesText(span.attributes[ATTR.llmMessages]);
  return {
    model: modelOf(span),
    input: request.text,
    output: outputText(span.attributes),
    overhead: REQUEST_OVERHEAD_TOKENS + request.count * MESSAGE_OVERHEAD_TOKENS,
  };
}

/** The tokens of an llm span: reported usage wins; otherwise a real count when `count` knows the model, else the estimate. */
export function llmTokens(
  span: Span,
  count?: TokenCounter,
): Pick<LlmFact, 'inputTokens' | 'outputTokens' | 'cachedTokens' | 'tokenSource'> {
  const reported = reportedTokens(span);
  if (reported) return reported;
  const texts = tokenTexts(span);
  const countedInput = count?.(texts.model, texts.input);
  const countedOutput = countedInput === undefined ? undefined : count?.(texts.model, texts.output);
  if (countedInput !== undefined && countedOutput !== undefined) {
    return {
      inputTokens: countedInput + texts.overhead,
      outputTokens: countedOutput,
      cachedTokens: 0,
      tokenSource: 'counted',
    };
  }
  return {
    inputTokens: estimateTokens(texts.input) + texts.overhead,
    outputTokens: estimateTokens(texts.output),
    cachedTokens: 0,
    tokenSource: 'estimated',
  };
}

/** The model an llm span called: the requested id (what Settings prices), else the one that answered. */
export function modelOf(span: Span): string {
  return (
    stringAttribute(span.attributes, ATTR.llmRequestModel) ||
    stringAttribute(span.attributes, ATTR.llmResponseModel) ||
    'unknown'
  );
}

/** The facts of one run from its spans (root included); undefined when the spans hold no run root. */
export function runFact(
  spans: readonly Span[],
  options: { stuckSteps?: number; count?: TokenCounter } = {},
): RunFact | undefined {
  const root = spans.find((span) => span.spanId === span.runId) ?? spans.find((span) => span.kind === 'run');
  if (!root) return undefined;
  let latest = root.startTime;
  const fact: RunFact = {
    sessionId: root.sessionId,
    runId: root.runId,
    startTime: root.startTime,
    durationMs: 0,
    status: root.status,
    input: (stringAttribute(root.attributes, ATTR.runInput) ?? '').slice(0, 120),
    steps: runSteps(spans),
    llm: [],
    tools: [],
    errors: {},
    retries: 0,
    compactions: 0,
    stuck: stuckReasons(spans, options.stuckSteps),
    spans: spans.length,
  };
  const feedback = root.attributes[ATTR.feedbackRating];
  if (feedback === 'good' || feedback === 'bad') fact.feedback = feedback;
  for (const span of spans) {
    latest = Math.max(latest, span.endTime ?? span.startTime);
    if (span.status === 'error' && span.kind !== 'run' && span.kind !== 'agent') {
      const kind = `${span.kind}: ${span.error?.type ?? 'error'}`;
      fact.errors[kind] = (fact.errors[kind] ?? 0) + 1;
    }
    if (span.kind === 'llm') {
      fact.llm.push({
        model: modelOf(span),
        startTime: span.startTime,
        durationMs: spanDurationMs(span),
        timeToFirstTokenMs: numberAttribute(span.attributes, ATTR.llmTimeToFirstTokenMs),
        status: span.status,
        ...llmTokens(span, options.count),
      });
    } else if (span.kind === 'tool') {
      fact.tools.push({
        name: stringAttribute(span.attributes, ATTR.toolName) ?? span.name,
        ok: span.status === 'ok',
        durationMs: spanDurationMs(span),
      });
    } else if (span.kind === 'retry') {
      fact.retries += 1;
    } else if (span.kind === 'compaction') {
      fact.compactions += 1;
    }
  }
  fact.durationMs = spanDurationMs(root) ?? Math.max(0, latest - root.startTime);
  return fact;
}

/** The facts of every run in a list of spans (one session's, say), oldest run first. */
export function runFacts(
  spans: readonly Span[],
  options: { stuckSteps?: number; count?: TokenCounter } = {},
): RunFact[] {
  const facts: RunFact[] = [];
  for (const list of spansByRun(spans).values()) {
    const fact = runFact(list, options);
    if (fact) facts.push(fact);
  }
  return facts.sort((a, b) => a.startTime - b.startTime);
}
