import type { ToolCall } from '../model/model.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import type { ApprovalRequest, ToolContext } from '../tools/tool-context.ts';
import type { SpanHandle, Tracer } from '../trace/span.ts';
import { combineSignals, raceAbort } from '../model/abort.ts';
import { DENIED_OBSERVATION, requestApproval } from './approval.ts';
import { DeadlineExceeded, errorMessage } from './errors.ts';
import type { AgentEvent } from './events.ts';
import { formatDuration } from './format-duration.ts';
import { parseToolArguments, validateToolArguments } from './parse-tool-call.ts';
import { AGENT_ATTRIBUTE, ATTRIBUTE } from './span-attributes.ts';
import { truncateObservation } from './truncate-observation.ts';
import { canonicalArguments } from './stop-conditions.ts';
import { stringifyJson } from '../json/deep-json.ts';

/** What happened to one tool call; `observation` is the (truncated) text the model sees. */
export interface ToolCallOutcome {
  call: ToolCall;
  status: 'ok' | 'error' | 'denied' | 'cancelled';
  observation: string;
  spanId: string;
  durationMs: number;
  /** The result came from a recorded run (see {@link ToolReplay}); the tool did not run. */
  replayed?: boolean;
  /** A pure tool's result answered from the session's cache; the tool did not run. */
  cached?: boolean;
}

/** Results of pure tools, by tool name and canonical arguments, for one session. */
export interface PureToolCache {
  get(key: string): string | undefined;
  set(key: string, result: string): void;
}

/** A recorded tool result: what the original run's call returned. */
export interface RecordedToolResult {
  status: 'ok' | 'error';
  result: string;
}

/** Answers a call from recorded results (e.g. same tool name and arguments), or undefined to run the tool for real. */
export type ToolReplay = (call: { id: string; name: string; arguments: string }) => RecordedToolResult | undefined;

/** Everything needed to run one response's tool calls. */
export interface ExecuteToolCallsInput {
  calls: readonly ToolCall[];
  tools: readonly AnyTool[];
  tracer: Tracer;
  parent: SpanHandle;
  sessionId: string;
  toolContext: Omit<ToolContext, 'callId' | 'signal' | 'sessionId'>;
  approve: ApprovalRequest;
  signal: AbortSignal;
  defaultTimeoutMs: number;
  maxObservationChars: number;
  emit: (event: AgentEvent) => void;
  now: () => number;
  /** Answers calls from a recorded run instead of running them (a fork that reuses recorded tool results). */
  replay?: ToolReplay;
  /** The session's cache of pure tool results. */
  cache?: PureToolCache;
}

/** The observation of a call that Stop interrupted. */
export const CANCELLED_OBSERVATION = 'The user stopped the run before this call finished.';

/** The observation of a call that the run's time limit interrupted. */
export const DEADLINE_OBSERVATION = 'The run reached its time limit before this call finished.';

function cancelledObservation(signal: AbortSignal): string {
  return signal.reason instanceof DeadlineExceeded ? DEADLINE_OBSERVATION : CANCELLED_OBSERVATION;
}

class ToolTimeout extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
    this.name = 'ToolTimeout';
  }
}

/** Runs tool calls concurrently, each in its own tool span; outcomes come back in call order. */
export function executeToolCalls(input: ExecuteToolCallsInput): Promise<ToolCallOutcome[]> {
  return Promise.all(input.calls.map((call) => executeOne(input, call)));
}

async function executeOne(input: ExecuteToolCallsInput, call: ToolCall): Promise<ToolCallOutcome> {
  const started = startCall(input, call);
  const ready = await prepareCall(input, started);
  return 'outcome' in ready ? ready.outcome : runTool(input, started, ready);
}

/** A call under way: its tool span, the tool it names (if any), its parsed arguments, and how it finishes. */
interface StartedCall {
  call: ToolCall;
  tool: AnyTool | undefined;
  span: SpanHandle;
  parsed: ReturnType<typeof parseToolArguments>;
  finish: Finish;
  /** Restarts the duration clock (after approval: the duration is the tool's own run). */
  restartClock: () => void;
}

/** Ends the call's span, announces the result or error, and makes the outcome. */
type Finish = (
  status: ToolCallOutcome['status'],
  text: string,
  errorType?: string,
  flags?: Pick<ToolCallOutcome, 'replayed' | 'cached'>,
) => ToolCallOutcome;

