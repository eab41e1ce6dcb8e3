import { useId, useState } from 'react';
import type { TraceTranslate } from '../../i18n/trace.ts';
import type { ForkChoice } from '../../store/actions/fork-actions.ts';
import type { ForkError, ForkPoint } from '../../store/actions/fork-plan.ts';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useNames } from '../use-t.ts';

/** Props of {@link ForkDialog}. */
export interface ForkDialogProps {
  /** Where the fork starts, or why it cannot. */
  point: ForkPoint | { error: ForkError };
  onRun: (choice: ForkChoice) => void;
  onClose: () => void;
  t: TraceTranslate;
}

const FIELD_CLASSES =
  'w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-600 dark:bg-zinc-950 dark:text-zinc-100';

/** The Fork run dialog: the step's input to edit, whether to reuse recorded tool results, and Run fork. */
export function ForkDialog({ point, onRun, onClose, t }: ForkDialogProps) {
  const names = useNames();
  const fieldId = useId();
  const hintId = useId();
  const [text, setText] = useState('error' in point ? '' : point.input);
  const [reuse, setReuse] = useState(false);
  if ('error' in point) {
    return (
      <Dialog open title={t('fork.title')} label="Fork run" onClose={onClose} closeLabel={names('Close')}>
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {t(`fork.error.${point.error}` as const)}
        </p>
      </Dialog>
    );
  }
  const isToolResult = point.field === 'toolResult';
  // A message that starts a run must say something; a tool result may be anything, even empty.
  const missing = point.edit.type === 'user-message' && text.trim() === '';
  const footer = (
    <>
      <Button variant="ghost" onClick={onClose}>
        {t('fork.cancel')}
      </Button>
      <Button
        variant="primary"
        aria-label="Run fork"
        disabled={missing}
        onClick={() => onRun({ text, reuseToolResults: reuse })}
      >
        {t('fork.run')}
      </Button>
    </>
  );
  return (
    <Dialog open title={t('fork.title')} label="Fork run" onClose={onClose} closeLabel={names('Close')} footer={footer}>
      <div className="flex flex-col gap-3 text-sm">
        <p id={hintId} className="text-zinc-600 dark:text-zinc-300">
          {t(`fork.hint.${point.kind}` as const)}
        </p>
        <label htmlFor={fieldId} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          {isToolResult ? t('fork.toolResult') : t('fork.message')}
        </label>
        <textarea
          id={fieldId}
          aria-label={isToolResult ? 'Tool result' : 'Message'}
          aria-describedby={hintId}
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={FIELD_CLASSES}
        />
        {missing ? <p className="text-xs text-red-700 dark:text-red-300">{t('fork.emptyMessage')}</p> : null}
        <label className="flex items-start gap-2">
          <input
            type="checkbox"
            aria-label="Reuse recorded tool results"
            checked={reuse}
            onChange={(event) => setReuse(event.target.checked)}
            className="mt-0.5"
          />
          <span>
            <span className="font-medium">{t('fork.reuse')}</span>
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t('fork.reuseHint')}</span>
          </span>
        </label>
      </div>
    </Dialog>
  );
}
