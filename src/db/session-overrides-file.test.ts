import { describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/fake-db.ts';
import { createSession, getSession, updateSession } from './sessions.ts';
import { exportSessions, importParsed, parseImportFile } from './session-file.ts';
import { sequentialIds } from './test-fixtures.ts';

const NOW = new Date('2026-12-01T10:00:00Z');

function parsed(text: string) {
  const result = parseImportFile(text, 'file.json');
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe('a session’s own model and system prompt', () => {
  it('is stored on the session, cleared by a patch without it, and kept apart from other sessions', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_a', now: 1 });
    await createSession(db, { id: 'sess_b', now: 2 });
    await updateSession(db, 'sess_a', { overrides: { model: 'qwen-max', systemPrompt: 'Answer in haiku.' } });
    expect((await getSession(db, 'sess_a'))?.overrides).toEqual({
      model: 'qwen-max',
      systemPrompt: 'Answer in haiku.',
    });
    expect((await getSession(db, 'sess_b'))?.overrides).toBeUndefined();

    await updateSession(db, 'sess_a', { overrides: undefined });
    const cleared = await getSession(db, 'sess_a');
    expect(cleared && Object.hasOwn(cleared, 'overrides')).toBe(false);
  });

  it('travels with Export session and comes back on Import, also as a copy', async () => {
    const source = await openTestDb();
    await createSession(source, { id: 'sess_a', now: 1 });
    await updateSession(source, 'sess_a', { overrides: { model: 'glm-4-plus', systemPrompt: '只用中文回答。' } });
    const file = await exportSessions(source, { sessionIds: ['sess_a'], includeNotes: false, now: NOW });
    expect(file.sessions[0]?.overrides).toEqual({ model: 'glm-4-plus', systemPrompt: '只用中文回答。' });

    const target = await openTestDb();
    const text = JSON.stringify(file);
    const first = await importParsed(target, parsed(text), { newId: sequentialIds() });
    expect((await getSession(target, first.sessionIds[0] as string))?.overrides).toEqual({
      model: 'glm-4-plus',
      systemPrompt: '只用中文回答。',
    });
    const copy = await importParsed(target, parsed(text), { newId: sequentialIds() });
    expect(copy.copies).toBe(1);
    expect((await getSession(target, copy.sessionIds[0] as string))?.overrides).toEqual({
      model: 'glm-4-plus',
      systemPrompt: '只用中文回答。',
    });
  });

  it('is left out of the export of a session without one, and a file from before overrides imports without one', async () => {
    const db = await openTestDb();
    await createSession(db, { id: 'sess_plain', now: 1 });
    const file = await exportSessions(db, { sessionIds: ['sess_plain'], includeNotes: false, now: NOW });
    expect(Object.hasOwn(file.sessions[0] ?? {}, 'overrides')).toBe(false);
    const target = await openTestDb();
    const result = await importParsed(target, parsed(JSON.stringify(file)), { newId: sequentialIds() });
    expect((await getSession(target, result.sessionIds[0] as string))?.overrides).toBeUndefined();
  });

  it('redacts the API key from an exported system prompt, like everywhere else in the file', async () => {
    const db = await openTestDb();
    const { saveSettings } = await import('./settings.ts');
    const { defaultSettings } = await import('../config/settings.ts');
    await saveSettings(db, { ...defaultSettings, apiKey: 'sk-secret-123456' });
    await createSession(db, { id: 'sess_a', now: 1 });
    await updateSession(db, 'sess_a', { overrides: { systemPrompt: 'Use the key sk-secret-123456 for nothing.' } });
    const file = await exportSessions(db, { sessionIds: ['sess_a'], includeNotes: false, now: NOW });
    expect(file.sessions[0]?.overrides).toEqual({ systemPrompt: 'Use the key [redacted] for nothing.' });
  });

  it('refuses a file whose override is not a usable value, saying where', () => {
    const session = {
      id: 'sess_a',
      title: 'A',
      createdAt: 1,
      updatedAt: 2,
      status: 'done',
      messages: [],
      spans: [],
      overrides: { model: '' },
    };
    const result = parseImportFile(
      JSON.stringify({
        format: 'glassbox.sessions',
        version: 1,
        exportedAt: NOW.toISOString(),
        scope: 'session',
        sessions: [session],
      }),
      'bad.json',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/overrides/u);
  });
});
