import { createContext } from 'react';
import type { CitedPassage, RunCitations } from '../../knowledge/citations.ts';

/** The citable passages of every run shown, by run id, and how to open one (the list's Passage dialog). */
export interface CitationsOfRuns {
  runs: ReadonlyMap<string, RunCitations>;
  open(passage: CitedPassage): void;
}

/** Given by the message list; read by each answer for its own run. */
export const CitationRunsContext = createContext<CitationsOfRuns | null>(null);

/** The citable passages of the answer being rendered, read by the Markdown renderer's citation marks. */
export const AnswerCitationsContext = createContext<{
  citations: RunCitations;
  open(passage: CitedPassage): void;
} | null>(null);
