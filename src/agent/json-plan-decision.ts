import { z } from 'zod';
import { parse as parsePartialJson, Allow } from 'partial-json';
import type { JsonSchema } from '../model/model.ts';
import type { AnyTool } from '../tools/define-tool.ts';
import { MAX_JSON_DEPTH, scanJsonValue } from './json-scan.ts';
import { deeperThan, isRecord } from '../json/deep-json.ts';

/** One reply of the JSON plan protocol, understood. */
export type JsonDecision =
  | { type: 'plan'; plan: string[]; next?: string; memoryNote?: string }
  | { type: 'tool_call'; tool: string; args: Record<string, unknown>; next?: string; memoryNote?: string }
  | { type: 'final'; answer: string; next?: string; memoryNote?: string };

/** A decision as far as it has streamed: whatever fields are readable yet. */
export interface PartialDecision {
  type?: string;
  plan?: string[];
  next?: string;
  tool?: string;
  args?: Record<string, unknown>;
  answer?: string;
}

export type DecisionParseResult = { ok: true; decision: JsonDecision } | { ok: false; problem: string };

const DECISION_TYPES = ['plan', 'tool_call', 'final'] as const;

const TYPE_ALIASES: Record<string, (typeof DECISION_TYPES)[number]> = {
  plan: 'plan',
  tool_call: 'tool_call',
  toolcall: 'tool_call',
  tool: 'tool_call',
  call: 'tool_call',
  action: 'tool_call',
  final: 'final',
  final_answer: 'final',
  answer: 'final',
};

const optionalText = z.string().nullish();

/** The decision as validated: the strict-mode keys, nulls for unused ones, extra keys (a `thought`) tolerated. */
const decisionSchema = z
  .object({
    type: z.preprocess(
      (value) =>
        typeof value === 'string'
          ? (TYPE_ALIASES[
              value
                .trim()
                .toLowerCase()
                .replace(/[\s-]+/g, '_')
            ] ?? value)
          : value,
      z.enum(DECISION_TYPES, { error: 'must be one of "plan", "tool_call", "final"' }),
    ),
    plan: z.array(z.string(), { error: 'must be a list of step texts' }).nullish(),
    next: optionalText,
    tool: optionalText,
    // Strict decoding cannot leave an object open, so some models send the arguments as a JSON string.
    args: z
      .union([z.record(z.string(), z.unknown()), z.string()], { error: 'must be an object with the tool arguments' })
      .nullish(),
    answer: optionalText,
    memory_note: optionalText,
  })
  .superRefine((value, context) => {
    if (value.type === 'plan' && !(value.plan ?? []).some((step) => step.trim() !== '')) {
      context.addIssue({
        code: 'custom',
        path: ['plan'],
        message: 'a "plan" decision needs a non-empty list of steps',
      });
    }
    if (value.type === 'tool_call' && !value.tool?.trim()) {
      context.addIssue({ code: 'custom', path: ['tool'], message: 'a "tool_call" decision needs the tool name' });
    }
    if (value.type === 'final' && (value.answer === null || value.answer === undefined)) {
      context.addIssue({ code: 'custom', path: ['answer'], message: 'a "final" decision needs the answer text' });
    }
  });

/** The JSON Schema of a decision in the strict-mode subset: every key required, unused ones null, nothing else allowed. */
export function decisionJsonSchema(tools: readonly AnyTool[]): JsonSchema {
  const names = tools.map((tool) => tool.name);
  return {
    type: 'object',
    additionalProperties: false,
    required: ['type', 'plan', 'next', 'tool', 'args', 'answer', 'memory_note'],
    properties: {
      type: { type: 'string', enum: [...DECISION_TYPES] },
      plan: {
        type: ['array', 'null'],
        items: { type: 'string' },
        description: 'The steps of your plan (type "plan"), else null.',
      },
      next: { type: ['string', 'null'], description: 'The plan step you work on next, else null.' },
      tool: names.length > 0 ? { type: ['string', 'null'], enum: [...names, null] } : { type: 'null' },
      args: {
        anyOf: [{ type: 'null' }, ...tools.map((tool) => strictSchema(tool.parameters))],
        description: 'The tool arguments (type "tool_call"), else null.',
      },
      answer: { type: ['string', 'null'], description: 'Your complete answer for the user (type "final"), else null.' },
      memory_note: {
        type: ['string', 'null'],
        description: 'A fact worth remembering in later conversations, else null.',
      },
    },
  };
}

