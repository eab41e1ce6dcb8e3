import type { StoreMessage } from '../i18n/messages.ts';
import type { Slice } from './slice.ts';

/** Which pane a narrow screen shows. */
export type MobilePane = 'sessions' | 'chat' | 'trace';

/** What an import left out, in the words the report shows. */
export interface ImportReport {
  title: string;
  lines: string[];
}

/** A session not opened at start-up because opening it failed before (store/actions/session-opening.ts). */
export interface FailedSession {
  sessionId: string;
  /** The load threw this (its message); absent: an earlier opening never finished rendering. */
  loadError?: string;
}

/** Where a deployed new version of the app stands (store/actions/app-update.ts). */
export type AppUpdate = 'none' | 'ready' | 'after-run';

/** View state that is not data. */
export interface UiSlice {
  settingsOpen: boolean;
  /** The Memory dialog (long-term notes) is open. */
  memoryOpen: boolean;
  /** The Agents (roster) dialog is open. */
  agentsOpen: boolean;
  /** The Insights view (metrics and cost) is open. */
  insightsOpen: boolean;
  /** The Knowledge dialog (the library of documents) is open. */
  knowledgeOpen: boolean;
  /** The Evals dialog (datasets and experiments). */
  evalsOpen: boolean;
  /** The Share session dialog (issue 37) is open. */
  shareOpen: boolean;
  sidebarOpen: boolean;
  traceOpen: boolean;
  mobilePane: MobilePane;
  /** The chat scrolls to this entry when it changes. */
  scrollToEntryId: string | undefined;
  /** A transient message for the user (import result, copy done…). */
  toast: string | undefined;
  /** An app-level error alert (import failure, lock held by another tab…): text, or a store message the view words. */
  appAlert: string | StoreMessage | undefined;
  /** The conversations the last import skipped, and why. */
  importReport: ImportReport | undefined;
  /**
   * A large import file being read (bytes) or mapped (spans) in a worker, or a ChatGPT export being written
   * (conversations done of total, with the bytes read); `cancellable` when Cancel can stop it.
   */
  importProgress:
    | {
        fileName: string;
        phase: 'read' | 'map' | 'write';
        done: number;
        total: number;
        bytesDone?: number;
        bytesTotal?: number;
        cancellable?: boolean;
      }
    | undefined;
  /** The Run comparison view is open, with these runs chosen (undefined: the active session's last two). */
  runComparison: { firstRunId?: string; secondRunId?: string } | undefined;
  /** A new version is installed and waiting ('ready'), or the user asked to reload once the run ends ('after-run'). */
  appUpdate: AppUpdate;
  /** Offered in a banner (Open anyway, Export, Delete) instead of being opened. */
  failedSession: FailedSession | undefined;
  setUi(patch: Partial<Omit<UiSlice, 'setUi'>>): void;
}

export const createUiSlice: Slice<UiSlice> = (set) => ({
  settingsOpen: false,
  memoryOpen: false,
  agentsOpen: false,
  insightsOpen: false,
  knowledgeOpen: false,
  evalsOpen: false,
  shareOpen: false,
  sidebarOpen: true,
  traceOpen: true,
  mobilePane: 'chat',
  scrollToEntryId: undefined,
  toast: undefined,
  appAlert: undefined,
  importReport: undefined,
  importProgress: undefined,
  runComparison: undefined,
  appUpdate: 'none',
  failedSession: undefined,
  setUi: (patch) => set(patch),
});
