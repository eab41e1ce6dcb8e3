import type { TranscriptEntry } from '../../agent/transcript.ts';

/** How one step of a plan stands. */
export type PlanStepState = 'done' | 'current' | 'pending';

/** What a plan entry shows: the run's checklist (its first plan) or what a later plan changed. */
export type PlanView =
  | { kind: 'checklist'; steps: { text: string; state: PlanStepState }[] }
  | { kind: 'update'; added: string[]; removed: string[] };

/**
 * The plan views of a transcript, by entry id. The first plan entry of a run shows the run's `Plan` checklist, with
 * the steps of its latest plan; a step is done once a later decision says it works on a step after it (`next`), and
 * every step is done once the run answered. Later plan entries show what they changed.
 */
export function buildPlanViews(entries: readonly TranscriptEntry[]): Map<string, PlanView> {
  const views = new Map<string, PlanView>();
  const runs = new Map<string, TranscriptEntry[]>();
  for (const entry of entries) {
    if (entry.meta?.delegation) continue;
    const run = runs.get(entry.runId);
    if (run) run.push(entry);
    else runs.set(entry.runId, [entry]);
  }
  for (const run of runs.values()) {
    const planIndexes = run.flatMap((entry, index) => (entry.meta?.plan ? [index] : []));
    const firstIndex = planIndexes[0];
    if (firstIndex === undefined) continue;
    const lastIndex = planIndexes.at(-1) as number;
    const steps = run[lastIndex]?.meta?.plan ?? [];
    let reached = -1;
    let answered = false;
    for (const entry of run.slice(lastIndex)) {
      const next = entry.meta?.planNext;
      if (next !== undefined) reached = Math.max(reached, stepIndex(steps, next));
      if (isAnswer(entry)) answered = true;
    }
    views.set(run[firstIndex]?.id as string, {
      kind: 'checklist',
      steps: steps.map((text, index) => ({
        text,
        state: answered || index < reached ? 'done' : index === reached ? 'current' : 'pending',
      })),
    });
    for (let position = 1; position < planIndexes.length; position += 1) {
      const before = run[planIndexes[position - 1] as number]?.meta?.plan ?? [];
      const entry = run[planIndexes[position] as number] as TranscriptEntry;
      const after = entry.meta?.plan ?? [];
      views.set(entry.id, {
        kind: 'update',
        added: after.filter((step) => !before.includes(step)),
        removed: before.filter((step) => !after.includes(step)),
      });
    }
  }
  return views;
}

/** An answer ends the plan: an assistant text without tool calls that is not a plan, partial or a delegate's. */
function isAnswer(entry: TranscriptEntry): boolean {
  const { message, meta } = entry;
  return (
    message.role === 'assistant' &&
    !message.tool_calls?.length &&
    !meta?.plan &&
    !meta?.partial &&
    (message.content ?? '').trim() !== ''
  );
}

/** The step `next` names: its text (any case), its number (`2`, `step 2`), or the step that contains it; -1 if none. */
export function stepIndex(steps: readonly string[], next: string): number {
  const wanted = normalise(next);
  if (wanted === '') return -1;
  const exact = steps.findIndex((step) => normalise(step) === wanted);
  if (exact !== -1) return exact;
  const number = /^(?:step\s*|第\s*)?(\d+)\s*(?:步)?[.:)]?$/iu.exec(wanted)?.[1];
  if (number !== undefined) {
    const index = Number(number) - 1;
    return index >= 0 && index < steps.length ? index : -1;
  }
  return steps.findIndex((step) => {
    const text = normalise(step);
    return text.includes(wanted) || wanted.includes(text);
  });
}

function normalise(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^\d+[.)]\s+(?=\S)/u, '')
    .replace(/\s+/gu, ' ')
    .replace(/[.。]$/u, '');
}
