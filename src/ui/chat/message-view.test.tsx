// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatMessage, ToolCall } from '../../model/model.ts';
import { createChatTranslate } from '../../i18n/chat.ts';
import { MessageView } from './message-view.tsx';
import { deepArrayText, deepObjectText } from '../../testing/deep-session.ts';
import type { MessageViewProps } from './message-types.ts';

afterEach(cleanup);

let counter = 0;
function entry(message: ChatMessage, extra: Partial<TranscriptEntry> = {}): TranscriptEntry {
  counter += 1;
  return { id: `msg_${counter}`, sessionId: 'sess_1', runId: 'run_1', createdAt: 0, message, ...extra };
}

const calculatorCall: ToolCall = {
  id: 'call_calc',
  type: 'function',
  function: { name: 'calculator', arguments: '{"expression":"6*7"}' },
};
const weatherCall: ToolCall = {
  id: 'call_weather',
  type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};

function renderView(props: Partial<MessageViewProps> & Pick<MessageViewProps, 'entry'>) {
  return render(<MessageView toolEntries={new Map()} actions={{}} isLastAssistant={false} {...props} />);
}

describe('MessageView roles and names', () => {
  it("shows an answer check's superseded draft as a collapsed group named Draft answer, holding the claims and the draft", async () => {
    const draft = entry(
      { role: 'assistant', content: '1234 × 56 = **69,140**' },
      { meta: { draftOf: 'run_1', checkClaims: ['1234*56 = 69140 ≠ 69104 (calculator)'] } },
    );
    renderView({ entry: draft, t: createChatTranslate('en') });
    // The group is a lazy chunk: its first import is transformed on demand, which under load takes over findBy's 1 s.
    const group = await screen.findByRole('group', { name: 'Draft answer' }, { timeout: 10_000 });
    expect(group).not.toHaveAttribute('open');
    expect(group).toHaveTextContent('1234*56 = 69140 ≠ 69104 (calculator)');
    expect(group).toHaveTextContent('1234 × 56 = 69,140');
    expect(screen.queryByRole('article', { name: 'assistant message' })).toBeNull();
    await userEvent.click(within(group).getByText('Draft answer'));
    expect(group).toHaveAttribute('open');
  });

  it('renders a user message as plain text in an article named "user message"', () => {
    renderView({ entry: entry({ role: 'user', content: 'Is **this** <b>bold</b>?' }) });
    const article = screen.getByRole('article', { name: 'user message' });
    expect(article).toHaveAttribute('data-message-role', 'user');
    expect(article).toHaveTextContent('Is **this** <b>bold</b>?');
    expect(article.querySelector('strong, b')).toBeNull();
  });

  it('renders an assistant answer as Markdown inside data-testid="message-text"', () => {
    renderView({ entry: entry({ role: 'assistant', content: 'The answer is **42**.' }), isLastAssistant: true });
    const article = screen.getByRole('article', { name: 'assistant message' });
    expect(article).toHaveAttribute('data-message-role', 'assistant');
    const text = within(article).getByTestId('message-text');
    expect(text).toHaveTextContent('The answer is 42.');
    expect(text.querySelector('strong')).toHaveTextContent('42');
  });

  it('renders tool results and text-ReAct observations as tool messages, never as user bubbles', () => {
    const { unmount } = renderView({
      entry: entry(
        { role: 'tool', tool_call_id: 'call_calc', content: '42' },
        { meta: { toolName: 'calculator', toolStatus: 'ok', durationMs: 3 } },
      ),
    });
    const tool = screen.getByRole('article', { name: 'tool message' });
    expect(tool).toHaveAttribute('data-message-role', 'tool');
    expect(tool).toHaveTextContent('Result of calculator');
    expect(tool).toHaveTextContent('42');
    unmount();

    renderView({ entry: entry({ role: 'user', content: 'Observation: 42' }, { meta: { synthetic: true } }) });
    expect(screen.queryByRole('article', { name: 'user message' })).toBeNull();
    const observation = screen.getByRole('article', { name: 'tool message' });
    expect(observation).toHaveAttribute('data-synthetic', 'true');
    expect(observation).toHaveTextContent('Observation');
  });

  it('shows nothing for a system message', () => {
    const { container } = renderView({ entry: entry({ role: 'system', content: 'You are Glassbox.' }) });
    expect(container).toBeEmptyDOMElement();
  });
});

