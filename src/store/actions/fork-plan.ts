import type { TranscriptEntry } from '../../agent/transcript.ts';
import { buildHistory, interruptedToolResult } from '../../context/build-history.ts';
import type { ChatMessage, ToolCall } from '../../model/model.ts';
import { ATTR, numberAttribute, stringAttribute } from '../../trace/attributes.ts';
import type { Span } from '../../trace/span.ts';

/** Where a fork starts: the step of a run, what it received, and the transcript before it. */
export interface ForkPoint {
  kind: 'tool' | 'llm' | 'run';
  sessionId: string;
  originalRunId: string;
  spanId: string;
  /** The step of the run (llm call number; 0 for the run itself). */
  step: number;
  /** Which textbox edits `input`: the tool result of a tool span, the message sent otherwise. */
  field: 'toolResult' | 'message';
  /** What the step received: the tool result, the last message sent, or the run's user message. */
  input: string;
  /** The transcript entries the fork starts with, as recorded (the edited one is not among them). */
  entries: TranscriptEntry[];
  /** How the edited text enters the fork. */
  edit:
    /** The result of this call, which the fork's run answers first (its other calls are answered in `entries`). */
    | { type: 'tool-result'; call: ToolCall }
    /** A new user message that starts the fork's run. */
    | { type: 'user-message' }
    /** This entry with the edited text, after `entries` (a tool result or correction an llm call received last). */
    | { type: 'last-message'; entry: TranscriptEntry };
  /** The user's message of the forked run (recorded on the fork's run span). */
  runInput: string;
}

/**
 * Why a span cannot be forked: not in the session, still running, not a run/llm/tool span, or the chat has no
 * message for it (the tool call, the message the model call received, or the user message that started the run).
 */
export type ForkError = 'no-span' | 'running' | 'kind' | 'no-call' | 'no-message' | 'no-user-message';

/** What the fork's session gets and its run starts from. */
export interface ForkStart {
  /** Entries to copy into the fork, in order. */
  entries: TranscriptEntry[];
  /** The context of the fork's run; with `answer`, it ends with the forked call unanswered. */
  history: ChatMessage[];
  runInput: string;
  /** A new user message starting the run. */
  userMessage?: string;
  /** The edited result of the forked tool call, which the run gives it before its next model call. */
  answer?: { callId: string; result: string };
}

const textOf = (message: ChatMessage): string => (typeof message.content === 'string' ? message.content : '');

const isTypedUser = (entry: TranscriptEntry): boolean => entry.message.role === 'user' && !entry.meta?.synthetic;

/** The recorded outcome text of a tool span: its result, or its error. */
function spanOutcome(span: Span | undefined): string | undefined {
  if (!span) return undefined;
  return stringAttribute(span.attributes, ATTR.toolResult) ?? stringAttribute(span.attributes, ATTR.toolError);
}

function runInputOf(
  entries: readonly TranscriptEntry[],
  spans: readonly Span[],
  runId: string,
  before: number,
): string {
  const root = spans.find((span) => span.spanId === runId);
  const recorded = root ? stringAttribute(root.attributes, ATTR.runInput) : undefined;
  if (recorded !== undefined) return recorded;
  const lastUser = entries.slice(0, before).findLast(isTypedUser);
  return lastUser ? textOf(lastUser.message) : '';
}

function llmStep(spans: readonly Span[], spanId: string | undefined): number | undefined {
  const span = spanId === undefined ? undefined : spans.find((candidate) => candidate.spanId === spanId);
  return span ? numberAttribute(span.attributes, ATTR.llmStep) : undefined;
}

/**
 * The index of the assistant message that made the tool span's call: the answer of the last llm call of the run
 * that started before the tool did. Some servers number calls afresh in every reply (`call_0` in each step), so the
 * call id alone may name an earlier or later step; it decides only when the trace cannot.
 */
function callingEntryIndex(
  entries: readonly TranscriptEntry[],
  spans: readonly Span[],
  span: Span,
  callId: string | undefined,
): number {
  const makes = (entry: TranscriptEntry) =>
    entry.message.role === 'assistant' && (entry.message.tool_calls ?? []).some((call) => call.id === callId);
  let llm: Span | undefined;
  for (const other of spans) {
    if (other.kind !== 'llm' || other.runId !== span.runId || other.startTime > span.startTime) continue;
    if (!llm || other.startTime >= llm.startTime) llm = other;
  }
  const byStep = llm ? entries.findIndex((entry) => entry.spanId === llm.spanId && makes(entry)) : -1;
  return byStep >= 0 ? byStep : entries.findLastIndex(makes);
}

