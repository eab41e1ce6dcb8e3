import { normaliseSessionOverrides } from '../../config/session-overrides.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/**
 * Sets the session's own model and system prompt (empty fields: the global setting again; both empty clears the
 * override). The next run of the session uses them. Resolves to false when storage refused the write.
 */
export async function setSessionOverrides(
  sessionId: string,
  input: { model: string; systemPrompt: string },
): Promise<boolean> {
  const { persistence, broadcast } = services();
  try {
    const session = await persistence.updateSession(sessionId, { overrides: normaliseSessionOverrides(input) });
    if (session) useAppStore.getState().upsertSession(session);
    broadcast?.({ type: 'sessions-changed' });
    return true;
  } catch (error) {
    reportStorageError(error);
    return false;
  }
}
