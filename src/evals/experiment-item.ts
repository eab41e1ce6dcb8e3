/**
 * One experiment cell: the item's input run through the SAME `runAgent` as a chat run (the options come from the
 * chat's builder, see experiment-actions.ts), its trace recorded in memory, then scored. The judge's model call is a
 * span of its own (`judge`, kind `llm`) inside the run's trace.
 */
import type { AgentEvent } from '../agent/events.ts';
import type { RunAgentOptions, RunResult } from '../agent/run-agent.ts';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { ChatMessage, Model } from '../model/model.ts';
import { ATTR } from '../trace/attributes.ts';
import { newSpanId, newTraceId } from '../trace/ids.ts';
import type { Span, SpanHandle, Tracer } from '../trace/span.ts';
import { createTracer } from '../trace/tracer.ts';
import type { Attachment, AttachmentStore } from '../tools/tool-context.ts';
import type { DatasetItem, ItemFile, JudgeCall, Score, ScoreInput, ScoreRun, ScorerConfig } from './eval-types.ts';
import { emptyCell } from './experiment-runner.ts';
import type { CellPlan, CellResult, ExperimentRunRecord } from './experiment-types.ts';

/** What the cell's run is given by its caller; the caller builds the rest of the options as a chat run's. */
export interface ItemRunHooks {
  sessionId: string;
  history: ChatMessage[];
  runInput: string;
  /** The item's files, as the session's attached files of its run. */
  files: readonly ItemFile[];
  tracer: Tracer;
  signal: AbortSignal;
  onEvent(event: AgentEvent): void;
}

/** An item's files as the attached files of its run's session (`read_file` and `query_data` read them from here). */
export function itemAttachments(sessionId: string, files: readonly ItemFile[], createdAt: number): AttachmentStore {
  const attachments: Attachment[] = files.map((file, index) => ({
    ...file,
    id: `${sessionId}_file${index}`,
    sessionId,
    size: new TextEncoder().encode(file.text).length,
    createdAt,
  }));
  return { list: async (id) => (id === sessionId ? attachments : []) };
}

/** How a cell runs and is scored. */
export interface ItemRunDeps {
  runAgent(options: RunAgentOptions): Promise<RunResult>;
  /** The run's options for this cell's variant, built by the same code as a chat run's. */
  buildOptions(hooks: ItemRunHooks, variant: number): RunAgentOptions | Promise<RunAgentOptions>;
  scoreRun: ScoreRun;
  /** USD of a run's spans (the Insights prices). */
  cost(spans: readonly Span[]): number;
  newSessionId(): string;
  now(): number;
}

/** A finished cell: its result, and its run to keep (none when it never started). */
export interface ItemRunOutcome {
  result: CellResult;
  run?: Omit<ExperimentRunRecord, 'experimentId'>;
}

/** Runs one cell and scores it; an endpoint failure fails this cell with its error, nothing else. */
export async function runExperimentItem(
  plan: CellPlan,
  item: DatasetItem,
  scorers: readonly ScorerConfig[],
  deps: ItemRunDeps,
  signal: AbortSignal,
): Promise<ItemRunOutcome> {
  const sessionId = deps.newSessionId();
  const spans = new Map<string, Span>();
  const keep = (span: Span) => void spans.set(span.spanId, span);
  const base = createTracer({ sessionId, processors: [{ onStart: keep, onUpdate: keep, onEnd: keep }] });
  let root: SpanHandle | undefined;
  const tracer: Tracer = {
    startSpan(options) {
      const handle = base.startSpan(options);
      if (!root && !options.parent) root = handle;
      return handle;
    },
  };
  const entries: TranscriptEntry[] = [];
  const started = deps.now();
  const hooks: ItemRunHooks = {
    sessionId,
    history: [{ role: 'user', content: item.input }],
    runInput: item.input,
    files: item.files ?? [],
    tracer,
    signal,
    onEvent: (event) => {
      if (event.type === 'step-end') entries.push(...event.entries);
    },
  };
  const options = await deps.buildOptions(hooks, plan.variant);
  const outcome = await deps.runAgent(options);
  const latencyMs = deps.now() - started;
  const answer = finalAnswer(outcome, root?.span);
  const failed = outcome.outcome === 'error';
  const stopped = outcome.outcome === 'stopped';
  const judge = judgeThrough(options.model, root?.span, keep, deps.now, signal);
  let scoringError: string | undefined;
  let scores: Score[] = [];
  if (!failed && !stopped) {
    try {
      scores = await deps.scoreRun(scoreInput(item, answer, [...spans.values()]), scorers, judge, { signal });
    } catch (error) {
      scoringError = error instanceof Error ? error.message : String(error);
    }
  }
  const allSpans = [...spans.values()].sort((a, b) => a.startTime - b.startTime);
  const value = scores.length > 0 ? scores.reduce((sum, score) => sum + score.value, 0) / scores.length : undefined;
  const result: CellResult = {
    ...emptyCell(plan, failed ? 'failed' : stopped ? 'stopped' : 'done'),
    sessionId,
    runId: outcome.runId,
    answer,
    ...(failed ? { error: outcome.message ?? String(outcome.reason) } : {}),
    ...(scoringError ? { error: scoringError } : {}),
    scores,
    pass: !failed && !stopped && !scoringError && scores.every((score) => score.pass),
    ...(value === undefined ? {} : { score: value }),
    costUsd: deps.cost(allSpans),
    tokens: tokensOf(allSpans),
    latencyMs,
    steps: allSpans.filter((span) => span.kind === 'llm' && span.name !== JUDGE_SPAN).length,
  };
  return { result, run: { key: plan.key, sessionId, runId: outcome.runId, entries, spans: allSpans } };
}

