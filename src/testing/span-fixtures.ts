import { ATTR } from '../trace/attributes.ts';
import type { Span, SpanKind } from '../trace/span.ts';

/** A deterministic pseudo-random generator (mulberry32) returning numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic hex ids from a counter: trace ids of 32 and span ids of 16 hex characters. */
export function sequentialIds(prefix = 1): { traceId(): string; spanId(): string } {
  let trace = 0;
  let span = 0;
  return {
    traceId: () => `${prefix.toString(16).padStart(8, '0')}${(++trace).toString(16).padStart(24, '0')}`,
    spanId: () => `${prefix.toString(16).padStart(4, '0')}${(++span).toString(16).padStart(12, '0')}`,
  };
}

/** A span with sensible defaults: an ended `ok` run root unless overridden. */
export function makeSpan(overrides: Partial<Span> = {}): Span {
  const spanId = overrides.spanId ?? 'a000000000000001';
  return {
    traceId: 'b0000000000000000000000000000001',
    spanId,
    sessionId: 'sess_test',
    runId: overrides.runId ?? overrides.parentSpanId ?? spanId,
    kind: 'run',
    name: 'run',
    startTime: 1_700_000_000_000,
    endTime: 1_700_000_001_000,
    status: 'ok',
    attributes: {},
    ...overrides,
  };
}

/** Options of `generateSessionSpans`. */
export interface SyntheticSessionOptions {
  sessionId?: string;
  runs?: number;
  /** Approximate number of spans per run (the root included). */
  spansPerRun?: number;
  seed?: number;
  startTime?: number;
  /** Leave the last run running (no end, `running` spans). */
  lastRunning?: boolean;
}

const TOOLS = ['calculator', 'get_current_time', 'search_web', 'todo', 'save_note', 'get_weather'];

/** The state of a synthetic session while it is generated: the clock moves forward with every span. */
interface SyntheticState {
  random: () => number;
  ids: { traceId(): string; spanId(): string };
  sessionId: string;
  perRun: number;
  spans: Span[];
  clock: number;
}

/** Adds an ended `ok` span under `parent` in the run of `root`, taking `duration` ms of the clock. */
function addChild(
  state: SyntheticState,
  root: Span,
  child: { kind: SpanKind; name: string; parent: Span; duration: number; attributes: Record<string, unknown> },
): Span {
  const start = state.clock;
  state.clock += child.duration;
  const span: Span = {
    traceId: root.traceId,
    spanId: state.ids.spanId(),
    parentSpanId: child.parent.spanId,
    sessionId: state.sessionId,
    runId: root.spanId,
    kind: child.kind,
    name: child.name,
    startTime: start,
    endTime: state.clock,
    status: 'ok',
    attributes: child.attributes,
  };
  state.spans.push(span);
  return span;
}

/** The attributes of a synthetic model call: a tool call, or the final answer when `last`. */
function llmAttributes(
  runIndex: number,
  call: { id: string; tool: string; last: boolean },
  tokens: { input: number; output: number; ttft: number },
): Record<string, unknown> {
  const { id, tool, last } = call;
  return {
    [ATTR.llmProvider]: 'demo',
    [ATTR.llmRequestModel]: 'demo-model',
    [ATTR.llmResponseModel]: 'demo-model-2025',
    [ATTR.llmParameters]: { temperature: 0.7, stream: true },
    [ATTR.llmMessages]: [
      { role: 'system', content: 'You are Glassbox.' },
      { role: 'user', content: `Question ${runIndex + 1}` },
    ],
    [ATTR.llmOutputText]: last ? `The answer is ${runIndex * 7}.` : '',
    [ATTR.llmOutputToolCalls]: last
      ? []
      : [{ id, type: 'function', function: { name: tool, arguments: `{"expression":"${runIndex} * 7"}` } }],
    [ATTR.llmFinishReason]: last ? 'stop' : 'tool_calls',
    [ATTR.llmUsageInputTokens]: tokens.input,
    [ATTR.llmUsageOutputTokens]: tokens.output,
    [ATTR.llmTimeToFirstTokenMs]: tokens.ttft,
  };
}

