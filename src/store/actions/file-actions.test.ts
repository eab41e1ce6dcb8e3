// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { translate } from '../../i18n/index.ts';
import { SHARED_DATA_TAG, sharedPath } from '../../testing/shared-data.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import { setServices } from '../services.ts';
import { importFiles, importReport } from './file-actions.ts';

const initialState = useAppStore.getState();
let time = 5_000_000;
const now = () => (time += 1000);
const MODERN = 'librechat-chatgpt-modern-export.json';

function realExport(name: string): File {
  return new File([readFileSync(sharedPath('real-data', 'chatgpt', name), 'utf8')], name);
}

beforeEach(() => {
  useAppStore.setState(initialState, true);
  const persistence = createMemoryPersistence({ newId: sequentialIds(), now });
  setServices({
    persistence,
    fetch: () => Promise.reject(new Error('no network in tests')),
    now,
    newId: sequentialIds(),
  });
});

describe('importFiles with a ChatGPT export', () => {
  it(
    'imports the readable conversations and reports the skipped one by name and reason',
    { tags: [SHARED_DATA_TAG] },
    async () => {
      await importFiles([realExport(MODERN)]);

      const state = useAppStore.getState();
      expect(state.sessions.map((session) => session.title).toSorted()).toEqual([
        'Deploying the staging cluster',
        'Weeknight pasta',
      ]);
      expect(state.toast).toBe('Imported 2 sessions.');
      expect(state.appAlert).toBeUndefined();
      expect(state.importReport).toEqual({
        title: 'Imported 2 sessions; skipped 1 ChatGPT conversation that could not be read:',
        lines: [`${MODERN}: "Corrupted entry" — the export holds no messages for it (no mapping)`],
      });
      // The first imported conversation is open.
      expect(state.sessions.find((session) => session.id === state.activeSessionId)?.title).toBe(
        'Deploying the staging cluster',
      );
    },
  );

  it('clears the report on the next import that skips nothing', { tags: [SHARED_DATA_TAG] }, async () => {
    await importFiles([realExport(MODERN)]);
    await importFiles([realExport('librechat-chatgpt-tree.json')]);
    expect(useAppStore.getState().importReport).toBeUndefined();
    expect(useAppStore.getState().toast).toBe('Imported 1 session.');
  });

  it('refuses a file whose conversations are all unreadable, naming each, and imports nothing', async () => {
    const text = JSON.stringify([
      { title: 'Lost', conversation_id: 'c1' },
      { conversation_id: 'c2', mapping: 'oops' },
    ]);
    await importFiles([new File([text], 'conversations.json')]);
    const state = useAppStore.getState();
    expect(state.sessions).toEqual([]);
    expect(state.appAlert).toBe(
      'Import failed, nothing was imported. conversations.json: no conversation has messages to import ("Lost": the export holds no messages for it (no mapping); "c2": unreadable data (mapping: expected record, received string))',
    );
  });

  it('refuses a bad file in Chinese: the sentence translated, the field detail kept as the parser gave it', async () => {
    useAppStore.setState((state) => ({ settings: { ...state.settings, language: 'zh-CN' } }));
    await importFiles([
      new File(
        [
          JSON.stringify([
            { title: 'Lost', conversation_id: 'c1' },
            { conversation_id: 'c2', mapping: 'oops' },
          ]),
        ],
        'conversations.json',
      ),
    ]);
    expect(useAppStore.getState().appAlert).toBe(
      '导入失败，未导入任何内容。conversations.json：没有包含可导入消息的对话（"Lost": 导出文件中没有它的消息（缺少 mapping）; "c2": 数据无法读取（mapping: expected record, received string））',
    );
    await importFiles([new File(['{"sessions": ['], 'broken.json')]);
    expect(useAppStore.getState().appAlert).toMatch(
      /^导入失败，未导入任何内容。broken\.json：不是有效的 JSON（.+）；文件可能不完整，或不是导出文件$/,
    );
    await importFiles([
      new File([JSON.stringify({ format: 'glassbox.sessions', version: 99, sessions: [] })], 'future.json'),
    ]);
    expect(useAppStore.getState().appAlert).toContain('future.json：由更新版本的 Glassbox 写入（文件版本 99；');
    expect(useAppStore.getState().sessions).toEqual([]);
  });

  it('words the report in Chinese too', () => {
    const text = (key: Parameters<typeof translate>[1], values?: Record<string, string | number>) =>
      translate('zh-CN', key, values);
    const report = importReport(text, 1, [
      { fileName: 'a.json', name: 'Trip', reason: 'unreadable', detail: 'mapping: expected record' },
    ]);
    expect(report).toEqual({
      title: '已导入 1 个会话；跳过了 1 个 ChatGPT 对话（无法读取）：',
      lines: ['a.json：“Trip” — 数据无法读取（mapping: expected record）'],
    });
  });
});
