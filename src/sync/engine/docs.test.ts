import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../config/settings.ts';
import type { FileSession } from '../../db/session-file-schema.ts';
import {
  applySettingsDoc,
  sessionDocs,
  sessionRecordsOf,
  settingsDocs,
  type RunBody,
  type SessionMeta,
} from './docs.ts';

const message = (id: string, runId: string, createdAt: number, seq: number, content: string) => ({
  id,
  runId,
  createdAt,
  seq,
  message: { role: 'user' as const, content },
});

function file(overrides: Partial<FileSession> = {}): FileSession {
  return {
    id: 'sess_1',
    title: 'Plans',
    titleEdited: false,
    createdAt: 1,
    updatedAt: 9,
    status: 'done',
    messages: [message('m1', 'run_a', 10, 0, 'one'), message('m2', 'run_b', 20, 1, 'two')],
    spans: [],
    toolState: [],
    attachments: [],
    ...overrides,
  };
}

describe('sync documents', () => {
  it('writes a document per finished run, none for the run in progress, and no message seqs', () => {
    const docs = sessionDocs(file({ status: 'running', activeRunId: 'run_b' }));
    expect(docs.map((doc) => doc.id)).toEqual(['session:sess_1', 'run:sess_1:run_a']);
    expect(JSON.stringify(docs)).not.toContain('"seq"');
    expect(docs[0]?.body).toEqual({ title: 'Plans', titleEdited: false, createdAt: 1 });
  });

  it('orders runs from two devices by time and keeps each message once', () => {
    const meta: SessionMeta = { title: 'Plans', titleEdited: false, createdAt: 1 };
    const run = (runId: string, startedAt: number, ids: string[]): RunBody => ({
      startedAt,
      spans: [],
      messages: ids.map((id, index) => ({
        id,
        runId,
        createdAt: startedAt + index,
        message: { role: 'user', content: id },
      })),
    });
    const records = sessionRecordsOf('sess_1', {
      meta,
      runs: [run('run_late', 50, ['c', 'd']), run('run_early', 10, ['a', 'b']), run('run_copy', 60, ['d'])],
      toolState: undefined,
      files: [],
    });
    expect(records.messages.map((entry) => [entry.id, entry.seq])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
    expect(records.session).toMatchObject({ messageCount: 4, nextSeq: 4, updatedAt: 51, status: 'done' });
  });

  it('sends MCP servers without their headers and keeps this device’s headers when applying', () => {
    const settings = {
      ...defaultSettings,
      mcpServers: [
        { url: 'http://m/', name: 'm', headers: 'Authorization: Bearer top-secret', tools: [], alwaysAllow: {} },
      ],
    };
    const docs = settingsDocs(settings);
    expect(JSON.stringify(docs)).not.toContain('top-secret');
    const servers = docs.find((doc) => doc.id === 'settings:mcpServers')?.body as { value: unknown };
    const applied = applySettingsDoc(settings, 'settings:mcpServers', servers.value) as typeof settings;
    expect(applied.mcpServers[0]?.headers).toBe('Authorization: Bearer top-secret');
    expect(docs.map((doc) => doc.id)).toEqual([
      'settings:customTools',
      'settings:mcpServers',
      'settings:agents',
      'settings:prices',
    ]);
  });
});
