// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { createChatTranslate } from '../../i18n/chat.ts';
import { MessageView } from './message-view.tsx';
import { TOOL_CALL_PAGE } from './tool-call-list.tsx';

afterEach(cleanup);

const flood: TranscriptEntry = {
  id: 'msg_flood',
  sessionId: 'sess_1',
  runId: 'run_1',
  createdAt: 0,
  message: {
    role: 'assistant',
    content: null,
    tool_calls: Array.from({ length: 10_000 }, (_, index) => ({
      id: `call_${index}`,
      type: 'function' as const,
      function: { name: 'calculator', arguments: `{"expression":"${index}+1"}` },
    })),
  },
};

describe('ToolCallList', () => {
  it('shows the first page of a flood of tool calls and the next page on request, in either language', () => {
    const { rerender } = render(
      <MessageView entry={flood} toolEntries={new Map()} actions={{}} isLastAssistant={false} />,
    );
    const article = screen.getByRole('article', { name: 'assistant message' });
    expect(article.querySelectorAll('[data-tool-status]')).toHaveLength(TOOL_CALL_PAGE);
    fireEvent.click(within(article).getByText('Show 50 more tool calls (of 10000)'));
    expect(article.querySelectorAll('[data-tool-status]')).toHaveLength(2 * TOOL_CALL_PAGE);
    rerender(
      <MessageView
        entry={flood}
        toolEntries={new Map()}
        actions={{}}
        isLastAssistant={false}
        t={createChatTranslate('zh-CN')}
      />,
    );
    expect(screen.getByText('再显示 50 个工具调用（共 10000 个）')).toBeInstanceOf(HTMLButtonElement);
  });
});
