import { useState } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { feedbackOf, setAnswerFeedback, type AnswerFeedback } from '../../store/actions/feedback-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import type { Span } from '../../trace/span.ts';
import { classNames } from '../components/class-names.ts';
import { IconButton } from '../components/icon-button.tsx';
import { AddToListIcon, ThumbDownIcon, ThumbUpIcon } from './evals-icons.tsx';
import { AddToDatasetDialog, type AddToDatasetDraft } from './add-to-dataset-dialog.tsx';
import { useDatasetsT } from './use-datasets-t.ts';

// Feedback per run of a session's loaded spans. Keyed by the store's spans array, which is replaced on every change,
// so an entry is never stale and goes when the array does.
const feedbackByArray = new WeakMap<readonly Span[], Map<string, AnswerFeedback>>();

function feedbackByRun(spans: readonly Span[] | undefined): Map<string, AnswerFeedback> | undefined {
  if (!spans) return undefined;
  let map = feedbackByArray.get(spans);
  if (!map) {
    map = new Map();
    for (const span of spans) if (span.spanId === span.runId) map.set(span.runId, feedbackOf(span));
    feedbackByArray.set(spans, map);
  }
  return map;
}

/** The text of a session's entries: the user message that started `runId`, and that run's last answer. */
function runTexts(entries: readonly TranscriptEntry[], runId: string): { input: string; answer: string } {
  let input = '';
  let answer = '';
  for (const entry of entries) {
    if (entry.runId !== runId || entry.meta?.draftOf || entry.meta?.delegation) continue;
    const { message } = entry;
    if (message.role === 'user' && !input) input = typeof message.content === 'string' ? message.content : '';
    if (message.role === 'assistant' && message.content && !entry.meta?.plan) answer = message.content;
  }
  return { input, answer };
}

/** `Add to dataset` on a user message: the answer its run gave becomes the expected output (editable). */
export function AddToDatasetButton({ entry }: { entry: TranscriptEntry }) {
  const t = useDatasetsT();
  const [draft, setDraft] = useState<AddToDatasetDraft | undefined>(undefined);
  const [added, setAdded] = useState<string | undefined>(undefined);
  const open = () => {
    const entries = useAppStore.getState().entries[entry.sessionId] ?? [];
    const { answer } = runTexts(entries, entry.runId);
    const input = typeof entry.message.content === 'string' ? entry.message.content : '';
    setDraft({ input, expected: answer, sessionId: entry.sessionId });
  };
  return (
    <>
      {/* An icon with a tooltip, like the message's other actions: the message's text stays its own. */}
      <IconButton label="Add to dataset" title={t('addToDataset')} icon={<AddToListIcon />} onClick={open} />
      {added ? (
        <span role="status" className="text-xs text-zinc-500 dark:text-zinc-400">
          {t('added', { name: added })}
        </span>
      ) : null}
      {draft ? (
        <AddToDatasetDialog
          draft={draft}
          onClose={(name) => {
            setDraft(undefined);
            if (name) setAdded(name);
          }}
        />
      ) : null}
    </>
  );
}

/**
 * `Good answer` / `Bad answer` (pressed when chosen; again to clear) and, once chosen, `Feedback note`; stored on the
 * run. A bad answer offers `Add to dataset` with the question and no expected output.
 */
export function AnswerFeedbackBar({ entry, disabled }: { entry: TranscriptEntry; disabled: boolean }) {
  const t = useDatasetsT();
  const rating = useAppStore((state) => feedbackByRun(state.spans[entry.sessionId])?.get(entry.runId)?.rating);
  const savedNote = useAppStore((state) => feedbackByRun(state.spans[entry.sessionId])?.get(entry.runId)?.note ?? '');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const [draft, setDraft] = useState<AddToDatasetDraft | undefined>(undefined);
  const save = (feedback: AnswerFeedback) => {
    setAnswerFeedback(entry.sessionId, entry.runId, feedback).then(
      () => setError(undefined),
      (failure: unknown) =>
        setError(t('feedbackFailed', { error: failure instanceof Error ? failure.message : String(failure) })),
    );
  };
  const rate = (next: 'good' | 'bad') =>
    save({ ...(rating === next ? {} : { rating: next }), note: note ?? savedNote });
  const openDataset = () => {
    const { input } = runTexts(useAppStore.getState().entries[entry.sessionId] ?? [], entry.runId);
    setDraft({ input, expected: '', tags: ['bad-answer'], sessionId: entry.sessionId });
  };
  return (
    <div className="flex flex-wrap items-center gap-0.5">
      {(['good', 'bad'] as const).map((kind) => (
        <IconButton
          key={kind}
          label={kind === 'good' ? 'Good answer' : 'Bad answer'}
          title={t(kind === 'good' ? 'goodAnswer' : 'badAnswer')}
          icon={kind === 'good' ? <ThumbUpIcon /> : <ThumbDownIcon />}
          aria-pressed={rating === kind}
          disabled={disabled}
          onClick={() => rate(kind)}
          className={classNames(
            rating === kind &&
              (kind === 'good'
                ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200'
                : 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200'),
          )}
        />
      ))}
      {rating ? (
        <input
          aria-label="Feedback note"
          placeholder={t('feedbackNotePlaceholder')}
          value={note ?? savedNote}
          disabled={disabled}
          onChange={(event) => setNote(event.target.value)}
          onBlur={() => note !== null && note !== savedNote && save({ rating, note })}
          onKeyDown={(event) => event.key === 'Enter' && note !== null && save({ rating, note })}
          className="min-w-40 flex-1 rounded-md border border-zinc-300 bg-white px-2 py-0.5 text-xs text-zinc-900 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100"
        />
      ) : null}
      {rating === 'bad' ? (
        <IconButton label="Add to dataset" title={t('addToDataset')} icon={<AddToListIcon />} onClick={openDataset} />
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {draft ? <AddToDatasetDialog draft={draft} onClose={() => setDraft(undefined)} /> : null}
    </div>
  );
}
