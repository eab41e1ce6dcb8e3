import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { citationsByRun, type CitedPassage } from '../../knowledge/citations.ts';
import { CitationRunsContext } from './citation-context.ts';

const PassageDialog = lazy(() => import('./passage-dialog.tsx').then((module) => ({ default: module.PassageDialog })));

/**
 * Gives the answers of a transcript the passages `search_knowledge` returned in their runs, and shows the
 * `Passage` dialog a citation opens. Loaded only once a transcript holds such a result (see citations-scope.tsx).
 */
export function CitationsProvider({ entries, children }: { entries: readonly TranscriptEntry[]; children: ReactNode }) {
  const [opened, setOpened] = useState<CitedPassage | null>(null);
  const runs = useMemo(() => citationsByRun(entries), [entries]);
  const value = useMemo(() => ({ runs, open: setOpened }), [runs]);
  return (
    <CitationRunsContext value={value}>
      {children}
      {opened ? (
        <Suspense fallback={null}>
          <PassageDialog passage={opened} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}
    </CitationRunsContext>
  );
}