/** Adds a run's steps under its root until it has about `perRun` spans: model calls, retries, tool calls. */
function addSteps(state: SyntheticState, root: Span, runIndex: number): void {
  const { random, perRun } = state;
  let count = 1;
  let step = 0;
  while (count < perRun) {
    step += 1;
    const input = 200 + Math.floor(random() * 2000);
    const output = 20 + Math.floor(random() * 400);
    const tool = TOOLS[Math.floor(random() * TOOLS.length)] ?? 'calculator';
    const id = `call_${runIndex}_${step}`;
    const last = count + 2 >= perRun;
    const duration = 50 + Math.floor(random() * 1500);
    const ttft = 20 + Math.floor(random() * 300);
    const attributes = llmAttributes(runIndex, { id, tool, last }, { input, output, ttft });
    const llm = addChild(state, root, {
      kind: 'llm',
      name: `chat demo-model step ${step}`,
      parent: root,
      duration,
      attributes,
    });
    count += 1;
    if (random() < 0.05 && count < perRun) {
      const retry = addChild(state, root, {
        kind: 'retry',
        name: 'retry after 429',
        parent: llm,
        duration: 10,
        attributes: { [ATTR.retryAttempt]: 1, [ATTR.retryDelayMs]: 500, [ATTR.retryReason]: 'rate limit' },
      });
      retry.startTime = llm.startTime + 1;
      retry.endTime = llm.startTime + 11;
      count += 1;
    }
    if (last || count >= perRun) break;
    const failed = random() < 0.08;
    const toolSpan = addChild(state, root, {
      kind: 'tool',
      name: tool,
      parent: root,
      duration: 1 + Math.floor(random() * 400),
      attributes: {
        [ATTR.toolName]: tool,
        [ATTR.toolCallId]: id,
        [ATTR.toolArguments]: { expression: `${runIndex} * 7` },
        ...(failed ? { [ATTR.toolError]: 'Unexpected token at 3' } : { [ATTR.toolResult]: String(runIndex * 7) }),
      },
    });
    if (failed) {
      toolSpan.status = 'error';
      toolSpan.error = { type: 'tool_error', message: 'Unexpected token at 3' };
    }
    count += 1;
  }
}

/**
 * A deterministic synthetic session: runs of llm calls with usage and messages, tool calls with arguments and
 * results, occasional retries and tool errors. For tests and the trace panel benchmark.
 */
export function generateSessionSpans(options: SyntheticSessionOptions = {}): Span[] {
  const state: SyntheticState = {
    random: seededRandom(options.seed ?? 42),
    ids: sequentialIds(options.seed ?? 42),
    sessionId: options.sessionId ?? 'sess_synthetic',
    perRun: Math.max(2, options.spansPerRun ?? 20),
    spans: [],
    clock: options.startTime ?? 1_700_000_000_000,
  };
  const runs = options.runs ?? 10;
  const { spans } = state;
  for (let runIndex = 0; runIndex < runs; runIndex++) {
    const traceId = state.ids.traceId();
    const rootId = state.ids.spanId();
    const root: Span = {
      traceId,
      spanId: rootId,
      sessionId: state.sessionId,
      runId: rootId,
      kind: 'run',
      name: `Question ${runIndex + 1}`,
      startTime: state.clock,
      status: 'ok',
      attributes: { [ATTR.runInput]: `Question ${runIndex + 1}: what is ${runIndex} * 7?` },
    };
    spans.push(root);
    addSteps(state, root, runIndex);
    state.clock += 5;
    if (options.lastRunning === true && runIndex === runs - 1) {
      root.status = 'running';
      const lastSpan = spans[spans.length - 1];
      if (lastSpan && lastSpan !== root) {
        lastSpan.status = 'running';
        delete lastSpan.endTime;
      }
    } else {
      root.endTime = state.clock;
      root.attributes[ATTR.runOutput] = `The answer is ${runIndex * 7}.`;
      root.attributes[ATTR.runStopReason] = 'final-answer';
    }
    state.clock += 60_000;
  }
  return spans;
}
