import { ATTR, numberAttribute, stringAttribute } from './attributes.ts';
import { alignRuns, runSteps, type ForkAlignment } from './compare-align.ts';
import type { Span } from './span.ts';
import { parseJsonText } from './json-values.ts';
import { isRecord, showJson, stringifyJson } from '../json/deep-json.ts';

/** A piece of a text diff. */
export interface TextPart {
  type: 'same' | 'added' | 'removed';
  text: string;
}

/** One difference between two JSON values, at a path such as `expression` or `items[2].name`. */
export interface JsonChange {
  path: string;
  type: 'added' | 'removed' | 'changed';
  first?: unknown;
  second?: unknown;
}

/** One compared field of an aligned step. */
export interface FieldComparison {
  field: 'messages' | 'output' | 'toolCalls' | 'arguments' | 'result' | 'tokens' | 'duration' | 'model' | 'status';
  first: string;
  second: string;
  changed: boolean;
  /** Strings: a word diff. */
  text?: TextPart[];
  /** Tool arguments, results and calls: what changed key by key. */
  json?: JsonChange[];
}

/** Two steps aligned (see `alignRuns`), with what differs between them. */
export interface StepPair {
  kind: 'llm' | 'tool';
  /** `llm 2`, `calculator 1`… */
  label: string;
  first?: Span;
  second?: Span;
  fields: FieldComparison[];
  changed: boolean;
  /** A step of the original before the fork point: the fork starts from it, so it has no counterpart. */
  carried?: boolean;
}

/** Totals of one run for the summary line. */
export interface RunFigures {
  steps: number;
  tokens: number;
  durationMs: number;
  answer: string;
}

/** Two runs compared step by step. */
export interface RunComparison {
  pairs: StepPair[];
  first: RunFigures;
  second: RunFigures;
  answerChanged: boolean;
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return showJson(value).text;
  } catch {
    return String(value);
  }
}

const pathKey = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;

/** The differences between two JSON values: keys added, removed and changed, array items by index. */
export function diffJson(
  first: unknown,
  second: unknown,
  path = '',
  changes: JsonChange[] = [],
  depth = 0,
): JsonChange[] {
  if (Object.is(first, second)) return changes;
  // A value only one side has (no tool calls at all on the other) is added or removed, never changed to "undefined".
  if (first === undefined || second === undefined) {
    changes.push(second === undefined ? { path, type: 'removed', first } : { path, type: 'added', second });
    return changes;
  }
  if (depth < 50 && isRecord(first) && isRecord(second)) {
    for (const key of Object.keys(first)) {
      if (!(key in second)) changes.push({ path: pathKey(path, key), type: 'removed', first: first[key] });
      else diffJson(first[key], second[key], pathKey(path, key), changes, depth + 1);
    }
    for (const key of Object.keys(second))
      if (!(key in first)) changes.push({ path: pathKey(path, key), type: 'added', second: second[key] });
    return changes;
  }
  if (depth < 50 && Array.isArray(first) && Array.isArray(second)) {
    const length = Math.max(first.length, second.length);
    for (let index = 0; index < length; index += 1) {
      const at = `${path}[${index}]`;
      if (index >= second.length) changes.push({ path: at, type: 'removed', first: first[index] });
      else if (index >= first.length) changes.push({ path: at, type: 'added', second: second[index] });
      else diffJson(first[index], second[index], at, changes, depth + 1);
    }
    return changes;
  }
  if (stringifyJson(first) !== stringifyJson(second)) changes.push({ path, type: 'changed', first, second });
  return changes;
}

const MAX_DIFF_TOKENS = 3000;

/** A word diff (longest common subsequence of words and spaces); very long texts are shown as replaced whole. */
export function diffText(first: string, second: string): TextPart[] {
  if (first === second) return first === '' ? [] : [{ type: 'same', text: first }];
  const a = first.match(/\s+|[^\s]+/g) ?? [];
  const b = second.match(/\s+|[^\s]+/g) ?? [];
  if (a.length > MAX_DIFF_TOKENS || b.length > MAX_DIFF_TOKENS) {
    return [
      ...(first ? [{ type: 'removed' as const, text: first }] : []),
      ...(second ? [{ type: 'added' as const, text: second }] : []),
    ];
  }
  const width = b.length + 1;
  const lengths = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lengths[(i + 1) * width + j] as number, lengths[i * width + j + 1] as number);
    }
  }
  const parts: TextPart[] = [];
  const push = (type: TextPart['type'], text: string) => {
    const last = parts.at(-1);
    if (last && last.type === type) last.text += text;
    else parts.push({ type, text });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i] as string);
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] as number) >= (lengths[i * width + j + 1] as number))
      push('removed', a[i++] as string);
    else push('added', b[j++] as string);
  }
  while (i < a.length) push('removed', a[i++] as string);
  while (j < b.length) push('added', b[j++] as string);
  return parts;
}

function textField(field: FieldComparison['field'], first: string, second: string): FieldComparison {
  return { field, first, second, changed: first !== second, text: diffText(first, second) };
}

function jsonField(field: FieldComparison['field'], firstValue: unknown, secondValue: unknown): FieldComparison {
  const first = parseJsonText(firstValue);
  const second = parseJsonText(secondValue);
  const json = diffJson(first, second);
  return { field, first: show(first), second: show(second), changed: json.length > 0, json };
}

function plainField(field: FieldComparison['field'], first: string, second: string): FieldComparison {
  return { field, first, second, changed: first !== second };
}

const duration = (span: Span | undefined): number | undefined =>
  span?.endTime === undefined ? undefined : span.endTime - span.startTime;