/** Opens the tool span and announces the call. */
function startCall(input: ExecuteToolCallsInput, call: ToolCall): StartedCall {
  const toolName = call.function.name;
  const tool = input.tools.find((candidate) => candidate.name === toolName);
  const span = input.tracer.startSpan({
    kind: 'tool',
    name: toolName.trim().slice(0, 80) || '(no name)',
    parent: input.parent,
    attributes: {
      [ATTRIBUTE.toolName]: toolName,
      [ATTRIBUTE.toolCallId]: call.id,
      [ATTRIBUTE.toolArguments]: call.function.arguments,
      ...(tool?.restricted ? { [AGENT_ATTRIBUTE.toolRestricted]: true } : {}),
      ...tool?.spanAttributes,
    },
  });
  const parsed = parseToolArguments(call.function.arguments);
  const args = parsed.ok ? parsed.value : call.function.arguments;
  input.emit({ type: 'tool-call', callId: call.id, toolName, arguments: args, spanId: span.span.spanId });
  let startedAt = input.now();
  const finish: Finish = (status, text, errorType, flags = {}) => {
    const durationMs = Math.max(0, input.now() - startedAt);
    return finishCall(input, call, span, { status, text, errorType, durationMs, flags });
  };
  return { call, tool, span, parsed, finish, restartClock: () => (startedAt = input.now()) };
}

function finishCall(
  input: ExecuteToolCallsInput,
  call: ToolCall,
  span: SpanHandle,
  result: {
    status: ToolCallOutcome['status'];
    text: string;
    errorType: string | undefined;
    durationMs: number;
    flags: Pick<ToolCallOutcome, 'replayed' | 'cached'>;
  },
): ToolCallOutcome {
  const { status, text, durationMs } = result;
  const toolName = call.function.name;
  const observation = truncateObservation(text, input.maxObservationChars);
  if (status === 'ok') {
    span.setAttributes({
      [ATTRIBUTE.toolResult]: observation,
      ...(observation === text ? {} : { [AGENT_ATTRIBUTE.toolTruncated]: true }),
    });
    span.end('ok');
    input.emit({ type: 'tool-result', callId: call.id, toolName, result: observation, durationMs });
  } else {
    span.setAttributes({ [ATTRIBUTE.toolError]: observation });
    if (status === 'cancelled') span.end('cancelled');
    else span.end('error', { type: result.errorType ?? status, message: observation });
    input.emit({ type: 'tool-error', callId: call.id, toolName, error: observation, durationMs });
  }
  const { replayed, cached } = result.flags;
  return {
    call,
    status,
    observation,
    spanId: span.span.spanId,
    durationMs,
    ...(replayed ? { replayed } : {}),
    ...(cached ? { cached } : {}),
  };
}

/** A call that may run: its tool, validated arguments, and its key in the pure-tool cache (if it has one). */
interface ReadyCall {
  tool: AnyTool;
  args: unknown;
  cacheKey: string | undefined;
}

/**
 * Everything before a tool runs: Stop, a recorded result, an unknown tool, bad arguments, a cache hit and
 * approval each answer the call here; otherwise it is ready to run.
 */
async function prepareCall(
  input: ExecuteToolCallsInput,
  started: StartedCall,
): Promise<ReadyCall | { outcome: ToolCallOutcome }> {
  const { signal } = input;
  const { call, tool, span, parsed, finish } = started;
  const toolName = call.function.name;
  const answered = (outcome: ToolCallOutcome) => ({ outcome });
  if (signal.aborted) return answered(finish('cancelled', cancelledObservation(signal)));
  // A recorded result answers the call as it was answered before: no side effects, so no approval either.
  const recorded = input.replay?.({ id: call.id, name: toolName, arguments: call.function.arguments });
  if (recorded) {
    span.setAttributes({ [AGENT_ATTRIBUTE.toolReplayed]: true });
    return answered(finish(recorded.status, recorded.result, 'replayed-error', { replayed: true }));
  }
  if (!tool) return answered(finish('error', unknownToolMessage(toolName, input.tools), 'unknown-tool'));
  if (!parsed.ok) {
    const message = `Error: the arguments for ${toolName} are not valid JSON: ${parsed.message}. Send the call again with the arguments as one JSON object.`;
    return answered(finish('error', message, 'invalid-json'));
  }
  const validated = await validateToolArguments(tool, parsed.value);
  if (!validated.ok) {
    const message = `Error: invalid arguments for ${toolName}: ${validated.message}. Send the call again with arguments that match the tool's schema.`;
    return answered(finish('error', message, 'invalid-arguments'));
  }
  const cacheKey =
    input.cache && isPure(tool, validated.value)
      ? `${toolName} ${canonicalArguments(JSON.stringify(validated.value))}`
      : undefined;
  const hit = cacheKey === undefined ? undefined : input.cache?.get(cacheKey);
  if (hit !== undefined) {
    span.setAttributes({ [AGENT_ATTRIBUTE.toolCached]: true });
    return answered(finish('ok', hit, undefined, { cached: true }));
  }
  const refused = tool.restricted ? await askApproval(input, started, validated.value) : undefined;
  return refused ? answered(refused) : { tool, args: validated.value, cacheKey };
}

