import { unwrap } from 'idb';
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { Span } from '../trace/span.ts';
import { messageChunk } from './message-chunks.ts';
import type { MessageChunkRecord, MessageRecord, SessionRecord } from './schema.ts';
import { UNTITLED } from './schema.ts';
import { applySessionPatch, type SessionPatch } from './sessions.ts';
import { spanForStorage } from './span-storage.ts';
import { putSpansInChunks, spanPlacements } from './spans.ts';
import { StorageError } from './storage-error.ts';
import { loadedSearchIndex, loadSearchIndex } from './search-index-state.ts';
import { requestAll, runTransaction, type GlassboxDatabase } from './transaction.ts';

/** What one agent step (or a flush of one) adds to a session. */
export interface StepWrite {
  sessionId: string;
  /** New entries, or entries written before whose content grew (same id: updated in place, same seq). */
  entries: TranscriptEntry[];
  /** New or updated spans. */
  spans: Span[];
  /** Status, run, summary, timestamps… Counters, ids and `nextSeq` are computed here, never taken from the patch. */
  session: SessionPatch;
}

const TITLE_LENGTH = 60;

/** A session title from a user message: whitespace collapsed, cut at a word boundary to about 60 characters. */
export function titleFromMessage(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= TITLE_LENGTH) return flat;
  const cut = flat.slice(0, TITLE_LENGTH);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function firstUserText(entries: TranscriptEntry[]): string | undefined {
  for (const entry of entries) {
    if (entry.message.role === 'user' && !entry.meta?.synthetic && entry.message.content.trim()) {
      return entry.message.content;
    }
  }
  return undefined;
}

/**
 * Each database's saves in the order they were asked for (the last one's promise, settled either way): a save may
 * wait before its transaction starts (a long answer's search terms are read in slices, the page painting between
 * them), and a later step's transaction must not start first — its messages would take the earlier seqs.
 */
const saveOrder = new WeakMap<GlassboxDatabase, Promise<unknown>>();

/**
 * Writes one step in a single transaction: entries get the next seqs, spans are put, and the session's
 * counters, title and patch are applied. It reads only the session record and the step's own keys, so its
 * cost does not grow with the session. Rejects with a StorageError and writes nothing on any failure. Saves of
 * one database are written in the order they were called.
 */
export function saveStep(db: GlassboxDatabase, step: StepWrite): Promise<SessionRecord> {
  const saved = (saveOrder.get(db) ?? Promise.resolve()).then(() => writeStep(db, step));
  saveOrder.set(
    db,
    saved.catch(() => undefined),
  );
  return saved;
}

async function writeStep(db: GlassboxDatabase, step: StepWrite): Promise<SessionRecord> {
  for (const item of [...step.entries, ...step.spans]) {
    if (item.sessionId !== step.sessionId) {
      throw new Error(`saveStep for ${step.sessionId} received a record of session ${item.sessionId}`);
    }
  }
  // The same entry twice in one step (a flush and the final text) is one message: the last version wins.
  const latestById = new Map(step.entries.map((entry) => [entry.id, entry]));
  const entries = [...latestById.values()];
  const placements = spanPlacements(db);
  // The search index's terms go in the same transaction: a saved message is always findable.
  const searchIndex = loadedSearchIndex() ?? (await loadSearchIndex());
  const terms = await searchIndex.newStepTerms(
    db,
    step.sessionId,
    entries.map((entry) => entry.message.content),
  );
  const saved = await runTransaction(
    db,
    ['sessions', 'messageChunks', 'spanChunks', 'searchIndex'],
    'readwrite',
    async (tx) => {
      const sessions = tx.objectStore('sessions');
      const chunks = tx.objectStore('messageChunks');
      const session = await sessions.get(step.sessionId);
      if (!session) throw new StorageError('not-found', `Session ${step.sessionId} does not exist.`);

      const [holding, addedSpans] = await Promise.all([
        // The chunk holding each entry written before (a flush of the same answer): it is rewritten with the new text.
        requestAll(entries.map((entry) => () => chunks.index('by-message').get(entry.id))),
        // Only the chunks of the run these spans fall in are read and rewritten.
        putSpansInChunks(tx.objectStore('spanChunks'), step.spans.map(spanForStorage), placements),
      ]);
      let nextSeq = session.nextSeq;
      const rewritten = new Map<number, MessageChunkRecord>();
      const added: MessageRecord[] = [];
      const records: MessageRecord[] = entries.map((entry, index) => {
        const found = holding[index];
        if (found && found.sessionId !== step.sessionId) {
          throw new Error(`Message id ${entry.id} already belongs to session ${found.sessionId}`);
        }
        const chunk = found ? (rewritten.get(found.seq) ?? found) : undefined;
        const position = chunk?.messages.findIndex((message) => message.id === entry.id) ?? -1;
        if (chunk && position >= 0) {
          const record = { ...entry, seq: chunk.messages[position]?.seq ?? chunk.seq };
          rewritten.set(chunk.seq, { ...chunk, messages: chunk.messages.with(position, record) });
          return record;
        }
        const record = { ...entry, seq: nextSeq++ };
        added.push(record);
        return record;
      });

      let next = applySessionPatch(session, step.session);
      next.messageCount = session.messageCount + added.length;
      next.spanCount = session.spanCount + addedSpans;
      next.nextSeq = nextSeq;
      if (!Object.hasOwn(step.session, 'updatedAt') && records.length > 0) {
        next.updatedAt = Math.max(session.updatedAt, ...records.map((record) => record.createdAt));
      }
      const userText = firstUserText(entries);
      const unnamed = session.messageCount === 0 || session.title === UNTITLED;
      if (userText !== undefined && !next.titleEdited && unnamed && !Object.hasOwn(step.session, 'title')) {
        next = { ...next, title: titleFromMessage(userText) };
      }

      searchIndex.putStepTerms(unwrap(tx.objectStore('searchIndex')), step.sessionId, terms);
      // The step's new messages are a chunk of their own, after every message the session has.
      const written = added.length > 0 ? [...rewritten.values(), messageChunk(added)] : [...rewritten.values()];
      await requestAll<unknown>([...written.map((chunk) => () => chunks.put(chunk)), () => sessions.put(next)]);
      return next;
    },
  ).catch((error: unknown) => {
    // The placements this write remembered were not stored.
    placements.clear();
    throw error;
  });
  searchIndex.rememberStepTerms(db, step.sessionId, terms);
  return saved;
}