/** The name of the judge's span inside a scored run's trace. */
export const JUDGE_SPAN = 'judge';

function finalAnswer(outcome: RunResult, root: Span | undefined): string {
  const output = root?.attributes[ATTR.runOutput];
  if (typeof output === 'string') return output;
  const last = outcome.entries.findLast((entry) => entry.message.role === 'assistant' && !entry.meta?.delegation);
  return last && typeof last.message.content === 'string' ? last.message.content : '';
}

/** What the scorers see: the answer, the tool calls in order (from the tool spans) and the steps. */
export function scoreInput(item: DatasetItem, answer: string, spans: readonly Span[]): ScoreInput {
  const ordered = [...spans].sort((a, b) => a.startTime - b.startTime);
  const toolCalls = ordered
    .filter((span) => span.kind === 'tool')
    .map((span) => {
      const name = span.attributes[ATTR.toolName];
      const args = span.attributes[ATTR.toolArguments];
      return {
        name: typeof name === 'string' ? name : span.name,
        arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      };
    });
  const steps = ordered.filter((span) => span.kind === 'llm' && span.name !== JUDGE_SPAN).length;
  return { item, answer, toolCalls, steps };
}

function tokensOf(spans: readonly Span[]): number {
  let total = 0;
  for (const span of spans) {
    if (span.kind !== 'llm') continue;
    const input = span.attributes[ATTR.llmUsageInputTokens];
    const output = span.attributes[ATTR.llmUsageOutputTokens];
    total += (typeof input === 'number' ? input : 0) + (typeof output === 'number' ? output : 0);
  }
  return total;
}

/**
 * The judge: one call to the variant's model, recorded as a `judge` llm span in the run's trace, under its run span
 * (made by hand: the tracer closes late work under an ended parent as cancelled, and the run has ended by now).
 */
function judgeThrough(
  model: Model,
  root: Span | undefined,
  record: (span: Span) => void,
  now: () => number,
  signal: AbortSignal,
): JudgeCall {
  return async (messages) => {
    const startTime = now();
    const span: Span = {
      traceId: root?.traceId ?? newTraceId(),
      spanId: newSpanId(),
      ...(root ? { parentSpanId: root.spanId } : {}),
      sessionId: root?.sessionId ?? '',
      runId: root?.runId ?? '',
      kind: 'llm',
      name: JUDGE_SPAN,
      startTime,
      status: 'running',
      attributes: {
        [ATTR.llmProvider]: model.provider,
        [ATTR.llmRequestModel]: model.modelId,
        [ATTR.llmMessages]: messages,
      },
    };
    try {
      const response = await model.generate({ messages }, { signal });
      record({
        ...span,
        endTime: now(),
        status: 'ok',
        attributes: {
          ...span.attributes,
          [ATTR.llmOutputText]: response.text,
          ...(response.usage
            ? {
                [ATTR.llmUsageInputTokens]: response.usage.inputTokens,
                [ATTR.llmUsageOutputTokens]: response.usage.outputTokens,
              }
            : {}),
        },
      });
      return response.text;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      record({ ...span, endTime: now(), status: 'error', error: { type: 'judge', message } });
      throw error;
    }
  };
}