describe('MessageView tool calls', () => {
  const assistant = entry({ role: 'assistant', content: 'Let me check.', tool_calls: [calculatorCall, weatherCall] });
  const calcResult = entry(
    { role: 'tool', tool_call_id: 'call_calc', content: '42' },
    { meta: { toolName: 'calculator', toolStatus: 'ok', durationMs: 12 } },
  );

  it('pairs each call with its result as a card inside the assistant message', async () => {
    const user = userEvent.setup();
    const onSelectToolCall = vi.fn();
    renderView({
      entry: assistant,
      toolEntries: new Map([['call_calc', calcResult]]),
      runActive: true,
      actions: { onSelectToolCall },
    });
    const article = screen.getByRole('article', { name: 'assistant message' });
    const calc = within(article).getByRole('group', { name: 'Tool call calculator' });
    const weather = within(article).getByRole('group', { name: 'Tool call get_weather' });
    expect(calc).toHaveAttribute('data-tool-status', 'ok');
    expect(calc).toHaveTextContent('expression: "6*7"');
    expect(calc).toHaveTextContent('Done');
    expect(calc).toHaveTextContent('12 ms');
    expect(weather).toHaveAttribute('data-tool-status', 'running');

    const toggle = within(calc).getByRole('button', { expanded: false });
    expect(within(calc).queryByRole('region', { name: 'Result' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(calc).getByRole('region', { name: 'Arguments' })).toHaveTextContent('"expression": "6*7"');
    expect(within(calc).getByRole('region', { name: 'Result' })).toHaveTextContent('42');
    await user.click(within(calc).getByRole('button', { name: 'Show in trace' }));
    expect(onSelectToolCall).toHaveBeenCalledWith('call_calc');
  });

  it('shows arguments and a result nested 100,000 levels deep, cut with a note in the reader language', async () => {
    const user = userEvent.setup();
    const deepCall: ToolCall = {
      id: 'call_deep',
      type: 'function',
      function: { name: 'fetch_json', arguments: deepObjectText(100_000) },
    };
    const deepAssistant = entry({ role: 'assistant', content: null, tool_calls: [deepCall] });
    const deepResult = entry(
      { role: 'tool', tool_call_id: 'call_deep', content: deepArrayText(100_000) },
      { meta: { toolName: 'fetch_json', toolStatus: 'ok' } },
    );
    renderView({
      entry: deepAssistant,
      toolEntries: new Map([['call_deep', deepResult]]),
      t: createChatTranslate('zh-CN'),
    });
    const card = screen.getByRole('group', { name: 'Tool call fetch_json' });
    await user.click(within(card).getByRole('button', { expanded: false }));
    expect(within(card).getByRole('region', { name: 'Result' })).toHaveTextContent(
      '嵌套过深，未全部显示：共 100,000 层',
    );
    expect(within(card).getByRole('region', { name: 'Arguments' })).toHaveTextContent('共 100,000 层');
    cleanup();
    renderView({ entry: deepResult });
    expect(screen.getByRole('article', { name: 'tool message' })).toHaveTextContent(
      'nested too deep to show: 100,000 levels',
    );
  });

  it('marks a call without a result after the run as having none, and shows errors', () => {
    const failed = entry(
      { role: 'tool', tool_call_id: 'call_calc', content: 'Error: division by zero' },
      { meta: { toolStatus: 'error' } },
    );
    renderView({ entry: assistant, toolEntries: new Map([['call_calc', failed]]) });
    expect(screen.getByRole('group', { name: 'Tool call calculator' })).toHaveAttribute('data-tool-status', 'error');
    expect(screen.getByRole('group', { name: 'Tool call get_weather' })).toHaveAttribute(
      'data-tool-status',
      'no-result',
    );
  });

  it('shows a call that Stop interrupted as Cancelled, not Failed, and an old entry without a status as Done', async () => {
    const user = userEvent.setup();
    const cancelled = entry(
      { role: 'tool', tool_call_id: 'call_calc', content: 'The user stopped the run before this call finished.' },
      { meta: { toolName: 'calculator', toolStatus: 'cancelled', durationMs: 40 } },
    );
    const legacy = entry(
      { role: 'tool', tool_call_id: 'call_weather', content: '12 °C' },
      { meta: { toolName: 'get_weather' } },
    );
    renderView({
      entry: assistant,
      toolEntries: new Map([
        ['call_calc', cancelled],
        ['call_weather', legacy],
      ]),
    });
    const calc = screen.getByRole('group', { name: 'Tool call calculator' });
    expect(calc).toHaveAttribute('data-tool-status', 'cancelled');
    expect(calc).toHaveTextContent('Cancelled');
    expect(calc).not.toHaveTextContent('Failed');
    await user.click(within(calc).getByRole('button', { expanded: false }));
    expect(within(calc).getByRole('region', { name: 'Result' })).toHaveTextContent('stopped the run');
    const weather = screen.getByRole('group', { name: 'Tool call get_weather' });
    expect(weather).toHaveAttribute('data-tool-status', 'ok');
    expect(weather).toHaveTextContent('Done');
  });

  it('shows Cancelled in Chinese too', () => {
    const cancelled = entry(
      { role: 'tool', tool_call_id: 'call_calc', content: 'stopped' },
      { meta: { toolStatus: 'cancelled' } },
    );
    renderView({ entry: assistant, toolEntries: new Map([['call_calc', cancelled]]), t: createChatTranslate('zh-CN') });
    expect(screen.getByRole('group', { name: 'Tool call calculator' })).toHaveTextContent('已取消');
  });

  it('asks for approval with the arguments in view, and reports the choice', async () => {
    const user = userEvent.setup();
    const onApprove = vi.fn();
    const onDeny = vi.fn();
    const code: ToolCall = {
      id: 'call_js',
      type: 'function',
      function: { name: 'run_javascript', arguments: '{"code":"1+1"}' },
    };
    renderView({
      entry: entry({ role: 'assistant', content: null, tool_calls: [code] }),
      pendingApprovals: new Set(['call_js']),
      runActive: true,
      onApprove,
      onDeny,
    });
    const card = screen.getByRole('group', { name: 'Tool call run_javascript' });
    expect(card).toHaveAttribute('data-tool-status', 'awaiting-approval');
    expect(within(card).getByRole('region', { name: 'Arguments' })).toHaveTextContent('"code": "1+1"');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onApprove).toHaveBeenCalledWith('call_js');
    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onDeny).toHaveBeenCalledWith('call_js');
  });
});

