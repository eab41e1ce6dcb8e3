/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts, even if `promise` never settles. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  // The losing promise may still reject later; that rejection is expected and must not surface as unhandled.
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** One attempt's cancellation: the user's Stop plus our own timer, which can be restarted while data flows. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** True once the timer (not the user) aborted the attempt. */
  readonly timedOut: boolean;
  /** Starts the timer again: called whenever bytes arrive on a stream. */
  restartTimer(): void;
  /** Clears the timer and the listener on the user's signal. */
  dispose(): void;
}

/** Creates the signal for one attempt, aborted by `parent` or after `timeoutMs` without progress. */
export function createAttemptSignal(parent: AbortSignal, timeoutMs: number): AttemptSignal {
  const controller = new AbortController();
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onParentAbort = () => controller.abort(parent.reason);
  const startTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    // A non-positive or infinite timeout means "no timeout".
    if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) return;
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The endpoint did not answer in time.', 'TimeoutError'));
    }, timeoutMs);
  };
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onParentAbort, { once: true });
  startTimer();
  return {
    signal: controller.signal,
    get timedOut() {
      return timedOut;
    },
    restartTimer() {
      if (!controller.signal.aborted) startTimer();
    },
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      parent.removeEventListener('abort', onParentAbort);
    },
  };
}

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

/** Why the signal aborted: its reason, or a standard AbortError when it has none. */
export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** Sleeps with `setTimeout`, cancelled by the signal. */
export const abortableSleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
