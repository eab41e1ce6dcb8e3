/**
 * The few plain HTTP calls the doctor and Share session make to a CouchDB server (no PouchDB: a share is one
 * document, a diagnosis a handful of GETs). Credentials go in an `Authorization` header, never in the URL.
 */
import type { SyncSettings } from './sync-types.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** The server URL without trailing slashes. */
export function serverBase(settings: Pick<SyncSettings, 'url'>): string {
  return settings.url.trim().replace(/\/+$/, '');
}

/** `<server>/<database>` with the database name encoded. */
export function databaseUrl(settings: Pick<SyncSettings, 'url' | 'database'>): string {
  return `${serverBase(settings)}/${encodeURIComponent(settings.database.trim())}`;
}

/** Base64 of the UTF-8 bytes of a string (btoa alone only takes Latin-1). */
function utf8Base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The headers of every request: JSON, and HTTP Basic auth when a user is set. */
export function couchHeaders(settings: Pick<SyncSettings, 'user' | 'password'>, json = false): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (json) headers.set('Content-Type', 'application/json');
  if (settings.user.trim() !== '') {
    headers.set('Authorization', `Basic ${utf8Base64(`${settings.user.trim()}:${settings.password}`)}`);
  }
  return headers;
}

/** A response's body as JSON, or undefined with the text that came back when it is not JSON. */
export async function readJson(response: Response): Promise<{ json?: unknown; text: string }> {
  const text = await response.text();
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    return { text };
  }
}

/** Creates the database (`PUT /<database>`); an existing one is fine. Throws with the server's answer otherwise. */
export async function createCouchDatabase(settings: SyncSettings, fetchImpl: FetchLike = fetch): Promise<void> {
  const response = await fetchImpl(databaseUrl(settings), {
    method: 'PUT',
    headers: couchHeaders(settings),
    credentials: 'omit',
  });
  if (response.ok || response.status === 412) return;
  const { text } = await readJson(response);
  throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
}
