import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { SHARED_DATA_TAG, sharedPath } from '../testing/shared-data.ts';
import { parseChatGptExport } from './chatgpt-import.ts';
import { importChatGptStream, scanChatGptExport, startsAsArray, type StreamProgress } from './chatgpt-stream-import.ts';
import { listMessages } from './messages.ts';
import { listSessions } from './sessions.ts';
import { sequentialIds } from './test-fixtures.ts';

// Real exports written by other projects (see ../shared/real-data/SOURCES.md); read in place, never copied.
const DIRECTORY = sharedPath('real-data', 'chatgpt');

/** Every conversation of every real export, as one array (the way a heavy user's single file holds them). */
function realConversations(): unknown[] {
  return readdirSync(DIRECTORY)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const value = JSON.parse(readFileSync(resolve(DIRECTORY, name), 'utf8')) as unknown;
      return Array.isArray(value) ? value : [value];
    });
}

const conversation = (index: number) => ({
  title: `Conversation ${index}`,
  create_time: 1_700_000_000 + index,
  current_node: 'b',
  mapping: {
    a: {
      message: {
        id: 'a',
        author: { role: 'user' },
        create_time: 1_700_000_000 + index,
        content: { content_type: 'text', parts: [`Question ${index}`] },
      },
      children: ['b'],
    },
    b: {
      parent: 'a',
      message: {
        id: 'b',
        author: { role: 'assistant' },
        create_time: 1_700_000_001 + index,
        content: { content_type: 'text', parts: [`Answer ${index}`] },
      },
    },
  },
});

describe('streamed ChatGPT import', () => {
  it(
    'imports the real exports as one file exactly as the whole-file import converts them, skips reported',
    { tags: [SHARED_DATA_TAG] },
    async () => {
      const conversations = realConversations();
      const blob = new Blob([JSON.stringify(conversations, null, 1)]);
      expect(await startsAsArray(blob)).toBe(true);
      const expected = parseChatGptExport(conversations, 'all.json');
      if (!expected.ok) throw new Error(expected.error);

      const scanned = await scanChatGptExport(blob, 'all.json', 'en', () => undefined);
      expect(scanned).toEqual({ ok: true, total: conversations.length });
      const db = await openTestDb();
      const progress: StreamProgress[] = [];
      // Batches of a few messages: several transactions.
      const result = await importChatGptStream(db, blob, {
        fileName: 'all.json',
        language: 'en',
        total: conversations.length,
        newId: sequentialIds(),
        onProgress: (p) => progress.push(p),
        batchMessages: 5,
      });
      if (!result.ok) throw new Error(result.error);
      expect(result.cancelled).toBe(false);
      expect(result.skipped).toEqual(expected.skipped);
      expect(result.sessionIds).toHaveLength(expected.sessions.length);
      const stored = await listSessions(db);
      expect(stored.map((session) => session.title).sort()).toEqual(
        expected.sessions.map((session) => session.title).sort(),
      );
      for (const [index, id] of result.sessionIds.entries()) {
        const messages = await listMessages(db, id);
        expect(messages.map((m) => [m.message.role, m.message.content])).toEqual(
          expected.sessions[index]?.messages.map((m) => [m.message.role, m.message.content]),
        );
      }
      expect(progress.at(-1)).toEqual({
        phase: 'write',
        bytesDone: blob.size,
        bytesTotal: blob.size,
        done: conversations.length,
        total: conversations.length,
      });
      db.close();
    },
  );

  it('Cancel keeps the conversations converted before it, whole, and nothing after', async () => {
    const blob = new Blob([JSON.stringify(Array.from({ length: 40 }, (_, index) => conversation(index)))]);
    const db = await openTestDb();
    const ids = sequentialIds();
    let sessions = 0;
    const result = await importChatGptStream(db, blob, {
      fileName: 'c.json',
      language: 'en',
      total: 40,
      newId: (prefix) => {
        if (prefix === 'sess') sessions += 1;
        return ids(prefix);
      },
      onProgress: () => undefined,
      // Cancelled once ten sessions are written.
      isCancelled: () => sessions >= 10,
      batchMessages: 6,
    });
    if (!result.ok) throw new Error(result.error);
    expect(result.cancelled).toBe(true);
    const stored = await listSessions(db);
    expect(stored.length).toBe(result.sessionIds.length);
    expect(stored.length).toBe(10);
    for (const session of stored) {
      expect(session.messageCount).toBe(2);
      expect((await listMessages(db, session.id)).map((m) => m.message.content)).toEqual([
        `Question ${session.title.slice(13)}`,
        `Answer ${session.title.slice(13)}`,
      ]);
    }
    db.close();
  });

  it('refuses a broken file in the scan, before anything is written, naming the problem', async () => {
    const good = JSON.stringify(conversation(1));
    expect(await scanChatGptExport(new Blob([`[${good},{"title": oops}]`]), 'bad.json', 'en', () => undefined)).toEqual(
      {
        ok: false,
        error: expect.stringMatching(/^bad\.json: not valid JSON \(conversation 2: .+\)/),
      },
    );
    expect(await scanChatGptExport(new Blob([`[${good}`]), 'cut.json', 'zh-CN', () => undefined)).toEqual({
      ok: false,
      error: expect.stringContaining('cut.json：不是有效的 JSON'),
    });
    expect(await scanChatGptExport(new Blob(['[1, 2]']), 'n.json', 'en', () => undefined)).toEqual({
      ok: false,
      error: expect.stringContaining('not a Glassbox sessions export'),
    });
    const db = await openTestDb();
    // A file whose conversations all are unreadable: refused, nothing written.
    const none = await importChatGptStream(db, new Blob(['[{"title":"x","mapping":null}]']), {
      fileName: 'x.json',
      language: 'en',
      total: 1,
      newId: sequentialIds(),
      onProgress: () => undefined,
    });
    expect(none).toEqual({
      ok: false,
      error: 'x.json: no conversation has messages to import ("x": the export holds no messages for it (no mapping))',
    });
    expect(await listSessions(db)).toEqual([]);
    db.close();
  });
});
