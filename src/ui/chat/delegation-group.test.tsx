// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { createChatTranslate } from '../../i18n/chat.ts';
import type { StreamingState } from '../../store/run-slice.ts';
import { MessageView } from './message-view.tsx';
import { DelegatedStreamingContext } from './streaming-entry.ts';

afterEach(cleanup);

const delegation = { parentCallId: 'call_d1', agent: 'researcher' };
const parent: TranscriptEntry = {
  id: 'msg_parent',
  sessionId: 'sess_1',
  runId: 'run_1',
  createdAt: 0,
  message: {
    role: 'assistant',
    content: '',
    tool_calls: [
      {
        id: 'call_d1',
        type: 'function',
        function: { name: 'delegate_researcher', arguments: '{"task":"look it up"}' },
      },
    ],
  },
};
const task: TranscriptEntry = {
  id: 'msg_task',
  sessionId: 'sess_1',
  runId: 'run_1',
  createdAt: 1,
  message: { role: 'user', content: 'look it up' },
  meta: { delegation },
};

function renderParent(streaming: Record<string, StreamingState> | undefined, runActive = true) {
  return render(
    <DelegatedStreamingContext value={streaming}>
      <MessageView
        entry={parent}
        toolEntries={new Map()}
        delegations={new Map([['call_d1', [task]]])}
        runActive={runActive}
        actions={{}}
        isLastAssistant={false}
        t={createChatTranslate('en')}
      />
    </DelegatedStreamingContext>,
  );
}

describe('DelegationGroup', () => {
  it("shows the delegate's step in flight inside its group while it streams", () => {
    renderParent({ call_d1: { runId: 'run_1', text: 'About 90 °C so far', reasoning: '', toolCalls: [] } });
    const group = screen.getByRole('group', { name: 'Delegation to researcher' });
    const live = within(group).getByRole('article', { name: 'assistant message' });
    expect(live).toHaveAttribute('data-streaming', 'true');
    expect(live).toHaveTextContent('About 90 °C so far');
  });

  it("never nests the group in itself when the delegate's wire call id equals the delegate call's id", () => {
    // The demo model (or any endpoint) may number calls the same way in the delegate and in the parent.
    renderParent({
      call_d1: {
        runId: 'run_1',
        text: '',
        reasoning: '',
        toolCalls: [{ index: 0, id: 'call_d1', name: 'calculator', arguments: '{"expression":"1+1"}' }],
      },
    });
    expect(screen.getAllByRole('group', { name: 'Delegation to researcher' })).toHaveLength(1);
    const group = screen.getByRole('group', { name: 'Delegation to researcher' });
    expect(within(group).getByRole('article', { name: 'assistant message' })).toHaveAttribute('data-streaming', 'true');
  });

  it('shows nothing streaming for another call, or once the run is over', () => {
    renderParent({ call_other: { runId: 'run_1', text: 'not mine', reasoning: '', toolCalls: [] } });
    expect(
      within(screen.getByRole('group', { name: 'Delegation to researcher' })).queryByRole('article', {
        name: 'assistant message',
      }),
    ).toBeNull();
    cleanup();
    renderParent({ call_d1: { runId: 'run_1', text: 'stale', reasoning: '', toolCalls: [] } }, false);
    expect(screen.queryByText('stale')).toBeNull();
  });
});
