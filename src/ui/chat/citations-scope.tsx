import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';

const CitationsProvider = lazy(() =>
  import('./citations-provider.tsx').then((module) => ({ default: module.CitationsProvider })),
);

/**
 * The citations of a transcript's answers: nothing until it holds a `search_knowledge` result, then the provider
 * (a chunk of its own) that turns their `[n]` into buttons.
 */
export function CitationsScope({ entries, children }: { entries: readonly TranscriptEntry[]; children: ReactNode }) {
  const needed = useMemo(() => entries.some((entry) => entry.meta?.toolName === 'search_knowledge'), [entries]);
  if (!needed) return children;
  return (
    <Suspense fallback={children}>
      <CitationsProvider entries={entries}>{children}</CitationsProvider>
    </Suspense>
  );
}