/** Asks the user about a restricted call: undefined when approved, else the call's outcome. */
async function askApproval(
  input: ExecuteToolCallsInput,
  { call, span, finish }: StartedCall,
  args: unknown,
): Promise<ToolCallOutcome | undefined> {
  const toolName = call.function.name;
  const decision = await requestApproval({
    approve: input.approve,
    toolName,
    callId: call.id,
    arguments: args,
    tracer: input.tracer,
    parent: span,
    signal: input.signal,
    emit: input.emit,
  });
  if (decision.type === 'aborted') return finish('cancelled', cancelledObservation(input.signal));
  if (decision.type === 'denied') return finish('denied', DENIED_OBSERVATION, 'denied');
  if (decision.type === 'failed')
    return finish(
      'error',
      `Error: approval for ${toolName} could not be asked: ${decision.message}`,
      'approval-failed',
    );
  return undefined;
}

/** Runs the tool under its timeout and the run's signal; its value (serialised) is the observation. */
async function runTool(input: ExecuteToolCallsInput, started: StartedCall, ready: ReadyCall): Promise<ToolCallOutcome> {
  const { signal } = input;
  const { call, span, finish } = started;
  const { tool, cacheKey } = ready;
  const toolName = call.function.name;
  const timeoutMs = tool.timeoutMs ?? input.defaultTimeoutMs;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(new ToolTimeout(timeoutMs)), timeoutMs);
  const callSignal = combineSignals([signal, timeout.signal]);
  started.restartClock();
  try {
    const context: ToolContext = {
      ...input.toolContext,
      sessionId: input.sessionId,
      callId: call.id,
      signal: callSignal,
      span,
      startChildSpan: (options) => input.tracer.startSpan({ ...options, parent: span }),
    };
    const value = await raceAbort(
      Promise.resolve().then(() => tool.execute(ready.args, context)),
      callSignal,
    );
    const text = serialiseResult(value);
    if (cacheKey !== undefined) input.cache?.set(cacheKey, text);
    return finish('ok', text);
  } catch (error) {
    if (signal.aborted) return finish('cancelled', cancelledObservation(signal));
    if (timeout.signal.aborted) {
      return finish(
        'error',
        `Error: ${toolName} did not finish within ${formatDuration(timeoutMs)} and was stopped (timeout). Try simpler arguments or another approach.`,
        'timeout',
      );
    }
    return finish(
      'error',
      `Error: ${toolName} failed: ${errorMessage(error)}`,
      error instanceof Error ? error.name || 'Error' : 'Error',
    );
  } finally {
    clearTimeout(timer);
  }
}

function isPure(tool: AnyTool, args: unknown): boolean {
  if (typeof tool.pure === 'function') return tool.pure(args);
  return tool.pure === true;
}

function unknownToolMessage(toolName: string, tools: readonly AnyTool[]): string {
  const name = toolName.trim() === '' ? 'The call names no tool.' : `There is no tool named "${toolName}".`;
  if (tools.length === 0) return `Error: ${name} No tools are available; answer directly.`;
  return `Error: ${name} Available tools: ${tools.map((tool) => tool.name).join(', ')}. Call one of them by its exact name.`;
}

/** The text form of a tool's return value: strings verbatim, anything else as JSON. */
export function serialiseResult(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '(no output)';
  try {
    return stringifyJson(value) ?? String(value);
  } catch {
    return String(value);
  }
}
