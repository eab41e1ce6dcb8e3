import { z } from 'zod';
import type { ChatMessage, JsonSchema, ModelRequest } from '../model/model.ts';
import { describeContradiction, findContradictions, type Contradiction, type Evidence } from './answer-facts.ts';
import type { AgentEvent } from './events.ts';
import { unwrapFence } from './json-plan-decision.ts';
import { scanJsonValue } from './json-scan.ts';
import { AGENT_ATTRIBUTE } from './span-attributes.ts';
import { runModelStep } from './step.ts';
import { createNotice, type Notice } from './transcript-entries.ts';
import type { TranscriptEntry } from './transcript.ts';
import type { RunContext } from './run-context.ts';

/** The first words of the verdict call's system prompt (the demo model recognises the call by them). */
export const ANSWER_CHECK_PROMPT_START = "You check an assistant's answer against the evidence it rests on.";

/** The first words of the revision request that follows an unsupported answer. */
export const REVISION_REQUEST_START = 'An answer check found claims in your answer';

const SYSTEM_PROMPT = [
  ANSWER_CHECK_PROMPT_START,
  'The evidence is the tool results of the run (and the question). The answer is "supported" when every factual claim in it —',
  'numbers, dates, names, quotations — agrees with the tool results, or is general knowledge the evidence does not touch.',
  'It is "not_supported" when a claim contradicts a tool result, or states as a result of the tools something they did not return.',
  'When there are no tool results, judge the answer against the question alone and flag only claims that contradict it or themselves.',
  'Only judge: do not answer the question yourself.',
  'Reply with exactly one JSON object: {"verdict": "supported" | "not_supported", "claims": [ ... ]} — each claim quoted from',
  'the answer, with what the evidence says instead; an empty list when the answer is supported.',
].join(' ');

const MAX_EVIDENCE = 20;
const MAX_CLAIMS = 8;
const MAX_CLAIM_CHARS = 300;

/** The verdict reply's schema, in the strict-mode subset (every property required, no others). */
export const VERDICT_JSON_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    verdict: { type: 'string', enum: ['supported', 'not_supported'] },
    claims: { type: 'array', items: { type: 'string' } },
  },
  required: ['verdict', 'claims'],
  additionalProperties: false,
};

/** What the check looks at. */
export interface CheckInput {
  question: string;
  answer: string;
  /** The run's tool results, with their calls; failed ones included (the model should know a call failed). */
  evidence: readonly (Evidence & { ok: boolean })[];
}

/** A verdict read from the model's reply. */
export type VerdictParseResult = { ok: true; supported: boolean; claims: string[] } | { ok: false; problem: string };

/** How the check came out. */
export interface CheckOutcome {
  /** `unreadable`/`failed`: the model gave no verdict, which counts as supported (with a notice). */
  verdict: 'supported' | 'not-supported' | 'unreadable' | 'failed' | 'aborted';
  /** What a revision must fix: deterministic findings first (as `claim ≠ expected (tool)`), then the model's claims. */
  claims: string[];
  findings: Contradiction[];
  notice?: Notice;
}

/** The verdict call: the question, the answer and the evidence, asking for one JSON verdict. */
export function buildCheckRequest(input: CheckInput): ModelRequest {
  const toolResults = input.evidence.slice(-MAX_EVIDENCE).map((item) => ({
    tool: item.tool,
    arguments: item.arguments,
    ...(item.ok ? {} : { failed: true }),
    result: item.result,
  }));
  const payload = { question: input.question, answer: input.answer, tool_results: toolResults };
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: `Check this answer and reply with one JSON verdict.\n\n${JSON.stringify(payload, null, 2)}`,
    },
  ];
  return { messages, responseFormat: { name: 'answer_verdict', schema: VERDICT_JSON_SCHEMA } };
}

const verdictSchema = z.object({
  verdict: z.union([z.string(), z.boolean()]).optional(),
  supported: z.boolean().optional(),
  claims: z.union([z.array(z.unknown()), z.string()]).nullish(),
});

/**
 * Reads a verdict tolerantly: JSON (fenced, with prose around it, `supported: true|false` instead of `verdict`,
 * `not supported`/`unsupported` spelled any way), or a reply that starts with SUPPORTED / NOT SUPPORTED.
 */
