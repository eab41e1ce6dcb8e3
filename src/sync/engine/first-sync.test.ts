// A first sync of many sessions to an empty device: every session arrives whole and searchable, written a batch of
// sessions per transaction (the search index gets one row per term for a batch, as an import writes it).
import { describe, expect, it } from 'vitest';
import { listMessages } from '../../db/messages.ts';
import { saveStep } from '../../db/save-step.ts';
import { createSession, listSessions } from '../../db/sessions.ts';
import { couchServer, device, settingsFor } from './engine-test-helpers.ts';

const SESSIONS = 30;

describe('a first sync of many sessions', () => {
  it('brings every session whole and searchable, one search-index row per term for a batch of sessions', async () => {
    const server = await couchServer();
    const a = await device();
    for (let index = 0; index < SESSIONS; index += 1) {
      const sessionId = `sess_many_${index}`;
      await createSession(a.db, { id: sessionId, now: 1_000 + index });
      await saveStep(a.db, {
        sessionId,
        entries: [
          {
            id: `msg_${index}_q`,
            sessionId,
            runId: `run_${index}`,
            createdAt: 2_000,
            message: { role: 'user', content: `zebra question ${index}` },
          },
          {
            id: `msg_${index}_a`,
            sessionId,
            runId: `run_${index}`,
            createdAt: 2_001,
            message: { role: 'assistant', content: `unique${index} answer` },
          },
        ],
        spans: [],
        session: { status: 'done', updatedAt: 2_001 },
      });
    }
    await a.engine.start(settingsFor(server.url));
    expect(a.state()).toBe('idle');

    const b = await device();
    await b.engine.start(settingsFor(server.url));
    expect(b.state()).toBe('idle');
    const ids = (await listSessions(b.db)).map((session) => session.id).filter((id) => id.startsWith('sess_many_'));
    expect(ids).toHaveLength(SESSIONS);
    for (let index = 0; index < SESSIONS; index += 1) {
      const messages = await listMessages(b.db, `sess_many_${index}`);
      expect(messages.map((record) => record.message.content)).toEqual([
        `zebra question ${index}`,
        `unique${index} answer`,
      ]);
    }
    const zebra = (await b.db.getAll('searchIndex')).filter((row) => row.term === 'zebra');
    expect(new Set(zebra.flatMap((row) => row.sessions))).toEqual(new Set(ids));
    // One row per batch of sessions (25 a transaction), not one per session.
    expect(zebra.length).toBeLessThanOrEqual(2);
  });
});
