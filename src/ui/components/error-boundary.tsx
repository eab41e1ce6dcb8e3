import { cloneElement, Component, type ErrorInfo, type ReactElement, type ReactNode } from 'react';
import { createCrashTranslate, type CrashKey } from '../../i18n/crash.ts';
import { useLanguage } from '../use-t.ts';
import { CopyButton } from './copy-button.tsx';

/** A part of the app guarded by its own boundary; names the part in the notice. */
export type CrashPart = Extract<CrashKey, `part.${string}`> extends `part.${infer Part}` ? Part : never;

/** What a boundary caught. */
export interface CaughtError {
  error: unknown;
  /** React's component stack, once known. */
  componentStack?: string;
}

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  part: CrashPart;
  children: ReactNode;
  /** A new value clears the error and renders the children again (e.g. the entry or session shown). */
  resetKey?: unknown;
  onError?: (caught: CaughtError) => void;
  /** The element the notice goes in, where the part was (its named region, a dialog); the notice alone otherwise. */
  frame?: ReactElement<{ children?: ReactNode }>;
  /** More buttons in the notice, after Copy details and Try again. */
  actions?: ReactNode;
}

interface ErrorBoundaryState {
  caught: CaughtError | undefined;
  resetKey: unknown;
}

/**
 * Keeps a render error inside one part of the app: the part shows what failed, with `Copy details`, and
 * everything around it keeps working.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { caught: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return Object.is(props.resetKey, state.resetKey) ? null : { caught: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const caught = { error, ...(info.componentStack ? { componentStack: info.componentStack } : {}) };
    this.setState({ caught });
    this.props.onError?.(caught);
  }

  override render(): ReactNode {
    const { caught } = this.state;
    if (!caught) return this.props.children;
    const { part, frame, actions } = this.props;
    const notice = (
      <CrashNotice part={part} caught={caught} onRetry={() => this.setState({ caught: undefined })}>
        {actions}
      </CrashNotice>
    );
    return frame ? cloneElement(frame, undefined, notice) : notice;
  }
}

/** The error's name and message, whatever was thrown. */
export function describeError(error: unknown): { name: string; message: string; stack?: string } {
  if (error instanceof Error)
    return { name: error.name, message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { name: typeof error, message: String(error) };
}

/** The text `Copy details` copies: the part, name, message, stack and component stack. */
export function crashDetails(part: CrashPart, caught: CaughtError): string {
  const { name, message, stack } = describeError(caught.error);
  return [
    `Glassbox: ${part} failed to render`,
    `${name}: ${message}`,
    stack ? `Stack:\n${stack}` : '',
    caught.componentStack ? `Component stack:${caught.componentStack}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** A message longer than this is cut in the notice (Copy details has all of it). */
const SHOWN_MESSAGE_CHARS = 300;

/** What failed, in the reader's language, with Copy details and Try again. */
export function CrashNotice({
  part,
  caught,
  onRetry,
  children,
}: {
  part: CrashPart;
  caught: CaughtError;
  onRetry?: () => void;
  /** More actions, after Copy details. */
  children?: ReactNode;
}) {
  const t = createCrashTranslate(useLanguage());
  const { message } = describeError(caught.error);
  const shown = message.length > SHOWN_MESSAGE_CHARS ? `${message.slice(0, SHOWN_MESSAGE_CHARS)}…` : message;
  return (
    <div
      role="alert"
      aria-label={t('failedLabel', { part: t(`part.${part}`) })}
      data-testid="crash-notice"
      data-crash-part={part}
      className="m-2 flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p className="break-words">{t('failed', { part: t(`part.${part}`), error: shown })}</p>
      <p className="text-xs">{t(part === 'app' ? 'reloadHint' : 'restWorks')}</p>
      <div className="flex flex-wrap items-center gap-2">
        <CopyButton
          text={() => crashDetails(part, caught)}
          label={t('copyDetails')}
          visibleText={t('copyDetails')}
          copiedText={t('copied')}
          failedText={t('copyFailed')}
        />
        {onRetry ? (
          <button
            type="button"
            className="rounded border border-red-300 px-2 py-0.5 text-xs dark:border-red-700"
            onClick={onRetry}
          >
            {t('tryAgain')}
          </button>
        ) : null}
        {children}
      </div>
    </div>
  );
}
