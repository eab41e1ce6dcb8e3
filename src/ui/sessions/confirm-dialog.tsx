import { useEffect, useId, useRef } from 'react';

/** A modal confirmation built on the native dialog element (focus trapped, Esc cancels). */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  /** Accessible name of the confirm button (English, stable). */
  confirmLabel: string;
  confirmText: string;
  cancelText: string;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    // Focus goes back to what opened the dialog when it closes.
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      // A deleted session's button is gone: the message box is the natural place to continue.
      if (previousFocus?.isConnected) previousFocus.focus();
      else document.querySelector<HTMLElement>('textarea[aria-label="Message"]')?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
      className="m-auto max-w-sm rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-xl backdrop:bg-black/40 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="mb-2 text-base font-semibold">{props.title}</h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{props.body}</p>
      <div className="flex justify-end gap-2">
        <button type="button" autoFocus className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600" onClick={props.onCancel}>
          {props.cancelText}
        </button>
        <button type="button" aria-label={props.confirmLabel} className="rounded-md bg-red-600 px-3 py-1 text-sm font-medium text-white hover:bg-red-700" onClick={props.onConfirm}>
          {props.confirmText}
        </button>
      </div>
    </dialog>
  );
}
