import { createContext, useContext, useState, type ReactNode } from 'react';
import type { ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { CopyButton } from '../components/copy-button.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { PencilIcon, RefreshIcon, TrashIcon } from '../components/icons.tsx';
import { useNames } from '../use-t.ts';

/** Props of {@link MessageActionBar}: each action's button shows only when its handler is given. */
export interface MessageActionBarProps {
  /** The text the Copy button copies; no Copy button when empty. */
  copyText: string;
  onCopied?: () => void;
  onRegenerate?: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Disables the actions that would start or change a run. */
  disabled?: boolean;
  /** Keep the bar visible instead of showing it on hover or focus only. */
  alwaysVisible?: boolean;
  align?: 'start' | 'end';
  /** More actions after the built-in ones (feedback, Add to dataset), in the same row. */
  children?: ReactNode;
  t: ChatTranslate;
}

/** True while the message list scrolls: see {@link MessageActionBar}. */
export const ListScrollingContext = createContext(false);

/**
 * The row of small buttons under a message. Names are stable English; tooltips are translated. A row that enters
 * while the list scrolls (a fling passes dozens a second) gets its buttons once the scroll settles; the bar keeps
 * its height meanwhile, so the row measures the same.
 */
export function MessageActionBar({
  copyText,
  onCopied,
  onRegenerate,
  onEdit,
  onDelete,
  disabled,
  alwaysVisible,
  align = 'start',
  children,
  t,
}: MessageActionBarProps) {
  const names = useNames();
  const scrolling = useContext(ListScrollingContext);
  const [settled, setSettled] = useState(!scrolling);
  if (!settled && !scrolling) setSettled(true);
  const any = Boolean(copyText || onEdit || onRegenerate || onDelete || children);
  return (
    <div
      className={classNames(
        'mt-1 flex flex-wrap items-center gap-0.5 transition-opacity',
        any && 'min-h-7',
        align === 'end' && 'justify-end',
        !alwaysVisible &&
          'pointer-fine:opacity-0 pointer-fine:group-hover/message:opacity-100 pointer-fine:group-focus-within/message:opacity-100',
      )}
    >
      {settled && copyText ? (
        <CopyButton
          text={copyText}
          label={names('Copy message')}
          title={t('copyMessage')}
          copiedText={t('copied')}
          failedText={t('copyFailed')}
          onCopied={onCopied}
        />
      ) : null}
      {settled && onEdit ? (
        <IconButton
          label={names('Edit message')}
          title={t('editMessage')}
          icon={<PencilIcon />}
          onClick={onEdit}
          disabled={disabled}
        />
      ) : null}
      {settled && onRegenerate ? (
        <IconButton
          label={names('Regenerate')}
          title={t('regenerate')}
          icon={<RefreshIcon />}
          onClick={onRegenerate}
          disabled={disabled}
        />
      ) : null}
      {settled && onDelete ? (
        <IconButton
          label={names('Delete turn')}
          title={t('deleteTurn')}
          icon={<TrashIcon />}
          onClick={onDelete}
          disabled={disabled}
        />
      ) : null}
      {settled ? children : null}
    </div>
  );
}