export function parseVerdict(raw: string): VerdictParseResult {
  const text = unwrapFence(raw).trim();
  if (text === '') return { ok: false, problem: 'the reply was empty' };
  const start = text.indexOf('{');
  if (start === -1) return verdictFromWords(text);
  const scanned = scanJsonValue(text, start);
  let value: unknown;
  try {
    value = scanned.ok ? JSON.parse(text.slice(start, scanned.end)) : undefined;
  } catch {
    value = undefined;
  }
  if (value === undefined)
    return start === 0 ? { ok: false, problem: 'the reply is not valid JSON' } : verdictFromWords(text);
  const parsed = verdictSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problem: 'the reply is not a verdict object' };
  const { verdict, supported, claims } = parsed.data;
  const claimList = readClaims(claims);
  if (typeof verdict === 'boolean') return { ok: true, supported: verdict, claims: verdict ? [] : claimList };
  if (typeof verdict === 'string') {
    const word = readVerdictWord(verdict);
    if (word === undefined) return { ok: false, problem: `unknown verdict ${JSON.stringify(verdict.slice(0, 40))}` };
    return { ok: true, supported: word, claims: word ? [] : claimList };
  }
  if (typeof supported === 'boolean') return { ok: true, supported, claims: supported ? [] : claimList };
  return { ok: false, problem: 'the reply has no verdict' };
}

function verdictFromWords(text: string): VerdictParseResult {
  const word = readVerdictWord(text.split(/[\n.:;,!]/u)[0] ?? '');
  if (word === undefined)
    return {
      ok: false,
      problem: `the reply is not a JSON verdict (it starts with ${JSON.stringify(text.slice(0, 40))})`,
    };
  const claims = word
    ? []
    : text
        .split('\n')
        .slice(1)
        .map((line) => line.replace(/^\s*[-*•\d.)]+\s*/u, '').trim())
        .filter((line) => line !== '');
  return { ok: true, supported: word, claims: claims.slice(0, MAX_CLAIMS).map(clip) };
}

