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

/**
 * A deterministic synthetic session: runs of llm calls with usage and messages, tool calls with arguments and
 * results, occasional retries and tool errors. For tests and the trace panel benchmark.
 */
export function generateSessionSpans(options: SyntheticSessionOptions = {}): Span[] {
  const random = seededRandom(options.seed ?? 42);
  const ids = sequentialIds(options.seed ?? 42);
  const sessionId = options.sessionId ?? 'sess_synthetic';
  const runs = options.runs ?? 10;
  const perRun = Math.max(2, options.spansPerRun ?? 20);
  const spans: Span[] = [];
  let clock = options.startTime ?? 1_700_000_000_000;

  for (let runIndex = 0; runIndex < runs; runIndex++) {
    const traceId = ids.traceId();
    const rootId = ids.spanId();
    const running = options.lastRunning === true && runIndex === runs - 1;
    const root: Span = {
      traceId,
      spanId: rootId,
      sessionId,
      runId: rootId,
      kind: 'run',
      name: `Question ${runIndex + 1}`,
      startTime: clock,
      status: 'ok',
      attributes: { [ATTR.runInput]: `Question ${runIndex + 1}: what is ${runIndex} * 7?` },
    };
    spans.push(root);
    const child = (
      kind: SpanKind,
      name: string,
      parent: Span,
      duration: number,
      attributes: Record<string, unknown>,
    ): Span => {
      const start = clock;
      clock += duration;
      const span: Span = {
        traceId,
        spanId: ids.spanId(),
        parentSpanId: parent.spanId,
        sessionId,
        runId: rootId,
        kind,
        name,
        startTime: start,
        endTime: clock,
        status: 'ok',
        attributes,
      };
      spans.push(span);
      return span;
    };
    let count = 1;
    let step = 0;
    while (count < perRun) {
      step += 1;
      const inputTokens = 200 + Math.floor(random() * 2000);
      const outputTokens = 20 + Math.floor(random() * 400);
      const tool = TOOLS[Math.floor(random() * TOOLS.length)] ?? 'calculator';
      const callId = `call_${runIndex}_${step}`;
      const last = count + 2 >= perRun;
      const llm = child('llm', `chat demo-model step ${step}`, root, 50 + Math.floor(random() * 1500), {
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
          : [{ id: callId, type: 'function', function: { name: tool, arguments: `{"expression":"${runIndex} * 7"}` } }],
        [ATTR.llmFinishReason]: last ? 'stop' : 'tool_calls',
        [ATTR.llmUsageInputTokens]: inputTokens,
        [ATTR.llmUsageOutputTokens]: outputTokens,
        [ATTR.llmTimeToFirstTokenMs]: 20 + Math.floor(random() * 300),
      });
      count += 1;
      if (random() < 0.05 && count < perRun) {
        const retry = child('retry', 'retry after 429', llm, 10, {
          [ATTR.retryAttempt]: 1,
          [ATTR.retryDelayMs]: 500,
          [ATTR.retryReason]: 'rate limit',
        });
        retry.startTime = llm.startTime + 1;
        retry.endTime = llm.startTime + 11;
        count += 1;
      }
      if (last || count >= perRun) break;
      const failed = random() < 0.08;
      const toolSpan = child('tool', tool, root, 1 + Math.floor(random() * 400), {
        [ATTR.toolName]: tool,
        [ATTR.toolCallId]: callId,
        [ATTR.toolArguments]: { expression: `${runIndex} * 7` },
        ...(failed ? { [ATTR.toolError]: 'Unexpected token at 3' } : { [ATTR.toolResult]: String(runIndex * 7) }),
      });
      if (failed) {
        toolSpan.status = 'error';
        toolSpan.error = { type: 'tool_error', message: 'Unexpected token at 3' };
      }
      count += 1;
    }
    clock += 5;
    if (running) {
      root.status = 'running';
      const lastSpan = spans[spans.length - 1];
      if (lastSpan && lastSpan !== root) {
        lastSpan.status = 'running';
        delete lastSpan.endTime;
      }
    } else {
      root.endTime = clock;
      root.attributes[ATTR.runOutput] = `The answer is ${runIndex * 7}.`;
      root.attributes[ATTR.runStopReason] = 'final-answer';
    }
    clock += 60_000;
  }
  return spans;
}