function toolFork(
  entries: readonly TranscriptEntry[],
  spans: readonly Span[],
  span: Span,
): ForkPoint | { error: ForkError } {
  const callId = stringAttribute(span.attributes, ATTR.toolCallId);
  const assistantIndex = callingEntryIndex(entries, spans, span, callId);
  const assistant = entries[assistantIndex];
  if (callId === undefined || !assistant || assistant.message.role !== 'assistant') {
    return { error: 'no-call' };
  }
  const calls = assistant.message.tool_calls ?? [];
  const call = calls.find((candidate) => candidate.id === callId) as ToolCall;
  const recorded = new Map<string, TranscriptEntry>();
  for (let index = assistantIndex + 1; index < entries.length; index += 1) {
    const entry = entries[index] as TranscriptEntry;
    if (entry.message.role !== 'tool') break;
    if (!recorded.has(entry.message.tool_call_id)) recorded.set(entry.message.tool_call_id, entry);
  }
  // The other calls of the step keep their recorded results; one without any gets the interrupted placeholder.
  const siblings: TranscriptEntry[] = calls
    .filter((candidate) => candidate.id !== callId)
    .map((candidate) => {
      const entry = recorded.get(candidate.id);
      if (entry) return entry;
      const sibling = spans.find(
        (other) =>
          other.kind === 'tool' && other.runId === span.runId && other.attributes[ATTR.toolCallId] === candidate.id,
      );
      return {
        id: `${assistant.id}_${candidate.id}`,
        sessionId: assistant.sessionId,
        runId: assistant.runId,
        createdAt: assistant.createdAt,
        message: { role: 'tool', tool_call_id: candidate.id, content: spanOutcome(sibling) ?? interruptedToolResult },
        meta: { toolName: candidate.function.name, toolStatus: sibling?.status === 'ok' ? 'ok' : 'error' },
      };
    });
  const own = recorded.get(callId);
  return {
    kind: 'tool',
    sessionId: span.sessionId,
    originalRunId: span.runId,
    spanId: span.spanId,
    step: llmStep(spans, assistant.spanId) ?? 1,
    field: 'toolResult',
    input: own ? textOf(own.message) : (spanOutcome(span) ?? ''),
    entries: [...entries.slice(0, assistantIndex + 1), ...siblings],
    edit: { type: 'tool-result', call },
    runInput: runInputOf(entries, spans, span.runId, assistantIndex),
  };
}

function llmFork(
  entries: readonly TranscriptEntry[],
  spans: readonly Span[],
  span: Span,
): ForkPoint | { error: ForkError } {
  let end = entries.findIndex((entry) => entry.spanId === span.spanId && entry.message.role === 'assistant');
  if (end < 0) {
    // No answer was kept (the call failed): the step received what the run had written before it started.
    end = entries.findLastIndex((entry) => entry.runId === span.runId && entry.createdAt <= span.startTime) + 1;
  }
  const last = entries[end - 1];
  if (end <= 0 || !last) return { error: 'no-message' };
  const base = {
    kind: 'llm' as const,
    sessionId: span.sessionId,
    originalRunId: span.runId,
    spanId: span.spanId,
    step: numberAttribute(span.attributes, ATTR.llmStep) ?? 1,
    field: 'message' as const,
    input: textOf(last.message),
    entries: entries.slice(0, end - 1),
  };
  if (isTypedUser(last) && last.runId === span.runId)
    return { ...base, edit: { type: 'user-message' }, runInput: textOf(last.message) };
  return {
    ...base,
    edit: { type: 'last-message', entry: last },
    runInput: runInputOf(entries, spans, span.runId, end),
  };
}

function runFork(entries: readonly TranscriptEntry[], span: Span): ForkPoint | { error: ForkError } {
  const index = entries.findIndex((entry) => entry.runId === span.spanId && isTypedUser(entry));
  const user = entries[index];
  if (!user) return { error: 'no-user-message' };
  return {
    kind: 'run',
    sessionId: span.sessionId,
    originalRunId: span.runId,
    spanId: span.spanId,
    step: 0,
    field: 'message',
    input: textOf(user.message),
    entries: entries.slice(0, index),
    edit: { type: 'user-message' },
    runInput: textOf(user.message),
  };
}

/**
 * Where a fork from this span starts: for a tool span, the transcript up to the assistant message that made the
 * call, with the step's other results as recorded; for an llm span, up to the last message it was sent; for a run
 * span, up to the user message that started it. A span of another kind, or one the chat has no message for, is an error.
 */
export function findForkPoint(
  entries: readonly TranscriptEntry[],
  spans: readonly Span[],
  spanId: string,
): ForkPoint | { error: ForkError } {
  const span = spans.find((candidate) => candidate.spanId === spanId);
  if (!span) return { error: 'no-span' };
  if (span.status === 'running') return { error: 'running' };
  if (span.kind === 'tool') return toolFork(entries, spans, span);
  if (span.kind === 'llm') return llmFork(entries, spans, span);
  if (span.kind === 'run') return runFork(entries, span);
  return { error: 'kind' };
}

/** The fork's start with the step's input replaced by `text`. */
export function startFork(point: ForkPoint, text: string): ForkStart {
  const { edit } = point;
  if (edit.type === 'user-message') {
    return {
      entries: point.entries,
      history: [...buildHistory(point.entries), { role: 'user', content: text }],
      runInput: text,
      userMessage: text,
    };
  }
  if (edit.type === 'last-message') {
    const message: ChatMessage = { ...edit.entry.message, content: text } as ChatMessage;
    const entries = [...point.entries, { ...edit.entry, message }];
    return { entries, history: buildHistory(entries), runInput: point.runInput };
  }
  // The forked call stays unanswered in the history: the run answers it first (with the edited text, as a
  // replayed result), so the fork's own trace holds the step, and then calls the model with every call answered.
  return {
    entries: point.entries,
    history: buildHistory(point.entries, { resume: true }),
    runInput: point.runInput,
    answer: { callId: edit.call.id, result: text },
  };
}
