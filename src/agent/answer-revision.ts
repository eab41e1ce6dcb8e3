import { checkAnswer, checkInputOf, revisionRequestText } from './answer-check.ts';
import type { StepResult } from './stop-conditions.ts';
import { createEntry, createNotice, type Notice } from './transcript-entries.ts';
import type { TranscriptEntry } from './transcript.ts';
import type { RunContext } from './run-context.ts';

/** What the loop does after the answer check: keep the answer, revise it once, or end (Stop came during the check). */
export type CheckedAnswer = { type: 'kept' } | { type: 'revise'; added: TranscriptEntry[] } | { type: 'aborted' };

/** The facts the check of a run's final answer needs from the loop. */
export interface FinalAnswerInput {
  /** The run's entries so far; the draft is replaced in place when the check marks it. */
  entries: TranscriptEntry[];
  /** The step that gave the final answer. */
  step: StepResult;
  /** The run has a model step and time left for a revision. */
  canRevise: boolean;
}

/**
 * The answer check after a final answer (PRODUCT.md §9). On "not supported" the draft is marked (`draftOf`, its
 * claims) and a revision request follows it — both written as one more step — and the loop goes on for the one
 * revision; otherwise the answer stands, with a notice when the check gave no verdict or had no step left to revise.
 */
export async function checkFinalAnswer(context: RunContext, input: FinalAnswerInput): Promise<CheckedAnswer> {
  const { options } = context;
  const draft = input.step.entries.findLast((entry) => entry.message.role === 'assistant');
  if (!draft || draft.message.role !== 'assistant' || !draft.message.content?.trim()) return { type: 'kept' };
  const question = options.runInput ?? options.history.findLast((message) => message.role === 'user')?.content ?? '';
  const outcome = await checkAnswer(
    context,
    checkInputOf(question, draft, input.entries),
    input.step.step,
    input.canRevise,
  );
  if (outcome.verdict === 'aborted') return { type: 'aborted' };
  if (outcome.verdict !== 'not-supported') {
    if (outcome.notice) await noteOnAnswer(context, input, draft, outcome.notice);
    return { type: 'kept' };
  }
  if (!input.canRevise) {
    const notice = createNotice('answer-check', {
      key: 'answer-check-no-room',
      values: { claims: outcome.claims.join('; ') },
    });
    await noteOnAnswer(context, input, draft, notice);
    return { type: 'kept' };
  }
  const marked: TranscriptEntry = {
    ...draft,
    meta: { ...draft.meta, draftOf: context.factory.runId, checkClaims: outcome.claims },
  };
  const request = createEntry(
    context.factory,
    { role: 'user', content: revisionRequestText(outcome.claims, context.protocol.revisionHint) },
    {
      meta: { synthetic: true, draftOf: context.factory.runId },
    },
  );
  replaceEntry(input.entries, marked);
  input.entries.push(request);
  // The draft again, with the same id: the chat and storage update it in place.
  context.emit({ type: 'entry-added', entry: marked });
  context.emit({ type: 'entry-added', entry: request });
  await options.onEvent({ type: 'step-end', step: input.step.step, entries: [marked, request] });
  return { type: 'revise', added: [request] };
}

/** A notice added under the answer (stored with it) and announced. */
async function noteOnAnswer(
  context: RunContext,
  input: FinalAnswerInput,
  answer: TranscriptEntry,
  notice: Notice,
): Promise<void> {
  context.emit({ type: 'notice', ...notice });
  const meta = answer.meta ?? {};
  const updated: TranscriptEntry = {
    ...answer,
    meta: { ...meta, noticeText: [...(meta.noticeText ?? []), notice.text] },
  };
  replaceEntry(input.entries, updated);
  context.emit({ type: 'entry-added', entry: updated });
  await context.options.onEvent({ type: 'step-end', step: input.step.step, entries: [updated] });
}

function replaceEntry(entries: TranscriptEntry[], entry: TranscriptEntry): void {
  const index = entries.findLastIndex((candidate) => candidate.id === entry.id);
  if (index !== -1) entries[index] = entry;
}
