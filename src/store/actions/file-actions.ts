import { parseImportFile } from '../../db/session-file.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { switchSession } from './session-actions.ts';
import { reportStorageError } from './storage-errors.ts';

/** Downloads the active session as versioned JSON. */
export async function exportActiveSession(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return;
  try {
    const file = await services().persistence.exportSessions({ sessionIds: [sessionId], all: false });
    services().download?.(file.fileName, file.text);
  } catch (error) {
    reportStorageError(error);
  }
}

/** Downloads every session and the notes as versioned JSON. */
export async function exportAllSessions(): Promise<void> {
  try {
    const file = await services().persistence.exportSessions({ all: true });
    services().download?.(file.fileName, file.text);
  } catch (error) {
    reportStorageError(error);
  }
}

/** Largest import file accepted. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

async function readFile(file: File): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  if (file.size > MAX_IMPORT_BYTES) {
    return { ok: false, error: `${file.name}: the file is ${(file.size / 1048576).toFixed(1)} MB; imports are limited to 50 MB.` };
  }
  try {
    return { ok: true, text: await file.text() };
  } catch (error) {
    return { ok: false, error: `${file.name}: the file could not be read (${error instanceof Error ? error.message : String(error)}).` };
  }
}

/**
 * Imports files (our exports or ChatGPT's conversations.json). Every file is validated before anything is
 * written: on any error nothing is imported and the alert names the file, the session and the field.
 * The first imported session is opened.
 */
export async function importFiles(files: File[]): Promise<void> {
  const { persistence, broadcast } = services();
  const texts: Array<{ name: string; text: string }> = [];
  for (const file of files) {
    const read = await readFile(file);
    const checked = read.ok ? parseImportFile(read.text, file.name) : read;
    if (!checked.ok) {
      useAppStore.getState().setUi({ toast: undefined, appAlert: `Import failed, nothing was imported. ${checked.error}` });
      return;
    }
    if (read.ok) texts.push({ name: file.name, text: read.text });
  }
  const imported: string[] = [];
  let copies = 0;
  let failure: string | undefined;
  for (const { name, text } of texts) {
    const result = await persistence.importFile(text, name);
    if (!result.ok) {
      failure = result.error;
      break;
    }
    imported.push(...result.sessionIds);
    copies += result.copies;
  }
  if (imported.length > 0) {
    try {
      useAppStore.getState().setSessions(await persistence.listSessions());
    } catch (error) {
      reportStorageError(error);
    }
    broadcast?.({ type: 'sessions-changed' });
  }
  const count = `${imported.length} session${imported.length === 1 ? '' : 's'}`;
  const copyNote = copies > 0 ? ` (${copies} already existed and ${copies === 1 ? 'was' : 'were'} imported as ${copies === 1 ? 'a copy' : 'copies'})` : '';
  const toast = imported.length > 0 ? `Imported ${count}${copyNote}.` : undefined;
  const first = imported[0];
  if (first) await switchSession(first);
  useAppStore.getState().setUi({
    toast,
    appAlert: failure
      ? `Import failed: nothing was imported from that file. ${failure}${imported.length > 0 ? ` The files before it were imported (${count}).` : ''}`
      : undefined,
  });
}
