import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/** The session's running summary, read from and saved on its record (exported with the session). */
export function sessionSummaryStore(sessionId: string) {
  return {
    get: () => {
      const summary = useAppStore.getState().sessions.find((session) => session.id === sessionId)?.summary;
      if (!summary || summary.coveredMessages === undefined) return undefined;
      return { text: summary.text, coveredMessages: summary.coveredMessages, updatedAt: summary.updatedAt };
    },
    set: async (summary: { text: string; coveredMessages: number; updatedAt: number }) => {
      // The seq of the last covered message is unknown for messages of this run; the largest seq keeps
      // the summary valid until an edit or delete reaches into what it covers.
      const entries = useAppStore.getState().entries[sessionId] ?? [];
      const seqs = entries
        .map((entry) => (entry as { seq?: number }).seq)
        .filter((seq): seq is number => seq !== undefined);
      const coveredUntilSeq = seqs.length > 0 ? Math.max(...seqs) : 0;
      try {
        const session = await services().persistence.updateSession(sessionId, {
          summary: { ...summary, coveredUntilSeq },
        });
        if (session) useAppStore.getState().upsertSession(session);
      } catch (error) {
        reportStorageError(error);
      }
    },
  };
}