describe('MessageView reasoning and notices', () => {
  it('keeps reasoning collapsed until opened', async () => {
    const user = userEvent.setup();
    renderView({ entry: entry({ role: 'assistant', content: 'Done.' }, { reasoning: 'First I add the numbers.' }) });
    const reasoning = screen.getByText('First I add the numbers.');
    expect(reasoning).not.toBeVisible();
    await user.click(screen.getByText('Reasoning'));
    expect(reasoning).toBeVisible();
  });

  it('says in plain words when an answer was cut off or a limit was reached', () => {
    const { unmount } = renderView({
      entry: entry({ role: 'assistant', content: 'Half an ans' }, { meta: { finishReason: 'length' } }),
    });
    expect(screen.getByRole('note')).toHaveTextContent(/cut off/);
    unmount();
    renderView({
      entry: entry(
        { role: 'assistant', content: 'So far…' },
        { meta: { notice: 'Stopped: the step limit (10) was reached.' } },
      ),
    });
    expect(screen.getByRole('note')).toHaveTextContent('step limit');
  });

  it('shows a thinking indicator and no actions while streaming', () => {
    renderView({ entry: entry({ role: 'assistant', content: '' }), streaming: true, runActive: true });
    const article = screen.getByRole('article', { name: 'assistant message' });
    expect(article).toHaveTextContent('Thinking…');
    expect(within(article).queryByRole('button', { name: 'Copy message' })).toBeNull();
  });
});

describe('MessageView actions', () => {
  it('copies, regenerates the last answer and deletes its turn', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const actions = { onCopy: vi.fn(), onRegenerate: vi.fn(), onDelete: vi.fn() };
    renderView({ entry: entry({ role: 'assistant', content: 'Paris is sunny.' }), isLastAssistant: true, actions });
    await user.click(screen.getByRole('button', { name: 'Copy message' }));
    expect(writeText).toHaveBeenCalledWith('Paris is sunny.');
    expect(actions.onCopy).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(actions.onRegenerate).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete turn' }));
    expect(actions.onDelete).toHaveBeenCalledTimes(1);
  });

  it('offers Regenerate only on the last answer and not while a run is active', () => {
    const actions = { onRegenerate: vi.fn() };
    const { rerender } = renderView({ entry: entry({ role: 'assistant', content: 'Old' }), actions });
    expect(screen.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    const last = entry({ role: 'assistant', content: 'New' });
    rerender(<MessageView entry={last} toolEntries={new Map()} actions={actions} isLastAssistant runActive />);
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeDisabled();
  });

  it('edits a user message and resends it', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderView({ entry: entry({ role: 'user', content: 'Weather in Pari' }), actions: { onEdit } });
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    const box = screen.getByRole('textbox', { name: 'Edited message' });
    expect(box).toHaveValue('Weather in Pari');
    expect(box).toHaveFocus();
    await user.type(box, 's{Shift>}{Enter}{/Shift}tomorrow');
    await user.click(screen.getByRole('button', { name: 'Save and resend' }));
    expect(onEdit).toHaveBeenCalledWith('Weather in Paris\ntomorrow');
    expect(screen.queryByRole('textbox', { name: 'Edited message' })).toBeNull();
  });

  it('cancels an edit with Esc and saves with Enter', async () => {
    const user = userEvent.setup();
    const onEdit = vi.fn();
    renderView({ entry: entry({ role: 'user', content: 'Hello' }), actions: { onEdit } });
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.keyboard(' there{Escape}');
    expect(onEdit).not.toHaveBeenCalled();
    expect(screen.getByRole('article', { name: 'user message' })).toHaveTextContent('Hello');
    await user.click(screen.getByRole('button', { name: 'Edit message' }));
    await user.keyboard(' again{Enter}');
    expect(onEdit).toHaveBeenCalledWith('Hello again');
  });
});
