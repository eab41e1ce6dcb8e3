import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { switchSession } from './session-actions.ts';

/** Downloads the active session as versioned JSON. */
export async function exportActiveSession(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  const file = await services().persistence.exportSessions({ sessionIds: [sessionId], all: false });
  services().download?.(file.fileName, file.text);
}

/** Downloads every session and the notes as versioned JSON. */
export async function exportAllSessions(): Promise<void> {
  const file = await services().persistence.exportSessions({ all: true });
  services().download?.(file.fileName, file.text);
}

/** Largest import file accepted. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Imports files (our exports or ChatGPT's conversations.json); on any error nothing is written. */
export async function importFiles(files: File[]): Promise<void> {
  const state = useAppStore.getState();
  let firstImported: string | undefined;
  let imported = 0;
  let copies = 0;
  for (const file of files) {
    if (file.size > MAX_IMPORT_BYTES) {
      state.setUi({ appAlert: `${file.name}: the file is ${(file.size / 1048576).toFixed(1)} MB; imports are limited to 50 MB. Nothing was imported.` });
      return;
    }
    const text = await file.text();
    const result = await services().persistence.importFile(text, file.name);
    if (!result.ok) {
      state.setUi({ appAlert: `Import failed, nothing was imported. ${result.error}` });
      return;
    }
    firstImported ??= result.sessionIds[0];
    imported += result.sessionIds.length;
    copies += result.copies;
  }
  const sessions = await services().persistence.listSessions();
  useAppStore.getState().setSessions(sessions);
  services().broadcast?.({ type: 'sessions-changed' });
  const copyNote = copies > 0 ? ` (${copies} already existed and were imported as copies)` : '';
  useAppStore.getState().setUi({ appAlert: undefined, toast: `Imported ${imported} session${imported === 1 ? '' : 's'}${copyNote}.` });
  if (firstImported) await switchSession(firstImported);
}
