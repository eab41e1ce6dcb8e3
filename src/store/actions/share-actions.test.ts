import { describe, expect, it } from 'vitest';
import { ShareError } from '../../sync/share.ts';
import { toSnapshot } from './share-actions.ts';

const session = (id: string) => ({
  id,
  title: `Shared ${id}`,
  titleEdited: false,
  createdAt: 1_000,
  updatedAt: 2_000,
  status: 'done',
  messages: [{ id: `msg_${id}`, runId: 'run_1', createdAt: 1_000, seq: 0, message: { role: 'user', content: 'hi' } }],
  spans: [],
  toolState: [],
  attachments: [],
});

const file = (extra: Record<string, unknown>) =>
  JSON.stringify({ format: 'glassbox.sessions', version: 1, exportedAt: '2026-12-05T00:00:00.000Z', ...extra });

async function failure(text: string): Promise<string | undefined> {
  try {
    await toSnapshot(text);
    return undefined;
  } catch (error) {
    return error instanceof ShareError ? error.kind : String(error);
  }
}

describe('toSnapshot (what a share link may import)', () => {
  it('imports as one session only: an "Export all" file brings no tools, agents or notes', async () => {
    const snapshot = await toSnapshot(
      file({
        scope: 'all',
        sessions: [session('sess_a')],
        tools: { customTools: [{ name: 'evil' }] },
        roster: { delegation: true, agents: [] },
        notes: [{ id: 'note_1', content: 'planted', tags: [], createdAt: 1, updatedAt: 1 }],
      }),
    );
    expect(snapshot.session.title).toBe('Shared sess_a');
    const imported = JSON.parse(snapshot.text) as Record<string, unknown>;
    expect(imported.scope).toBe('session');
    expect(imported).not.toHaveProperty('tools');
    expect(imported).not.toHaveProperty('roster');
    expect(imported).not.toHaveProperty('notes');
  });

  it('refuses what is not one Glassbox session', async () => {
    expect(await failure('not json')).toBe('not-a-session');
    expect(await failure(file({ scope: 'session', sessions: [session('sess_a'), session('sess_b')] }))).toBe(
      'not-a-session',
    );
    expect(await failure(file({ scope: 'session', sessions: [] }))).toBe('not-a-session');
  });
});
