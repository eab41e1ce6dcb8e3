// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultChatTranslate } from '../../i18n/chat.ts';
import { Composer, type ComposerProps } from './composer.tsx';
import { builtinSlashCommands } from './slash-commands.ts';

afterEach(cleanup);

const commands = builtinSlashCommands(defaultChatTranslate, (partial) =>
  ['Paris trip', 'Weather notes'].filter((title) => title.toLowerCase().startsWith(partial.toLowerCase())),
);

function setup(props: Partial<ComposerProps> = {}) {
  const handlers = { onSend: vi.fn(), onStop: vi.fn(), onCommand: vi.fn() };
  const user = userEvent.setup();
  const view = render(<Composer disabled={false} running={false} commands={commands} {...handlers} {...props} />);
  const box = screen.getByRole('textbox', { name: 'Message' });
  return { ...handlers, user, box, view };
}

describe('Composer keyboard', () => {
  it('sends with Enter and clears the box', async () => {
    const { user, box, onSend } = setup();
    await user.type(box, 'What is 6*7?{Enter}');
    expect(onSend).toHaveBeenCalledWith('What is 6*7?');
    expect(box).toHaveValue('');
  });

  it('adds a new line with Shift+Enter', async () => {
    const { user, box, onSend } = setup();
    await user.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('line one\nline two');
  });

  it('does not send on the Enter that confirms an IME composition', () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: '你好' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('你好');
  });

  it('has one Send button, disabled while the box is empty', async () => {
    const { user, box, onSend } = setup();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(screen.getAllByRole('button', { name: 'Send' })).toHaveLength(1);
    expect(send).toBeDisabled();
    await user.type(box, '   ');
    expect(send).toBeDisabled();
    await user.type(box, 'hi');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith('hi');
  });

  it('shows Stop only while running; Esc and the button stop; Enter still sends', async () => {
    const { user, box, onStop, onSend, view } = setup();
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    view.rerender(
      <Composer disabled={false} running commands={commands} onSend={onSend} onStop={onStop} onCommand={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledTimes(1);
    // Sending during a run is accepted (the store queues it), never ignored.
    await user.type(box, 'next question{Enter}');
    expect(onSend).toHaveBeenCalledWith('next question');
    expect(box).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(onStop).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onStop).toHaveBeenCalledTimes(3);
  });

  it('is disabled until the app accepts input', () => {
    setup({ disabled: true });
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('Composer slash commands', () => {
  it('opens a listbox of commands when typing a slash and narrows it as you type', async () => {
    const { user, box } = setup();
    await user.type(box, '/');
    const listbox = screen.getByRole('listbox', { name: 'Commands' });
    expect(screen.getAllByRole('option')).toHaveLength(7);
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    await user.type(box, 'se');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '/sessionsShow the session list',
    ]);
  });

  it('moves with the arrow keys and completes with Tab, then runs with Enter', async () => {
    const { user, box, onCommand, onSend } = setup();
    await user.type(box, '/s');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[1]?.id);
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('/switch ');
    await user.type(box, 'pa');
    expect(screen.getByRole('option', { name: /Paris trip/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('/switch Paris trip');
    await user.keyboard('{Enter}');
    expect(onCommand).toHaveBeenCalledWith('switch', 'Paris trip');
    expect(onSend).not.toHaveBeenCalled();
    expect(box).toHaveValue('');
  });

  it('runs a complete command with Enter and completes with a click', async () => {
    const { user, box, onCommand } = setup();
    await user.type(box, '/hel{Enter}');
    expect(box).toHaveValue('/help');
    await user.keyboard('{Enter}');
    expect(onCommand).toHaveBeenCalledWith('help', '');
    await user.type(box, '/tr');
    await user.click(screen.getByRole('option', { name: /\/trace/ }));
    expect(box).toHaveValue('/trace');
    expect(box).toHaveFocus();
  });

  it('asks for the argument of /switch instead of running it empty', async () => {
    const { user, box, onCommand } = setup();
    await user.type(box, '/switch{Escape}{Enter}');
    expect(onCommand).not.toHaveBeenCalled();
    expect(screen.getByText(/Type title or id after \/switch/)).toBeInTheDocument();
  });

  it('closes the list with Esc without stopping anything, and sends unknown commands as text', async () => {
    const { user, box, onStop, onSend, view } = setup();
    view.rerender(
      <Composer disabled={false} running commands={commands} onSend={onSend} onStop={onStop} onCommand={vi.fn()} />,
    );
    await user.type(box, '/');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onStop).not.toHaveBeenCalled();
    view.rerender(
      <Composer
        disabled={false}
        running={false}
        commands={commands}
        onSend={onSend}
        onStop={onStop}
        onCommand={vi.fn()}
      />,
    );
    await user.clear(box);
    await user.type(box, '/usr/bin is where?{Enter}');
    expect(onSend).toHaveBeenCalledWith('/usr/bin is where?');
  });
});