/** true: supported, false: not supported, undefined: neither. */
function readVerdictWord(text: string): boolean | undefined {
  const word = text
    .trim()
    .toLowerCase()
    .replace(/[*`"']/gu, '')
    .replace(/[\s_-]+/gu, ' ');
  if (/^(?:not supported|unsupported|not_supported|contradicted|incorrect|wrong|false|no)\b/u.test(word)) return false;
  if (/^(?:supported|correct|true|yes|ok)\b/u.test(word)) return true;
  return undefined;
}

function readClaims(claims: unknown): string[] {
  const list = typeof claims === 'string' ? [claims] : Array.isArray(claims) ? claims : [];
  return list
    .map((claim) =>
      typeof claim === 'string'
        ? claim
        : typeof claim === 'object' && claim !== null
          ? JSON.stringify(claim)
          : String(claim),
    )
    .map((claim) => claim.trim())
    .filter((claim) => claim !== '')
    .slice(0, MAX_CLAIMS)
    .map(clip);
}

function clip(text: string): string {
  return text.length > MAX_CLAIM_CHARS ? `${text.slice(0, MAX_CLAIM_CHARS - 1)}…` : text;
}

/** The message that asks for the one revision: the claims in question, and how to reply in the run's protocol. */
export function revisionRequestText(claims: readonly string[], protocolHint: string): string {
  const list =
    claims.length > 0 ? claims.map((claim) => `- ${claim}`).join('\n') : '- (the checker named no single claim)';
  return `${REVISION_REQUEST_START} that the tool results do not support:\n${list}\nRevise your answer: correct these claims (call tools again if you need to), then give the complete corrected answer.${protocolHint}`;
}

/**
 * Checks a final answer: the deterministic check against the tool results, then one model call for a verdict, both
 * in a `reflection` span under the run (the model call is an llm span inside it). Never throws for the model's sake:
 * a failed call or an unreadable verdict counts as supported, with a notice. `canRevise` says whether the run has a
 * step left for the revision (recorded on the span as `reflection.revised`).
 */
export async function checkAnswer(
  context: RunContext,
  input: CheckInput,
  step: number,
  canRevise: boolean,
): Promise<CheckOutcome> {
  const { options } = context;
  const span = options.tracer.startSpan({
    kind: 'reflection',
    name: 'answer check',
    parent: context.runSpan,
    attributes: { [AGENT_ATTRIBUTE.reflectionModel]: options.model.modelId },
  });
  const okEvidence = input.evidence.filter((item) => item.ok);
  const findings = findContradictions(input.answer, okEvidence, input.question);
  const deterministic = findings.map(describeContradiction);
  span.setAttributes({
    [AGENT_ATTRIBUTE.reflectionDeterministic]: okEvidence.length === 0 ? ['skipped: no tool results'] : deterministic,
  });

  const result = await runModelStep({
    model: options.model,
    request: buildCheckRequest(input),
    step,
    tracer: options.tracer,
    parent: span,
    signal: context.signal,
    // The verdict is the check's own business: only notices (retries, response_format fallbacks) reach the chat.
    emit: (event: AgentEvent) => {
      if (event.type === 'notice') context.emit(event);
    },
    now: options.now,
  });

  let outcome: CheckOutcome;
  if (result.status === 'aborted') {
    outcome = { verdict: 'aborted', claims: deterministic, findings };
  } else if (result.status === 'error') {
    const error = result.error instanceof Error ? result.error.message : String(result.error);
    outcome = withFindings(findings, deterministic, {
      verdict: 'failed',
      notice: createNotice('answer-check', { key: 'answer-check-unreadable', values: { problem: error } }),
    });
  } else {
    const verdict = parseVerdict(result.response.text);
    if (!verdict.ok) {
      outcome = withFindings(findings, deterministic, {
        verdict: 'unreadable',
        notice: createNotice('answer-check', { key: 'answer-check-unreadable', values: { problem: verdict.problem } }),
      });
    } else {
      const claims = verdict.supported ? [] : verdict.claims;
      outcome = {
        verdict: verdict.supported && findings.length === 0 ? 'supported' : 'not-supported',
        claims: [...deterministic, ...claims],
        findings,
      };
      span.setAttributes({ [AGENT_ATTRIBUTE.reflectionClaims]: claims });
    }
  }
  const revised = outcome.verdict === 'not-supported' && canRevise;
  span.setAttributes({
    [AGENT_ATTRIBUTE.reflectionVerdict]: outcome.verdict === 'not-supported' ? 'not supported' : outcome.verdict,
    [AGENT_ATTRIBUTE.reflectionRevised]: revised,
  });
  span.end(outcome.verdict === 'aborted' ? 'cancelled' : 'ok');
  return outcome;
}

/** Without a model verdict, deterministic findings alone still make the answer unsupported. */
function withFindings(
  findings: Contradiction[],
  deterministic: string[],
  fallback: Pick<CheckOutcome, 'verdict' | 'notice'>,
): CheckOutcome {
  if (findings.length > 0) return { verdict: 'not-supported', claims: deterministic, findings };
  return { ...fallback, claims: [], findings };
}

/** The question, the answer and the tool results of a run's entries, as the check reads them. */
export function checkInputOf(
  question: string,
  answer: TranscriptEntry,
  runEntries: readonly TranscriptEntry[],
): CheckInput {
  const calls = new Map<string, { name: string; arguments: string }>();
  const evidence: CheckInput['evidence'][number][] = [];
  for (const entry of runEntries) {
    const message = entry.message;
    if (entry.meta?.delegation) continue;
    if (message.role === 'assistant') for (const call of message.tool_calls ?? []) calls.set(call.id, call.function);
    if (message.role !== 'tool') continue;
    const call = calls.get(message.tool_call_id);
    evidence.push({
      tool: call?.name ?? entry.meta?.toolName ?? 'tool',
      arguments: call?.arguments ?? '{}',
      result: message.content,
      ok: (entry.meta?.toolStatus ?? 'ok') === 'ok',
    });
  }
  const text = answer.message.role === 'assistant' ? (answer.message.content ?? '') : '';
  return { question, answer: text, evidence };
}
