/** A signal that aborts as soon as any of the given signals does, with that signal's reason. */
export function combineSignals(signals: readonly AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([...signals]);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      return controller.signal;
    }
  }
  for (const signal of signals) {
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true, signal: controller.signal });
  }
  return controller.signal;
}

export { raceAbort } from '../model/abort.ts';

/** The abort reason used when a run reaches its wall-clock deadline. */
export class DeadlineExceeded extends Error {
  constructor(readonly deadlineMs: number) {
    super(`The run reached its time limit of ${deadlineMs} ms.`);
    this.name = 'DeadlineExceeded';
  }
}
