/**
 * A turn for the page: resolves from a task of its own (a timer), so a frame due meanwhile is painted and input is
 * handled first. A hidden page paints nothing and throttles its timers to once a second or less: there it resolves
 * at once.
 */
export function pageTurn(): Promise<void> {
  if (globalThis.document?.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
