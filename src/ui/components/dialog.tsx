import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { classNames } from './class-names.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { CloseIcon } from './icons.tsx';
import { IconButton } from './icon-button.tsx';

/**
 * Props of {@link Dialog}. The accessible name is `label` when given (a stable English contract name such as
 * `Settings`), else the visible `title`.
 */
export interface DialogProps {
  open: boolean;
  /** The visible heading. */
  title?: ReactNode;
  /** A fixed accessible name; without it the dialog is named by `title`. */
  label?: string;
  /** Called on Esc, the × button or (with `closeOnBackdrop`) a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  /** Element focused on open; the first focusable element of the body otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the element that had it is gone (e.g. a deleted session's button). */
  fallbackFocus?: () => HTMLElement | null;
  /** Accessible name of the × button in the header; no × button without it. */
  closeLabel?: string;
  /** Whether a click on the backdrop closes the dialog (off for forms whose draft would be lost). */
  closeOnBackdrop?: boolean;
  className?: string;
  /** Width classes (one place, so two widths never fight). */
  widthClassName?: string;
  /** Classes of the scrolling body (padding, gaps). */
  bodyClassName?: string;
  /**
   * `top`: held at a fixed distance from the top instead of centred, for a dialog whose height changes while open
   * (Settings' tabs): its header and tabs then stay where the pointer is.
   */
  placement?: 'center' | 'top';
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where the dialog sits, and the height it may take there (the dialog and its column both). */
const PLACEMENT = {
  center: { dialog: 'm-auto max-h-[calc(100dvh-2rem)]', height: 'max-h-[calc(100dvh-2rem)]' },
  top: {
    dialog: 'mx-auto mt-[min(8dvh,4rem)] mb-auto max-h-[calc(100dvh-min(8dvh,4rem)-1rem)]',
    height: 'max-h-[calc(100dvh-min(8dvh,4rem)-1rem)]',
  },
} as const;

/**
 * Shows the `<dialog>` as a modal while `open`, focuses `initialFocusRef` (or the first focusable element of the
 * body), and on close gives focus back to where it was (or to `fallbackFocus` when that element is gone). Returns the
 * ref to put on the `<dialog>`.
 */
function useModal(
  open: boolean,
  initialFocusRef: RefObject<HTMLElement | null> | undefined,
  fallbackFocus: (() => HTMLElement | null) | undefined,
): RefObject<HTMLDialogElement | null> {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // Read at close time, so a new function on every render does not reopen the dialog.
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const target =
      initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`);
    (target ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (previousFocus?.isConnected) previousFocus.focus();
      else fallbackRef.current?.()?.focus();
    };
  }, [open, initialFocusRef]);
  return dialogRef;
}

/**
 * The one modal of the app, on the native `<dialog>`: the browser traps focus and makes the rest inert; Esc
 * closes through `onClose`; focus goes back to where it was when the dialog closes.
 */
export function Dialog({
  open,
  title,
  label,
  onClose,
  children,
  footer,
  initialFocusRef,
  fallbackFocus,
  closeLabel,
  closeOnBackdrop = true,
  className,
  widthClassName = 'w-[min(36rem,calc(100vw-2rem))]',
  bodyClassName = 'px-4 py-3',
  placement = 'center',
}: DialogProps) {
  const dialogRef = useModal(open, initialFocusRef, fallbackFocus);
  const titleId = useId();

  if (!open) return null;
  const hasHeader = title !== undefined || closeLabel !== undefined;
  return (
    <dialog
      ref={dialogRef}
      {...(label === undefined ? { 'aria-labelledby': titleId } : { 'aria-label': label })}
      onCancel={(event) => {
        // Esc: let React state decide, so the dialog never closes behind the app's back.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        // Browsers without showModal() have no built-in Esc handling.
        if (event.key === 'Escape' && typeof dialogRef.current?.showModal !== 'function') {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === dialogRef.current) onClose();
      }}
      className={classNames(
        PLACEMENT[placement].dialog,
        'rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl',
        'backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
        widthClassName,
        className,
      )}
    >
      <div className={classNames('flex flex-col', PLACEMENT[placement].height)}>
        {hasHeader ? (
          <header className="flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-3 dark:border-zinc-700">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            {closeLabel === undefined ? null : <IconButton label={closeLabel} icon={<CloseIcon />} onClick={onClose} />}
          </header>
        ) : null}
        <div data-dialog-body="" className={classNames('min-h-0 flex-1 overflow-y-auto', bodyClassName)}>
          {/* A failing body shows what failed; the header's × and Esc still close the dialog. */}
          <ErrorBoundary part="dialog">{children}</ErrorBoundary>
        </div>
        {footer ? (
          <footer className="flex justify-end gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-700">
            {footer}
          </footer>
        ) : null}
      </div>
    </dialog>
  );
}
