import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionRecord } from '../../db/schema.ts';
import type { Span } from '../../trace/span.ts';
import type { AppState } from '../app-store.ts';
import { idleRun, type SessionRun } from '../run-slice.ts';

const noEntries: TranscriptEntry[] = [];
const noSpans: Span[] = [];

/** The sessions the sidebar shows: all, or those matching the search. */
export function visibleSessions(sessions: SessionRecord[], matches: string[] | null): SessionRecord[] {
  if (matches === null) return sessions;
  const matching = new Set(matches);
  return sessions.filter((session) => matching.has(session.id));
}

/** The active session's transcript. */
export function selectActiveEntries(state: Pick<AppState, 'activeSessionId' | 'entries'>): TranscriptEntry[] {
  return (state.activeSessionId && state.entries[state.activeSessionId]) || noEntries;
}

/** The active session's spans. */
export function selectActiveSpans(state: Pick<AppState, 'activeSessionId' | 'spans'>): Span[] {
  return (state.activeSessionId && state.spans[state.activeSessionId]) || noSpans;
}

/** The active session's run state. */
export function selectActiveRun(state: Pick<AppState, 'activeSessionId' | 'runs'>): SessionRun {
  return (state.activeSessionId && state.runs[state.activeSessionId]) || idleRun;
}