const STRICT_UNSUPPORTED_KEYS = new Set(['$schema', 'default', 'examples']);

/** A tool's argument schema in the strict subset: every object closed, every key required, optional ones nullable. */
function strictSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (STRICT_UNSUPPORTED_KEYS.has(key)) continue;
    if (key === 'items' && isRecord(value)) out[key] = strictSchema(value);
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value))
      out['anyOf'] = value.map((item) => (isRecord(item) ? strictSchema(item) : item));
    else out[key] = value;
  }
  const isObject = schema.type === 'object' || isRecord(schema.properties);
  if (!isObject) return out;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  out.properties = Object.fromEntries(
    Object.entries(properties).map(([key, value]) => {
      const inner = isRecord(value) ? strictSchema(value) : {};
      return [key, required.has(key) ? inner : nullable(inner)];
    }),
  );
  out.required = Object.keys(properties);
  out.additionalProperties = false;
  return out;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string')
    return {
      ...schema,
      type: [schema.type, 'null'],
      ...(Array.isArray(schema.enum) ? { enum: [...schema.enum, null] } : {}),
    };
  if (Array.isArray(schema.type))
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * Reads one reply as a decision, tolerantly: a code fence around it, prose before or after the object, a missing
 * `type` that its other keys make plain, arguments sent as a JSON string. Blank, malformed and invalid replies get a
 * problem in words the model can act on (the correction request quotes it).
 */
export function parseDecision(raw: string, tools: readonly AnyTool[] = []): DecisionParseResult {
  const text = unwrapFence(raw).trim();
  if (text === '') return { ok: false, problem: 'The reply was empty: no JSON object came back.' };
  const start = text.indexOf('{');
  if (start === -1)
    return {
      ok: false,
      problem: `The reply is not a JSON object (it starts with ${JSON.stringify(text.slice(0, 40))}).`,
    };
  const scanned = scanJsonValue(text, start);
  if (!scanned.ok)
    return {
      ok: false,
      problem: `The reply is not valid JSON: ${scanned.problem} (line ${scanned.line}, column ${scanned.column}).`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, scanned.end));
  } catch (error) {
    return {
      ok: false,
      problem: `The reply is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`,
    };
  }
  if (!isRecord(value)) return { ok: false, problem: 'The reply must be one JSON object.' };
  const validated = decisionSchema.safeParse(withInferredType(value));
  if (!validated.success)
    return { ok: false, problem: `The decision does not match the schema: ${formatIssues(validated.error.issues)}.` };
  const data = validated.data;
  const extras = {
    ...(data.next?.trim() ? { next: data.next.trim() } : {}),
    ...(data.memory_note?.trim() ? { memoryNote: data.memory_note.trim() } : {}),
  };
  switch (data.type) {
    case 'plan':
      return {
        ok: true,
        decision: {
          type: 'plan',
          plan: (data.plan ?? []).map((step) => step.trim()).filter((step) => step !== ''),
          ...extras,
        },
      };
    case 'final':
      return { ok: true, decision: { type: 'final', answer: data.answer ?? '', ...extras } };
    case 'tool_call': {
      const tool = matchToolName(data.tool?.trim() ?? '', tools);
      const args = readArgs(data.args);
      if (!args.ok) return { ok: false, problem: `The decision does not match the schema: args: ${args.problem}.` };
      return {
        ok: true,
        decision: {
          type: 'tool_call',
          tool,
          args: withoutNullOptionals(
            args.value,
            tools.find((candidate) => candidate.name === tool),
          ),
          ...extras,
        },
      };
    }
  }
}

