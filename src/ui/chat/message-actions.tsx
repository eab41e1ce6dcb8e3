import type { ReactNode } from 'react';
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
  t: ChatTranslate;
  children?: ReactNode;
}

/** The row of small buttons under a message. Names are stable English; tooltips are translated. */
export function MessageActionBar({
  copyText,
  onCopied,
  onRegenerate,
  onEdit,
  onDelete,
  disabled,
  alwaysVisible,
  align = 'start',
  t,
  children,
}: MessageActionBarProps) {
  const names = useNames();
  return (
    <div
      className={classNames(
        'mt-1 flex items-center gap-0.5 transition-opacity',
        align === 'end' && 'justify-end',
        !alwaysVisible &&
          'pointer-fine:opacity-0 pointer-fine:group-hover/message:opacity-100 pointer-fine:group-focus-within/message:opacity-100',
      )}
    >
      {copyText ? (
        <CopyButton
          text={copyText}
          label={names('Copy message')}
          title={t('copyMessage')}
          copiedText={t('copied')}
          failedText={t('copyFailed')}
          onCopied={onCopied}
        />
      ) : null}
      {onEdit ? (
        <IconButton label={names('Edit message')} title={t('editMessage')} icon={<PencilIcon />} onClick={onEdit} disabled={disabled} />
      ) : null}
      {onRegenerate ? (
        <IconButton
          label={names('Regenerate')}
          title={t('regenerate')}
          icon={<RefreshIcon />}
          onClick={onRegenerate}
          disabled={disabled}
        />
      ) : null}
      {onDelete ? (
        <IconButton label={names('Delete turn')} title={t('deleteTurn')} icon={<TrashIcon />} onClick={onDelete} disabled={disabled} />
      ) : null}
      {children}
    </div>
  );
}
