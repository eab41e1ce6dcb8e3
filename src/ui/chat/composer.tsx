import {
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { SendIcon, StopIcon } from '../components/icons.tsx';
import { parseSlashInput, slashCompletions, type SlashCommand, type SlashCompletion } from './slash-commands.ts';
import { SlashCommandMenu } from './slash-command-menu.tsx';
import { isComposing, isSubmitKey } from './keyboard.ts';

/** Props of {@link Composer}. */
export interface ComposerProps {
  /** The app is not ready for input (state still loading): the box is disabled. */
  disabled: boolean;
  /** A run is active: the Stop button shows and Esc stops; a message sent meanwhile is queued by `onSend`. */
  running: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  commands: readonly SlashCommand[];
  onCommand: (name: string, argument: string) => void;
  placeholder?: string;
  /** Attached files (chips) shown above the text. */
  attachments?: ReactNode;
  /** Text to start with (a restored draft). */
  initialValue?: string;
  onDraftChange?: (text: string) => void;
  autoFocus?: boolean;
  t?: ChatTranslate;
}

const MAX_TEXTAREA_HEIGHT_PX = 240;

function fitTextareaToContent(textarea: HTMLTextAreaElement | null) {
  const wrapper = textarea?.parentElement;
  if (!textarea || !wrapper) return;
  // Measuring collapses the textarea for a moment; holding the wrapper's height keeps the page
  // layout still, or the message list above would grow and lose its scroll position.
  const heldMinHeight = wrapper.style.minHeight;
  wrapper.style.minHeight = `${wrapper.offsetHeight}px`;
  textarea.style.height = 'auto';
  const contentHeight = textarea.scrollHeight;
  if (contentHeight > 0) textarea.style.height = `${Math.min(contentHeight, MAX_TEXTAREA_HEIGHT_PX)}px`;
  wrapper.style.minHeight = heldMinHeight;
}

/** Esc stops the run from anywhere on the page while `running`, unless something else (a dialog, a menu) used it. */
function useEscapeStops(running: boolean, onStop: () => void): void {
  const stopFromKeyboard = useEffectEvent(() => onStop());
  useEffect(() => {
    if (!running) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (document.querySelector('dialog[open]')) return;
      stopFromKeyboard();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running]);
}

/**
 * The `/` command completion of the box: the options for `value`, which one is active, whether the menu is open
 * (not after Esc or a blur, until the text changes or the box is focused again) and its keys.
 */
function useSlashMenu(value: string, commands: readonly SlashCommand[], disabled: boolean) {
  const [active, setActive] = useState({ forValue: '', index: 0 });
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const options = useMemo(() => slashCompletions(value, commands), [value, commands]);
  const open = !disabled && options.length > 0 && dismissedFor !== value;
  const activeIndex = active.forValue === value ? Math.min(active.index, options.length - 1) : 0;
  const activeOption = open ? options[activeIndex] : undefined;

  /** Arrows move, Esc closes, Tab (or Enter on an unfinished command) completes; true when the key was the menu's. */
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>, complete: (option: SlashCompletion) => void): boolean => {
    if (!activeOption) return false;
    const move = (delta: number) => {
      event.preventDefault();
      setActive({ forValue: value, index: (activeIndex + delta + options.length) % options.length });
      return true;
    };
    if (event.key === 'ArrowDown') return move(1);
    if (event.key === 'ArrowUp') return move(-1);
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedFor(value);
      return true;
    }
    const completes = event.key === 'Tab' && !event.shiftKey;
    if (completes || (isSubmitKey(event) && activeOption.value !== value)) {
      event.preventDefault();
      complete(activeOption);
      return true;
    }
    return false;
  };

  return {
    options,
    open,
    activeIndex,
    activeOption,
    onKey,
    setActiveIndex: (index: number) => setActive({ forValue: value, index }),
    dismiss: () => setDismissedFor(value),
    undismiss: () => setDismissedFor(null),
  };
}

/** Stop (while a run is active) and Send. */
function ComposerButtons(props: { running: boolean; canSend: boolean; onStop: () => void; t: ChatTranslate }) {
  const { running, canSend, onStop, t } = props;
  return (
    <>
      {running ? (
        <button
          type="button"
          aria-label="Stop"
          title={t('stopHint')}
          onClick={onStop}
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-zinc-800 text-white hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:bg-zinc-100 dark:text-zinc-900 dark:hover:bg-white"
        >
          <StopIcon className="size-4" />
        </button>
      ) : null}
      <button
        type="submit"
        aria-label="Send"
        title={t('sendHint')}
        disabled={!canSend}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:bg-zinc-200 disabled:text-zinc-400 dark:disabled:bg-zinc-800 dark:disabled:text-zinc-600"
      >
        <SendIcon className="size-4" />
      </button>
    </>
  );
}

