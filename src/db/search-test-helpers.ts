import { messageChunk } from './message-chunks.ts';
import { saveStep } from './save-step.ts';
import type { MessageRecord } from './schema.ts';
import { searchSessions } from './search-query.ts';
import { createSession } from './sessions.ts';
import { assistantEntry, userEntry } from './test-fixtures.ts';
import type { GlassboxDatabase } from './transaction.ts';

// Helpers of the search tests (search-index.test.ts, search-query.test.ts).

/** A session with these messages (user, assistant, user, …) saved as one step, so the step indexes them. */
export async function sessionWith(db: GlassboxDatabase, id: string, updatedAt: number, texts: string[]): Promise<void> {
  await createSession(db, { id, now: updatedAt - 1 });
  await saveStep(db, {
    sessionId: id,
    entries: texts.map((text, index) =>
      index % 2 === 0 ? userEntry(id, `${id}_m${index}`, text) : assistantEntry(id, `${id}_m${index}`, text),
    ),
    spans: [],
    session: { updatedAt },
  });
}

/** The ids of the sessions a search answers, in its order. */
export const ids = async (db: GlassboxDatabase, query: string) =>
  (await searchSessions(db, query)).map((match) => match.sessionId);

/** A message written straight to the store, past the index (as a build without it would have): into its chunk, or one of its own. */
export async function putUnindexed(db: GlassboxDatabase, record: MessageRecord): Promise<void> {
  const chunk = await db.getFromIndex('messageChunks', 'by-message', record.id);
  await db.put(
    'messageChunks',
    chunk
      ? { ...chunk, messages: chunk.messages.map((message) => (message.id === record.id ? record : message)) }
      : messageChunk([record]),
  );
}
