import { useRef } from 'react';
import { Dialog } from '../components/dialog.tsx';

/** A modal confirmation on the shared {@link Dialog}: focus starts on Cancel, Esc cancels. */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  /** Accessible name of the confirm button (English, stable). */
  confirmLabel: string;
  confirmText: string;
  cancelText: string;
  onConfirm(): void;
  onCancel(): void;
  /** Where focus goes when the button that opened it is gone; default: the message box. */
  fallbackFocus?: () => HTMLElement | null;
}) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      title={props.title}
      onClose={props.onCancel}
      closeOnBackdrop={false}
      initialFocusRef={cancelRef}
      // A deleted session's button is gone: the message box is the natural place to continue.
      fallbackFocus={
        props.fallbackFocus ?? (() => document.querySelector<HTMLElement>('textarea[aria-label="Message"]'))
      }
      widthClassName="w-[min(24rem,calc(100vw-2rem))]"
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1 text-sm dark:border-slate-600"
            onClick={props.onCancel}
          >
            {props.cancelText}
          </button>
          <button
            type="button"
            aria-label={props.confirmLabel}
            className="rounded-md bg-red-600 px-3 py-1 text-sm font-medium text-white hover:bg-red-700"
            onClick={props.onConfirm}
          >
            {props.confirmText}
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{props.body}</p>
    </Dialog>
  );
}
