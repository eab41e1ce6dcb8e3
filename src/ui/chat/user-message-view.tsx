import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import { Button } from '../components/button.tsx';
import { classNames } from '../components/class-names.ts';
import { isSubmitKey } from './keyboard.ts';
import { MessageActionBar } from './message-actions.tsx';
import type { MessageViewActions } from './message-types.ts';
import { useNames } from '../use-t.ts';
import { useFocusAtEnd } from '../components/use-focus-at-end.ts';

// `Add to dataset` (Evals) loads with the first user message, not with the page.
const AddToDatasetButton = lazy(() =>
  import('../evals/message-evals.tsx').then((module) => ({ default: module.AddToDatasetButton })),
);

/** Props of {@link UserMessageView}. */
export interface UserMessageViewProps {
  entry: TranscriptEntry;
  actions: MessageViewActions;
  runActive: boolean;
  highlighted: boolean;
  t: ChatTranslate;
}

/** A message the user typed, shown as plain text; it can be edited and resent. */
export function UserMessageView({ entry, actions, runActive, highlighted, t }: UserMessageViewProps) {
  const text = entry.message.content ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  const editing = draft !== null;

  useFocusAtEnd(textareaRef, editing);

  const save = () => {
    if (draft === null || !draft.trim() || runActive) return;
    actions.onEdit?.(draft.trim());
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSubmitKey(event)) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setDraft(null);
    }
  };

  return (
    <article
      aria-label="user message"
      data-message-role="user"
      data-entry-id={entry.id}
      className="group/message flex flex-col items-end px-4 py-2"
    >
      {editing ? (
        <UserMessageEditor
          draft={draft}
          hintId={hintId}
          textareaRef={textareaRef}
          runActive={runActive}
          onChange={setDraft}
          onKeyDown={onKeyDown}
          onCancel={() => setDraft(null)}
          onSave={save}
          t={t}
        />
      ) : (
        <div
          className={classNames(
            'max-w-[85%] rounded-2xl bg-indigo-50 px-4 py-2 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-zinc-900',
            'dark:bg-indigo-950/60 dark:text-zinc-100',
            highlighted && 'ring-2 ring-amber-400',
          )}
          data-testid="user-text"
        >
          {text}
        </div>
      )}
      {!editing ? (
        <MessageActionBar
          copyText={text}
          onCopied={actions.onCopy}
          onEdit={actions.onEdit ? () => setDraft(text) : undefined}
          onDelete={actions.onDelete}
          disabled={runActive}
          align="end"
          t={t}
        >
          <Suspense fallback={null}>
            <AddToDatasetButton entry={entry} />
          </Suspense>
        </MessageActionBar>
      ) : null}
    </article>
  );
}

/** The message being edited: a textarea (Enter saves, Escape cancels) with Cancel and Save and resend. */
function UserMessageEditor({
  draft,
  hintId,
  textareaRef,
  runActive,
  onChange,
  onKeyDown,
  onCancel,
  onSave,
  t,
}: {
  draft: string;
  hintId: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  runActive: boolean;
  onChange: (draft: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onCancel: () => void;
  onSave: () => void;
  t: ChatTranslate;
}) {
  const names = useNames();
  return (
    <div className="w-full max-w-[85%] rounded-2xl border border-indigo-300 bg-white p-2 dark:border-indigo-700 dark:bg-zinc-900">
      <textarea
        ref={textareaRef}
        aria-label={names('Edited message')}
        aria-describedby={hintId}
        value={draft}
        rows={Math.min(12, Math.max(2, draft.split('\n').length))}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="w-full resize-y bg-transparent p-1 text-[15px] text-zinc-900 outline-none dark:text-zinc-100"
      />
      <p id={hintId} className="sr-only">
        {t('editKeysHint', { save: t('saveAndResend'), cancel: t('cancel') })}
      </p>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" aria-label={names('Cancel')} onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button
          size="sm"
          variant="primary"
          aria-label={names('Save and resend')}
          onClick={onSave}
          disabled={!draft.trim() || runActive}
        >
          {t('saveAndResend')}
        </Button>
      </div>
    </div>
  );
}
