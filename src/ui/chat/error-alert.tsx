import { defaultChatTranslate, type ChatTranslate } from '../../i18n/chat.ts';
import { Button } from '../components/button.tsx';
import { classNames } from '../components/class-names.ts';
import { AlertIcon, CloseIcon } from '../components/icons.tsx';
import { IconButton } from '../components/icon-button.tsx';
import { useNames } from '../use-t.ts';

/** Props of {@link ErrorAlert}. Retry, Resume and Dismiss show only when their handlers are given. */
export interface ErrorAlertProps {
  /** What went wrong, in a few words (e.g. "The API key was rejected"). */
  title: string;
  /** What happened in detail, e.g. the endpoint's message. */
  message?: string;
  /** What to do about it. */
  advice?: string;
  onRetry?: () => void;
  onResume?: () => void;
  onDismiss?: () => void;
  /** `warning` for notices that are not failures (limit reached, interrupted run). */
  tone?: 'error' | 'warning';
  t?: ChatTranslate;
  className?: string;
}

/** An error in the chat: `role="alert"`, with what went wrong, what to do, and Retry / Resume. */
export function ErrorAlert({
  title,
  message,
  advice,
  onRetry,
  onResume,
  onDismiss,
  tone = 'error',
  t = defaultChatTranslate,
  className,
}: ErrorAlertProps) {
  const names = useNames();
  const warning = tone === 'warning';
  return (
    <div
      role="alert"
      className={classNames(
        'my-3 flex gap-3 rounded-lg border px-3 py-2.5 text-sm',
        warning
          ? 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-50'
          : 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950/40 dark:text-red-50',
        className,
      )}
    >
      <AlertIcon
        className={classNames(
          'mt-0.5 size-4 shrink-0',
          warning ? 'text-amber-600 dark:text-amber-400' : 'text-red-600 dark:text-red-400',
        )}
      />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {message ? <p className="mt-0.5 break-words whitespace-pre-wrap">{message}</p> : null}
        {advice ? <p className="mt-1 break-words whitespace-pre-wrap opacity-90">{advice}</p> : null}
        {onRetry || onResume ? (
          <div className="mt-2 flex gap-2">
            {onResume ? (
              <Button size="sm" variant="primary" aria-label="Resume" onClick={onResume}>
                {t('resume')}
              </Button>
            ) : null}
            {onRetry ? (
              <Button
                size="sm"
                variant={onResume ? 'secondary' : 'primary'}
                aria-label={names('Retry')}
                onClick={onRetry}
              >
                {t('retry')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      {onDismiss ? (
        <IconButton label={names('Dismiss')} title={t('dismiss')} icon={<CloseIcon />} onClick={onDismiss} />
      ) : null}
    </div>
  );
}
