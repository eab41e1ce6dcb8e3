import { useRef, useState, type KeyboardEvent } from 'react';
import type { ChatTranslate } from '../../i18n/chat.ts';
import type { QueuedMessage } from '../../store/message-queue.ts';
import { Button } from '../components/button.tsx';
import { useNames } from '../use-t.ts';
import { isComposing, isSubmitKey } from './keyboard.ts';
import { useFocusAtEnd } from '../components/use-focus-at-end.ts';

/** Props of {@link QueuedMessages}. */
export interface QueuedMessagesProps {
  items: readonly QueuedMessage[];
  /** The queue waits for the user (after Stop or an error). */
  paused: boolean;
  /** The session is free, so a paused queue can go on now. */
  canResume: boolean;
  editingId: string | undefined;
  onEdit: (id: string) => void;
  onFinishEdit: (id: string, text: string | undefined) => void;
  onRemove: (id: string) => void;
  onResume: () => void;
  t: ChatTranslate;
}

/** Messages waiting for the session to be free, above the message box: each can be edited or removed. */
export function QueuedMessages({
  items,
  paused,
  canResume,
  editingId,
  onEdit,
  onFinishEdit,
  onRemove,
  onResume,
  t,
}: QueuedMessagesProps) {
  const names = useNames();
  if (items.length === 0) return null;
  return (
    <section aria-label={names('Queued messages')} className="mx-auto mb-2 w-full max-w-3xl px-4">
      <div className="mb-1 flex items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
        <span>{paused ? t('queuedPausedTitle') : t('queuedTitle')}</span>
        {paused && canResume ? (
          <Button size="sm" variant="secondary" aria-label={names('Resume queue')} onClick={onResume}>
            {t('queuedResume')}
          </Button>
        ) : null}
      </div>
      <ol className="space-y-1">
        {items.map((item) => (
          <QueuedItem
            key={item.id}
            item={item}
            editing={item.id === editingId}
            onEdit={() => onEdit(item.id)}
            onFinishEdit={(text) => onFinishEdit(item.id, text)}
            onRemove={() => onRemove(item.id)}
            t={t}
          />
        ))}
      </ol>
    </section>
  );
}

interface QueuedItemProps {
  item: QueuedMessage;
  editing: boolean;
  onEdit: () => void;
  onFinishEdit: (text: string | undefined) => void;
  onRemove: () => void;
  t: ChatTranslate;
}

function QueuedItem({ item, editing, onEdit, onFinishEdit, onRemove, t }: QueuedItemProps) {
  const names = useNames();
  const [draft, setDraft] = useState(item.text);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  useFocusAtEnd(textareaRef, editing);

  const startEdit = () => {
    setDraft(item.text);
    onEdit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isComposing(event)) return;
    if (isSubmitKey(event)) {
      event.preventDefault();
      if (draft.trim()) onFinishEdit(draft);
    } else if (event.key === 'Escape') {
      // Esc closes the edit here; it must not also stop the run.
      event.preventDefault();
      onFinishEdit(undefined);
    }
  };

  return (
    <li
      aria-label={names('Queued message')}
      className="flex items-start gap-2 rounded-lg border border-dashed border-zinc-300 bg-zinc-50 px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900"
    >
      {editing ? (
        <div className="flex flex-1 flex-col gap-1">
          <textarea
            ref={textareaRef}
            aria-label={names('Queued message text')}
            value={draft}
            rows={2}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            className="w-full resize-y rounded border border-zinc-300 bg-white p-1 text-sm text-zinc-900 outline-none focus:border-indigo-500 dark:border-zinc-600 dark:bg-zinc-950 dark:text-zinc-100"
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" aria-label={names('Cancel')} onClick={() => onFinishEdit(undefined)}>
              {t('cancel')}
            </Button>
            <Button
              size="sm"
              variant="primary"
              aria-label={names('Save queued message')}
              disabled={!draft.trim()}
              onClick={() => onFinishEdit(draft)}
            >
              {t('queuedSave')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <span
            data-testid="queued-text"
            className="min-w-0 flex-1 break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200"
          >
            {item.text}
          </span>
          <Button size="sm" variant="ghost" aria-label={names('Edit queued message')} onClick={startEdit}>
            {t('queuedEdit')}
          </Button>
          <Button size="sm" variant="ghost" aria-label={names('Remove queued message')} onClick={onRemove}>
            {t('queuedRemove')}
          </Button>
        </>
      )}
    </li>
  );
}
