import type { TranscriptEntry } from '../agent/transcript.ts';
import type { SessionRecord } from '../db/schema.ts';
import type { SessionMatch } from '../db/search-match.ts';
import type { Slice } from './slice.ts';

/** Sessions: the list, the active one and the loaded transcripts. */
export interface SessionsSlice {
  sessions: SessionRecord[];
  activeSessionId: string | null;
  /** Transcripts of the sessions loaded so far, by session id. */
  entries: Record<string, TranscriptEntry[]>;
  /** Sessions matching the sidebar search (with snippets of their matching messages), or null when not searching. */
  sessionMatches: SessionMatch[] | null;
  sessionQuery: string;
  /** The query the matches shown answer (their snippets are highlighted for it): an earlier one while a search runs. */
  sessionMatchesQuery: string;
  /** The matches shown are those of an earlier query: the search for `sessionQuery` is still running. */
  sessionSearchPending: boolean;
  setSessions(sessions: SessionRecord[]): void;
  upsertSession(session: SessionRecord): void;
  removeSession(sessionId: string): void;
  setActiveSession(sessionId: string | null): void;
  setEntries(sessionId: string, entries: TranscriptEntry[]): void;
  /** Adds an entry; one with the id of an entry of the run in progress replaces it (the answer check marks its draft). */
  appendEntry(sessionId: string, entry: TranscriptEntry): void;
  setSessionSearch(query: string, matches: SessionMatch[] | null, pending?: boolean): void;
}

function byUpdatedDesc(a: SessionRecord, b: SessionRecord): number {
  return b.updatedAt - a.updatedAt;
}

export const createSessionsSlice: Slice<SessionsSlice> = (set) => ({
  sessions: [],
  activeSessionId: null,
  entries: {},
  sessionMatches: null,
  sessionQuery: '',
  sessionMatchesQuery: '',
  sessionSearchPending: false,
  setSessions: (sessions) => set({ sessions: [...sessions].sort(byUpdatedDesc) }),
  upsertSession: (session) =>
    set((state) => ({
      sessions: [session, ...state.sessions.filter((existing) => existing.id !== session.id)].sort(byUpdatedDesc),
    })),
  removeSession: (sessionId) =>
    set((state) => {
      const entries = { ...state.entries };
      delete entries[sessionId];
      return { sessions: state.sessions.filter((session) => session.id !== sessionId), entries };
    }),
  setActiveSession: (sessionId) => set({ activeSessionId: sessionId }),
  setEntries: (sessionId, entries) => set((state) => ({ entries: { ...state.entries, [sessionId]: entries } })),
  appendEntry: (sessionId, entry) =>
    set((state) => ({ entries: { ...state.entries, [sessionId]: withEntry(state.entries[sessionId] ?? [], entry) } })),
  setSessionSearch: (query, matches, pending = false) =>
    set((state) => ({
      sessionQuery: query,
      sessionMatches: matches,
      sessionSearchPending: pending,
      sessionMatchesQuery: pending ? state.sessionMatchesQuery : query,
    })),
});

/** The entries with `entry` added, or in place of the entry of its run with its id (searched from the end, within its run). */
function withEntry(entries: readonly TranscriptEntry[], entry: TranscriptEntry): TranscriptEntry[] {
  for (
    let index = entries.length - 1;
    index >= 0 && (entries[index] as TranscriptEntry).runId === entry.runId;
    index -= 1
  ) {
    if ((entries[index] as TranscriptEntry).id === entry.id)
      return entries.map((candidate, position) => (position === index ? entry : candidate));
  }
  return [...entries, entry];
}
