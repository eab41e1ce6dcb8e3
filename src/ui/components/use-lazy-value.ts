import { useEffect, useState } from 'react';

/**
 * A value loaded on demand (a lazily imported module): `initial` when it is already loaded, else `null` until
 * `load()` resolves. A failed load keeps `null`, so callers fall back to plain text.
 */
export function useLazyValue<T>(initial: T | null, load: () => Promise<T>): T | null {
  const [current, setCurrent] = useState<T | null>(initial);
  useEffect(() => {
    if (current) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setCurrent(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [current, load]);
  return current;
}
