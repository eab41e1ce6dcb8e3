import { Spinner } from '../components/spinner.tsx';

/** The outcome of Test connection or Load models, as shown under the buttons. */
export type ConnectionStatusValue =
  { kind: 'busy'; text: string } | { kind: 'ok'; text: string } | { kind: 'error'; title?: string; text: string };

/** A check in progress or its result; a failure is an `alert` that says what is wrong and what to do. */
export function ConnectionStatus({ status }: { status: ConnectionStatusValue }) {
  if (status.kind === 'error') {
    return (
      <div
        role="alert"
        className="w-full rounded-md border border-red-300 bg-red-50 px-3 py-2 text-xs text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100"
      >
        {status.title ? <p className="font-semibold">{status.title}</p> : null}
        <p className="break-words whitespace-pre-wrap">{status.text}</p>
      </div>
    );
  }
  return (
    <p
      role="status"
      className={`flex items-center gap-1.5 text-xs ${status.kind === 'ok' ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-600 dark:text-slate-300'}`}
    >
      {status.kind === 'busy' ? <Spinner /> : null}
      {status.text}
    </p>
  );
}