/** A reply without `type` whose keys say what it is (`{"tool": …}`, `{"answer": …}`, `{"plan": […]}`). */
function withInferredType(value: Record<string, unknown>): Record<string, unknown> {
  if (value.type !== undefined && value.type !== null) return value;
  if (typeof value.tool === 'string' && value.tool !== '') return { ...value, type: 'tool_call' };
  if (typeof value.answer === 'string') return { ...value, type: 'final' };
  if (Array.isArray(value.plan)) return { ...value, type: 'plan' };
  return value;
}

function readArgs(
  args: Record<string, unknown> | string | null | undefined,
): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  if (args === null || args === undefined) return { ok: true, value: {} };
  if (typeof args !== 'string') return { ok: true, value: args };
  if (args.trim() === '') return { ok: true, value: {} };
  try {
    const parsed = JSON.parse(args) as unknown;
    // The same depth the decision's own JSON may have (json-scan.ts): deeper arguments are refused, not walked.
    if (deeperThan(parsed, MAX_JSON_DEPTH))
      return { ok: false, problem: `is nested more than ${MAX_JSON_DEPTH} levels deep` };
    if (isRecord(parsed)) return { ok: true, value: parsed };
  } catch {
    // Reported below.
  }
  return { ok: false, problem: 'must be a JSON object with the tool arguments' };
}

/** Strict decoding sends `null` for every optional argument it leaves out: those are dropped before validation. */
function withoutNullOptionals(args: Record<string, unknown>, tool: AnyTool | undefined): Record<string, unknown> {
  if (!tool) return args;
  const required = new Set(Array.isArray(tool.parameters.required) ? tool.parameters.required.map(String) : []);
  return Object.fromEntries(Object.entries(args).filter(([key, value]) => value !== null || required.has(key)));
}

function matchToolName(name: string, tools: readonly AnyTool[]): string {
  return (
    (tools.find((tool) => tool.name === name) ?? tools.find((tool) => tool.name.toLowerCase() === name.toLowerCase()))
      ?.name ?? name
  );
}

function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 4)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Removes a code fence around the reply (```json … ```), also one left open while streaming. */
export function unwrapFence(text: string): string {
  const match = /^\s*```[a-zA-Z]*[ \t]*\n?([\s\S]*?)(?:\n?[ \t]*```\s*)?$/.exec(text);
  return match ? (match[1] as string) : text;
}

/** Reads the decision a reply has streamed so far (for the live plan checklist and answer), never throwing. */
export function readPartialDecision(raw: string): PartialDecision {
  const text = unwrapFence(raw);
  const start = text.indexOf('{');
  if (start === -1) return {};
  let value: unknown;
  try {
    value = parsePartialJson(text.slice(start), Allow.ALL);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const partial: PartialDecision = {};
  if (typeof value.type === 'string') partial.type = TYPE_ALIASES[value.type.trim().toLowerCase()] ?? value.type;
  if (Array.isArray(value.plan))
    partial.plan = value.plan.filter((step): step is string => typeof step === 'string' && step.trim() !== '');
  if (typeof value.next === 'string') partial.next = value.next;
  if (typeof value.tool === 'string') partial.tool = value.tool;
  if (isRecord(value.args)) partial.args = value.args;
  if (typeof value.answer === 'string') partial.answer = value.answer;
  return partial;
}

/** The decision as the protocol writes it back into the conversation (one line of JSON). */
export function decisionText(decision: JsonDecision): string {
  const note = decision.memoryNote === undefined ? {} : { memory_note: decision.memoryNote };
  const next = decision.next === undefined ? {} : { next: decision.next };
  switch (decision.type) {
    case 'plan':
      return JSON.stringify({ type: 'plan', plan: decision.plan, ...next, ...note });
    case 'tool_call':
      return JSON.stringify({ type: 'tool_call', tool: decision.tool, args: decision.args, ...next, ...note });
    case 'final':
      return JSON.stringify({ type: 'final', answer: decision.answer, ...note });
  }
}
