// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createChatTranslate } from '../../i18n/chat.ts';
import type { Language } from '../../i18n/translate.ts';
import { useAppStore } from '../../store/app-store.ts';
import { QueuedMessages } from './queued-messages.tsx';

const initialState = useAppStore.getState();

afterEach(() => {
  cleanup();
  useAppStore.setState(initialState, true);
});

function renderQueue(language: Language, editingId?: string) {
  useAppStore.setState((state) => ({ settings: { ...state.settings, language } }));
  const noop = () => undefined;
  render(
    <QueuedMessages
      items={[
        { id: 'q1', text: 'What is 6*6?' },
        { id: 'q2', text: 'And 7*7?' },
      ]}
      paused
      canResume
      editingId={editingId}
      onEdit={noop}
      onFinishEdit={noop}
      onRemove={noop}
      onResume={noop}
      t={createChatTranslate(language)}
    />,
  );
}

describe('QueuedMessages', () => {
  it('keeps its English accessible names in English', () => {
    renderQueue('en', 'q2');
    const region = screen.getByRole('region', { name: 'Queued messages' });
    expect(region).toHaveTextContent('Paused — the queued messages wait until you go on');
    expect(screen.getAllByRole('listitem', { name: 'Queued message' })[0]).toHaveTextContent('What is 6*6?');
    expect(screen.getByRole('button', { name: 'Resume queue' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit queued message' })).toHaveTextContent('Edit');
    expect(screen.getByRole('textbox', { name: 'Queued message text' })).toHaveValue('And 7*7?');
    expect(screen.getByRole('button', { name: 'Save queued message' })).toHaveTextContent('Save');
  });

  it('names everything in Chinese when the UI is Chinese', () => {
    renderQueue('zh-CN', 'q2');
    expect(screen.getByRole('region', { name: '消息队列' })).toHaveTextContent('已暂停 — 排队的消息会等你继续');
    expect(screen.getAllByRole('listitem', { name: '排队的消息' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: '继续发送队列' })).toBeVisible();
    expect(screen.getByRole('button', { name: '编辑排队的消息' })).toHaveTextContent('编辑');
    expect(screen.getByRole('button', { name: '移除排队的消息' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: '排队消息的内容' })).toHaveValue('And 7*7?');
    expect(screen.getByRole('button', { name: '取消' })).toBeVisible();
    expect(screen.getByRole('button', { name: '保存排队的消息' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /queue/i })).toBeNull();
  });
});
