import { useEffect, useRef, useState } from 'react';
import { copyToClipboard } from './copy-to-clipboard.ts';
import { CheckIcon, CloseIcon, CopyIcon } from './icons.tsx';
import { IconButton } from './icon-button.tsx';

/** Props of {@link CopyButton}. `label` is the stable accessible name (e.g. `Copy code`). */
export interface CopyButtonProps {
  /** The text to copy, or a function computing it at click time. */
  text: string | (() => string);
  label: string;
  /** Tooltip while idle; defaults to `label`. */
  title?: string;
  copiedText?: string;
  failedText?: string;
  /** Visible text next to the icon. */
  visibleText?: string;
  onCopied?: () => void;
  className?: string;
  disabled?: boolean;
}

type CopyState = 'idle' | 'copied' | 'failed';

const RESET_AFTER_MS = 2000;

/** A button that copies text, shows a tick for a moment and announces the outcome politely. */
export function CopyButton({
  text,
  label,
  title,
  copiedText = 'Copied',
  failedText = 'Copy failed',
  visibleText,
  onCopied,
  className,
  disabled,
}: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    const value = typeof text === 'function' ? text() : text;
    const copied = await copyToClipboard(value);
    setState(copied ? 'copied' : 'failed');
    if (copied) onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), RESET_AFTER_MS);
  };

  const icon =
    state === 'copied' ? (
      <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" />
    ) : state === 'failed' ? (
      <CloseIcon className="size-4 text-red-600 dark:text-red-400" />
    ) : (
      <CopyIcon className="size-4" />
    );

  return (
    <>
      <IconButton
        label={label}
        title={state === 'copied' ? copiedText : state === 'failed' ? failedText : (title ?? label)}
        icon={icon}
        text={visibleText}
        onClick={() => void copy()}
        className={className}
        disabled={disabled}
        data-copy-state={state}
      />
      <span role="status" className="sr-only">
        {state === 'copied' ? copiedText : state === 'failed' ? failedText : ''}
      </span>
    </>
  );
}
