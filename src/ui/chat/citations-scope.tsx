import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { CitedPassage, RunCitations } from '../../knowledge/citations.ts';
import { CitationRunsContext } from './citation-context.ts';

type CitationsModule = typeof import('../../knowledge/citations.ts');

const PassageDialog = lazy(() => import('./passage-dialog.tsx').then((module) => ({ default: module.PassageDialog })));
const NO_RUNS: ReadonlyMap<string, RunCitations> = new Map();

function hasKnowledgeResult(entries: readonly TranscriptEntry[]): boolean {
  return entries.some((entry) => entry.meta?.toolName === 'search_knowledge');
}

/**
 * Gives the answers of a transcript the passages `search_knowledge` returned in their runs (the citation code loads
 * only once a transcript has such a result), and shows the `Passage` dialog a citation opens.
 */
export function CitationsScope({ entries, children }: { entries: readonly TranscriptEntry[]; children: ReactNode }) {
  const needed = useMemo(() => hasKnowledgeResult(entries), [entries]);
  const [loaded, setLoaded] = useState<CitationsModule | null>(null);
  const [opened, setOpened] = useState<CitedPassage | null>(null);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    import('../../knowledge/citations.ts').then(
      (module) => {
        if (live) setLoaded(module);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, loaded]);
  const runs = useMemo(() => (loaded && needed ? loaded.citationsByRun(entries) : NO_RUNS), [loaded, needed, entries]);
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
