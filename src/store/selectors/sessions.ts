import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SessionRecord } from '../../db/schema.ts';
import type { Span } from '../../trace/span.ts';
import type { AppState } from '../app-store.ts';
import { idleRun, type SessionRun } from '../run-slice.ts';
import type { SearchSnippet, SessionMatch } from '../../db/search-match.ts';

const noEntries: TranscriptEntry[] = [];
const noSpans: Span[] = [];

/** The sessions the sidebar shows: all, or those matching the search in the order of the matches. */
export function visibleSessions(sessions: SessionRecord[], matches: SessionMatch[] | null): SessionRecord[] {
  if (matches === null) return sessions;
  const byId = new Map(sessions.map((session) => [session.id, session]));
  return matches.flatMap((match) => byId.get(match.sessionId) ?? []);
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

const noSnippets: SearchSnippet[] = [];

/** The snippets the sidebar shows under each matching session, by session id. */
export function snippetsBySession(matches: SessionMatch[] | null): Map<string, SearchSnippet[]> {
  return new Map(
    (matches ?? []).map((match) => [match.sessionId, match.snippets.length > 0 ? match.snippets : noSnippets]),
  );
}
