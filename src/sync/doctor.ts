/**
 * The sync doctor: asks the CouchDB server a few questions and names what stands in the way — nothing answers
 * (unreachable), the browser may not read the answers (CORS, with the exact CouchDB setting to change), the user or
 * password is refused (401/403), the database is missing, the server is out of space (quota), or what answers is not
 * CouchDB (nonsense, with what came back). Writes nothing but a `_local` document (never replicated) it removes again.
 */
import type { SyncProblem, SyncSettings } from './sync-types.ts';
import { couchHeaders, databaseUrl, readJson, serverBase, type FetchLike } from './couch-http.ts';

/** How long one question may take before the server counts as not answering. */
const PROBE_TIMEOUT_MS = 15_000;

/** The CouchDB configuration that lets a page at `origin` talk to the server (local.ini or Fauxton → Configuration → CORS). */
export function corsSetting(origin: string): string {
  return (
    `[chttpd] enable_cors = true; [cors] origins = ${origin}; credentials = true; ` +
    'methods = GET, PUT, POST, HEAD, DELETE; headers = accept, authorization, content-type, origin, referer; ' +
    // The browser then keeps a preflight's answer for an hour instead of asking again before every request.
    'max_age = 3600'
  );
}

type Probe = { ok: true; response: Response } | { ok: false };

async function ask(url: string, settings: SyncSettings, fetchImpl: FetchLike, init: RequestInit = {}): Promise<Probe> {
  try {
    const response = await fetchImpl(url, {
      headers: couchHeaders(settings, init.body !== undefined),
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      ...init,
    });
    return { ok: true, response };
  } catch {
    return { ok: false };
  }
}

/**
 * A request the page could not read: when an opaque (`no-cors`) request gets through, the server is up and only
 * CORS is missing; when that fails too, nothing answers.
 */
async function corsOrUnreachable(base: string, fetchImpl: FetchLike, origin: string): Promise<SyncProblem> {
  try {
    await fetchImpl(`${base}/`, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return { kind: 'cors', detail: corsSetting(origin) };
  } catch {
    return { kind: 'unreachable', detail: base };
  }
}

/** What came back, short enough for an alert: status, content type and the first characters. */
function sample(response: Response, text: string): string {
  const type = response.headers.get('content-type')?.split(';')[0] ?? '';
  const body = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  return [`HTTP ${response.status}`, type, body].filter(Boolean).join(' ');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The problem an answer shows, whatever was asked: refused credentials, no space, or a server error. */
function problemOfStatus(response: Response, json: unknown, text: string): SyncProblem | undefined {
  if (response.status === 401 || response.status === 403) return { kind: 'auth', detail: `HTTP ${response.status}` };
  const reason = isObject(json) ? `${String(json.error ?? '')} ${String(json.reason ?? '')}` : '';
  if (response.status === 413 || response.status === 507 || /quota|exceeded|disk full|no space/i.test(reason)) {
    return { kind: 'quota', detail: sample(response, text) };
  }
  if (!response.ok) return { kind: 'nonsense', detail: sample(response, text) };
  return undefined;
}

/** `GET /`: CouchDB (and Cloudant, PouchDB Server) greet with a JSON object naming themselves. */
async function checkRoot(response: Response): Promise<SyncProblem | undefined> {
  const { json, text } = await readJson(response);
  const problem = problemOfStatus(response, json, text);
  if (problem) return problem;
  const greets = isObject(json) && ['couchdb', 'express-pouchdb', 'pouchdb-server'].some((key) => key in json);
  return greets ? undefined : { kind: 'nonsense', detail: sample(response, text) };
}

/** `GET /<database>`: the database's info, or 404 when it does not exist. */
async function checkDatabase(response: Response, database: string): Promise<SyncProblem | undefined> {
  if (response.status === 404) return { kind: 'database-missing', detail: database };
  const { json, text } = await readJson(response);
  const problem = problemOfStatus(response, json, text);
  if (problem) return problem;
  return isObject(json) && typeof json.db_name === 'string'
    ? undefined
    : { kind: 'nonsense', detail: sample(response, text) };
}

/** A write the server refuses (a read-only user) or has no room for (quota), with a `_local` document removed after. */
async function checkWrite(settings: SyncSettings, fetchImpl: FetchLike): Promise<SyncProblem | undefined> {
  const url = `${databaseUrl(settings)}/_local/glassbox-doctor`;
  const put = await ask(url, settings, fetchImpl, { method: 'PUT', body: JSON.stringify({ checked: true }) });
  if (!put.ok || put.response.status === 409) return undefined;
  const { json, text } = await readJson(put.response);
  const problem = problemOfStatus(put.response, json, text);
  if (problem) return problem;
  const rev = isObject(json) && typeof json.rev === 'string' ? json.rev : undefined;
  if (rev) await ask(`${url}?rev=${encodeURIComponent(rev)}`, settings, fetchImpl, { method: 'DELETE' });
  return undefined;
}

/**
 * Names what keeps the browser from syncing with the server in `settings`, or undefined when the server answers as
 * CouchDB, accepts the user and holds the database. `origin` is this page's (for the CORS setting to change).
 */
export async function diagnoseSyncServer(
  settings: SyncSettings,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
  origin: string = globalThis.location?.origin ?? '*',
): Promise<SyncProblem | undefined> {
  const base = serverBase(settings);
  if (!/^https?:\/\/[^/]/i.test(base)) return { kind: 'unreachable', detail: base };
  const root = await ask(`${base}/`, settings, fetchImpl);
  if (!root.ok) return corsOrUnreachable(base, fetchImpl, origin);
  const rootProblem = await checkRoot(root.response);
  if (rootProblem) return rootProblem;
  if (settings.database.trim() === '') return { kind: 'database-missing', detail: '' };
  const database = await ask(databaseUrl(settings), settings, fetchImpl);
  if (!database.ok) return corsOrUnreachable(base, fetchImpl, origin);
  return (await checkDatabase(database.response, settings.database.trim())) ?? checkWrite(settings, fetchImpl);
}
