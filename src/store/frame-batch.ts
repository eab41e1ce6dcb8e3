/** Calls `flush` at most once per animation frame, however often `schedule` is called. */
export function createFrameBatch(flush: () => void): { schedule(): void; flushNow(): void } {
  let pending = false;
  const raf: (callback: () => void) => void =
    typeof requestAnimationFrame === 'function'
      ? (callback) => requestAnimationFrame(callback)
      : (callback) => setTimeout(callback, 16);
  const run = () => {
    if (!pending) return;
    pending = false;
    flush();
  };
  return {
    schedule() {
      if (pending) return;
      pending = true;
      raf(run);
    },
    flushNow: run,
  };
}
