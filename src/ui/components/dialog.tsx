import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { classNames } from './class-names.ts';
import { CloseIcon } from './icons.tsx';
import { IconButton } from './icon-button.tsx';

/** Props of {@link Dialog}. The dialog is named by `title` (its accessible name). */
export interface DialogProps {
  open: boolean;
  title: string;
  /** Called on Esc, the close button or a click on the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom edge. */
  footer?: ReactNode;
  /** Element focused on open; the first focusable element otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Accessible name of the × button. */
  closeLabel?: string;
  /** Accessible name when it must differ from the shown `title` (stays English in every language). */
  label?: string;
  className?: string;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal on the native `<dialog>`: the browser traps focus and makes the rest inert; focus goes
 * back to where it was when the dialog closes.
 */
export function Dialog({ open, title, onClose, children, footer, initialFocusRef, closeLabel = 'Close', label, className }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const target = initialFocusRef?.current ?? dialog.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`);
    (target ?? dialog.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      if (previousFocus?.isConnected) previousFocus.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      {...(label ? { 'aria-label': label } : { 'aria-labelledby': titleId })}
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
        if (event.target === dialogRef.current) onClose();
      }}
      className={classNames(
        'm-auto w-[min(36rem,calc(100vw-2rem))] max-h-[calc(100dvh-2rem)] rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl',
        'backdrop:bg-black/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
        className,
      )}
    >
      <div className="flex max-h-[calc(100dvh-2rem)] flex-col">
        <header className="flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-3 dark:border-zinc-700">
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          <IconButton label={closeLabel} icon={<CloseIcon />} onClick={onClose} />
        </header>
        <div data-dialog-body="" className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
          {children}
        </div>
        {footer ? (
          <footer className="flex justify-end gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-700">{footer}</footer>
        ) : null}
      </div>
    </dialog>
  );
}
