import { defaultChatTranslate, type ChatStringKey, type ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { Spinner } from '../components/spinner.tsx';

/** The status of the active session's run, as `data-status` reports it. */
export type RunStatusValue = 'idle' | 'running' | 'done' | 'error' | 'stopped' | 'interrupted';

/** Props of {@link RunStatus}. */
export interface RunStatusProps {
  status: RunStatusValue;
  /** Extra words after the status (e.g. `step 3 of 10`). */
  detail?: string;
  t?: ChatTranslate;
  className?: string;
}

const LABEL: Record<RunStatusValue, ChatStringKey> = {
  idle: 'runStatusIdle',
  running: 'runStatusRunning',
  done: 'runStatusDone',
  error: 'runStatusError',
  stopped: 'runStatusStopped',
  interrupted: 'runStatusInterrupted',
};

const DOT: Record<RunStatusValue, string> = {
  idle: 'bg-zinc-300 dark:bg-zinc-600',
  running: '',
  done: 'bg-emerald-500',
  error: 'bg-red-500',
  stopped: 'bg-zinc-500',
  interrupted: 'bg-amber-500',
};

/** A small status line: `data-testid="run-status"`, `data-status` machine-readable, text friendly. */
export function RunStatus({ status, detail, t = defaultChatTranslate, className }: RunStatusProps) {
  return (
    <div
      data-testid="run-status"
      data-status={status}
      role="status"
      className={classNames(
        'inline-flex items-center gap-1.5 text-xs',
        status === 'error' ? 'text-red-700 dark:text-red-300' : 'text-zinc-500 dark:text-zinc-400',
        className,
      )}
    >
      {status === 'running' ? (
        <Spinner className="size-3 text-indigo-500" />
      ) : (
        <span aria-hidden="true" className={classNames('inline-block size-2 rounded-full', DOT[status])} />
      )}
      <span>{t(LABEL[status])}</span>
      {detail ? <span className="text-zinc-500 dark:text-zinc-400">· {detail}</span> : null}
    </div>
  );
}
