/**
 * A `run:` document changed on two devices. A finished run only ever loses messages (a deleted turn, an edit that
 * cuts the conversation), so each version of a run document says what was removed from it since it was first written
 * (`removed`, carried from version to version), and versions written apart merge into everything any of them holds
 * minus everything any of them removed: each device's removals stay removed and nothing else is dropped, as if every
 * run and message were a document of its own. A run document written apart on two devices (a history imported on
 * both before sync) merges the same way.
 */
import { decryptDoc, type EngineContext } from './context.ts';
import { runDocSchema, runsOfDoc, type PlainDoc, type RunBody, type RunDoc } from './docs.ts';

type Removed = NonNullable<RunDoc['removed']>;
type Run = RunBody & { id: string };

function removedOf(docs: readonly RunDoc[]): { runs: Set<string>; messages: Set<string> } {
  const runs = new Set(docs.flatMap((doc) => doc.removed?.runs ?? []));
  const messages = new Set(docs.flatMap((doc) => doc.removed?.messages ?? []));
  return { runs, messages };
}

function asRemoved(removed: { runs: Set<string>; messages: Set<string> }): Removed | undefined {
  return removed.runs.size + removed.messages.size === 0
    ? undefined
    : { runs: [...removed.runs], messages: [...removed.messages] };
}

/** What `now` lacks of `before` (a version this device held), with what `before` already listed as removed. */
export function removalsSince(sessionId: string, docId: string, before: RunDoc, now: RunDoc): Removed | undefined {
  const removed = removedOf([before, now]);
  const kept = new Map(runsOfDoc(sessionId, docId, now).map((run) => [run.id, run]));
  for (const run of runsOfDoc(sessionId, docId, before)) {
    const still = kept.get(run.id);
    if (!still) removed.runs.add(run.id);
    else {
      const present = new Set(still.messages.map((message) => message.id));
      for (const message of run.messages) if (!present.has(message.id)) removed.messages.add(message.id);
    }
  }
  return asRemoved(removed);
}

/** Versions of one `run:` document as one: every run, message and span any holds, less what any removed. */
export function mergeRunDocs(sessionId: string, docId: string, versions: readonly RunDoc[]): RunDoc {
  const removed = removedOf(versions);
  const runs = new Map<string, Run>();
  for (const version of versions)
    for (const run of runsOfDoc(sessionId, docId, version)) {
      if (removed.runs.has(run.id)) continue;
      const merged = runs.get(run.id);
      if (!merged) runs.set(run.id, { ...run, messages: [...run.messages], spans: [...run.spans] });
      else {
        // One by one: a run of 10,000 tool calls is too many arguments for a spread.
        const messages = new Set(merged.messages.map((message) => message.id));
        const spans = new Set(merged.spans.map((span) => span.spanId));
        for (const message of run.messages) if (!messages.has(message.id)) merged.messages.push(message);
        for (const span of run.spans) if (!spans.has(span.spanId)) merged.spans.push(span);
      }
    }
  const kept: Run[] = [];
  for (const run of runs.values()) {
    const messages = run.messages
      .filter((message) => !removed.messages.has(message.id))
      .sort((first, second) => first.createdAt - second.createdAt);
    if (messages.length > 0) kept.push({ ...run, messages });
  }
  const extra = asRemoved(removed);
  const [only] = kept;
  // The one-run form while the document holds just the run it is named after, as it was written.
  if (!versions.some((version) => 'runs' in version) && kept.length === 1 && only) {
    const { id: _id, ...body } = only;
    return extra ? { ...body, removed: extra } : body;
  }
  return extra ? { runs: kept, removed: extra } : { runs: kept };
}

/**
 * A `run:` document's body as written again by this device: with what it removed since the version it last wrote or
 * applied (the marker's revision of it), so a version written apart elsewhere cannot bring that back.
 */
export async function withRemovals(context: EngineContext, sessionId: string, doc: PlainDoc): Promise<unknown> {
  const rev = context.marker.docs[doc.id]?.rev;
  const now = runDocSchema.safeParse(doc.body);
  if (rev === undefined || !now.success) return doc.body;
  let before: unknown;
  try {
    before = await decryptDoc(context, await context.local.get(doc.id, { rev }));
  } catch {
    return doc.body;
  }
  const previous = runDocSchema.safeParse(before);
  const removed = previous.success ? removalsSince(sessionId, doc.id, previous.data, now.data) : undefined;
  return removed ? { ...now.data, removed } : doc.body;
}