/**
 * The state and keys of the message box: its text (kept fitted to its content, reported as a draft), the hint under
 * it, the `/` menu, and what Enter does (a command, a message, or a hint when a command misses its argument).
 */
function useComposerInput({
  disabled,
  running,
  onSend,
  onStop,
  commands,
  onCommand,
  initialValue = '',
  onDraftChange,
  t = defaultChatTranslate,
}: ComposerProps) {
  const [value, setValue] = useState(initialValue);
  const [hint, setHint] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const menu = useSlashMenu(value, commands, disabled);
  const canSend = !disabled && value.trim().length > 0;

  const update = (next: string) => {
    setValue(next);
    setHint('');
    onDraftChange?.(next);
    // After React has put `next` into the textarea.
    requestAnimationFrame(() => fitTextareaToContent(textareaRef.current));
  };

  useLayoutEffect(() => fitTextareaToContent(textareaRef.current), []);

  useEscapeStops(running, onStop);

  const complete = (option: SlashCompletion) => {
    // Setting the value puts the caret at its end.
    update(option.value);
    textareaRef.current?.focus();
  };

  const submit = () => {
    if (disabled) return;
    const parsed = parseSlashInput(value, commands);
    switch (parsed.kind) {
      case 'empty':
        return;
      case 'missing-argument':
        setHint(
          t('commandNeedsArgument', { name: parsed.command.name, argument: parsed.command.argument?.label ?? '' }),
        );
        return;
      case 'command':
        onCommand(parsed.name, parsed.argument);
        update('');
        return;
      case 'message':
        onSend(parsed.text);
        update('');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isComposing(event)) return;
    if (menu.onKey(event, complete)) return;
    // Esc while running is the page-wide listener above.
    if (isSubmitKey(event)) {
      event.preventDefault();
      submit();
    }
  };

  return { value, hint, textareaRef, menu, canSend, update, complete, submit, onKeyDown };
}

/**
 * The message box: Enter sends, Shift+Enter adds a line, Esc stops a run; `/` opens command
 * completion (arrows to choose, Tab or Enter to complete).
 */
export function Composer(props: ComposerProps) {
  const { disabled, running, onStop, placeholder, attachments, autoFocus, t = defaultChatTranslate } = props;
  const { value, hint, textareaRef, menu, canSend, update, complete, submit, onKeyDown } = useComposerInput(props);
  const listboxId = useId();
  const hintId = useId();

  return (
    <form
      className="relative mx-auto w-full max-w-3xl px-4 pb-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {menu.open ? (
        <SlashCommandMenu
          id={listboxId}
          options={menu.options}
          activeIndex={menu.activeIndex}
          onPick={complete}
          onHover={menu.setActiveIndex}
          title={t('commandsTitle')}
        />
      ) : null}
      <div
        className={classNames(
          'rounded-2xl border bg-white shadow-sm transition-colors dark:bg-zinc-900',
          'border-zinc-300 focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/30 dark:border-zinc-600 dark:focus-within:border-indigo-400',
          disabled && 'opacity-60',
        )}
      >
        {attachments ? <div className="flex flex-wrap gap-1.5 px-3 pt-2">{attachments}</div> : null}
        <div className="flex items-end gap-2 p-2">
          <textarea
            ref={textareaRef}
            aria-label="Message"
            aria-autocomplete="list"
            aria-controls={menu.open ? listboxId : undefined}
            aria-activedescendant={menu.activeOption ? `${listboxId}-${menu.activeOption.id}` : undefined}
            aria-describedby={hint ? hintId : undefined}
            value={value}
            disabled={disabled}
            rows={1}
            placeholder={placeholder ?? t('messagePlaceholder')}
            autoFocus={autoFocus}
            onChange={(event) => update(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={menu.dismiss}
            onFocus={menu.undismiss}
            className="max-h-60 min-h-9 flex-1 resize-none bg-transparent px-2 py-1.5 text-[15px] leading-6 text-zinc-900 outline-none placeholder:text-zinc-400 disabled:cursor-not-allowed dark:text-zinc-100 dark:placeholder:text-zinc-500"
          />
          <ComposerButtons running={running} canSend={canSend} onStop={onStop} t={t} />
        </div>
      </div>
      <p
        id={hintId}
        aria-live="polite"
        className={hint ? 'px-3 pt-1 text-xs text-amber-700 dark:text-amber-300' : 'sr-only'}
      >
        {hint}
      </p>
    </form>
  );
}