function tokens(span: Span | undefined): string {
  if (!span) return '';
  const input = numberAttribute(span.attributes, ATTR.llmUsageInputTokens);
  const output = numberAttribute(span.attributes, ATTR.llmUsageOutputTokens);
  return input === undefined && output === undefined ? '' : `${input ?? 0} + ${output ?? 0}`;
}

/** The messages an llm call sent, one `role: text` block each. */
function messagesText(span: Span | undefined): string {
  const messages = span?.attributes[ATTR.llmMessages];
  if (!Array.isArray(messages)) return '';
  return messages
    .map((message) => {
      if (!isRecord(message)) return '';
      const calls = Array.isArray(message.tool_calls)
        ? message.tool_calls
            .map((call) =>
              isRecord(call) && isRecord(call.function)
                ? ` → ${String(call.function.name)}(${String(call.function.arguments)})`
                : '',
            )
            .join('')
        : '';
      return `${String(message.role)}: ${typeof message.content === 'string' ? message.content : ''}${calls}`;
    })
    .join('\n');
}

function toolCallsOf(span: Span | undefined): unknown {
  const calls = span?.attributes[ATTR.llmOutputToolCalls];
  if (!Array.isArray(calls)) return undefined;
  return calls.map((call) =>
    isRecord(call) && isRecord(call.function)
      ? { name: call.function.name, arguments: parseJsonText(call.function.arguments) }
      : call,
  );
}

function compareStep(kind: 'llm' | 'tool', label: string, first: Span | undefined, second: Span | undefined): StepPair {
  const fields: FieldComparison[] = [];
  const both = (field: FieldComparison['field'], read: (span: Span | undefined) => string) =>
    plainField(field, read(first), read(second));
  if (kind === 'llm') {
    fields.push(both('model', (span) => (span ? (stringAttribute(span.attributes, ATTR.llmRequestModel) ?? '') : '')));
    fields.push(textField('messages', messagesText(first), messagesText(second)));
    fields.push(
      textField(
        'output',
        stringAttribute(first?.attributes ?? {}, ATTR.llmOutputText) ?? '',
        stringAttribute(second?.attributes ?? {}, ATTR.llmOutputText) ?? '',
      ),
    );
    const calls = jsonField('toolCalls', toolCallsOf(first), toolCallsOf(second));
    if (calls.first !== '' || calls.second !== '') fields.push(calls);
    fields.push(both('tokens', tokens));
  } else {
    fields.push(jsonField('arguments', first?.attributes[ATTR.toolArguments], second?.attributes[ATTR.toolArguments]));
    const result = (span: Span | undefined) =>
      span?.attributes[ATTR.toolResult] ?? span?.attributes[ATTR.toolError] ?? span?.error?.message;
    const firstResult = parseJsonText(result(first));
    const secondResult = parseJsonText(result(second));
    fields.push(
      typeof firstResult === 'string' && typeof secondResult === 'string'
        ? textField('result', firstResult, secondResult)
        : jsonField('result', firstResult, secondResult),
    );
    fields.push(both('status', (span) => span?.status ?? ''));
  }
  const firstDuration = duration(first);
  const secondDuration = duration(second);
  // Durations always differ a little: shown side by side, never counted as a change.
  fields.push({
    field: 'duration',
    first: firstDuration === undefined ? '' : String(firstDuration),
    second: secondDuration === undefined ? '' : String(secondDuration),
    changed: false,
  });
  return {
    kind,
    label,
    ...(first ? { first } : {}),
    ...(second ? { second } : {}),
    fields,
    changed: !first || !second || fields.some((field) => field.changed),
  };
}

function figures(spans: readonly Span[], runId: string): RunFigures {
  const steps = runSteps(spans, runId);
  const root = spans.find((span) => span.spanId === runId);
  const tokenCount = steps.reduce(
    (sum, span) =>
      sum +
      (numberAttribute(span.attributes, ATTR.llmUsageInputTokens) ?? 0) +
      (numberAttribute(span.attributes, ATTR.llmUsageOutputTokens) ?? 0),
    0,
  );
  const lastLlm = steps.filter((span) => span.kind === 'llm').at(-1);
  const answer =
    stringAttribute(root?.attributes ?? {}, ATTR.runOutput) ??
    stringAttribute(lastLlm?.attributes ?? {}, ATTR.llmOutputText) ??
    '';
  return { steps: steps.length, tokens: tokenCount, durationMs: duration(root) ?? 0, answer };
}

/**
 * Aligns two runs step by step (llm call i with llm call i; the k-th call of a tool with the k-th call of the same
 * tool, steps only one run has on their own; a fork from the fork point on, `alignRuns`) and compares each pair:
 * messages sent and output as word diffs, tool arguments, results and calls as JSON diffs, tokens and durations
 * side by side. Steps a fork carries from its original are listed once, unchanged.
 */
export function compareRuns(
  firstSpans: readonly Span[],
  firstRunId: string,
  secondSpans: readonly Span[],
  secondRunId: string,
  fork?: ForkAlignment,
): RunComparison {
  const aligned = alignRuns(runSteps(firstSpans, firstRunId), runSteps(secondSpans, secondRunId), fork);
  const pairs = aligned.map((step): StepPair =>
    step.carried
      ? { ...step, fields: [], changed: false, carried: true }
      : compareStep(step.kind, step.label, step.first, step.second),
  );
  const first = figures(firstSpans, firstRunId);
  const second = figures(secondSpans, secondRunId);
  return { pairs, first, second, answerChanged: first.answer !== second.answer };
}
