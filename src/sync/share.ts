/**
 * Share session: a read-only snapshot of one session (the session export's JSON), gzipped and encrypted with a fresh
 * random AES-GCM key, uploaded to the sync server as one document `share:<random>` with the ciphertext as its
 * attachment. The link is `<app>#share=<docId>&k=<key>`: the key lives only in the fragment, which browsers never
 * send, so the server holds ciphertext it cannot read. The document id is the AES-GCM additional data, so a
 * ciphertext moved to another id does not decrypt either.
 */
import type { SyncSettings } from './sync-types.ts';
import { couchHeaders, databaseUrl, readJson, type FetchLike } from './couch-http.ts';

/** Why a share could not be made or opened. `status`: the HTTP status of a refused request. */
export class ShareError extends Error {
  constructor(
    readonly kind: 'bad-link' | 'missing' | 'tampered' | 'not-a-session' | 'server',
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

/** The prefix of share documents' ids (the sync engine leaves these documents alone). */
export const SHARE_ID_PREFIX = 'share:';
const ATTACHMENT = 'snapshot';
const IV_BYTES = 12;
const KEY_BYTES = 32;
const DOC_ID = /^share:[A-Za-z0-9_-]{16,64}$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let index = 0; index < bytes.length; index += step) {
    binary += String.fromCharCode(...bytes.subarray(index, index + step));
  }
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new ShareError('bad-link', 'not base64url');
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const toBase64 = (bytes: Uint8Array): string =>
  toBase64Url(bytes)
    .replaceAll('-', '+')
    .replaceAll('_', '/')
    .padEnd(Math.ceil((bytes.length * 4) / 3 / 4) * 4, '=');

async function transform(bytes: BufferSource, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const output = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(output).arrayBuffer());
}

function importKey(key: Uint8Array, usage: KeyUsage): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', key as BufferSource, 'AES-GCM', false, [usage]);
}

/** `iv ‖ AES-GCM(gzip(text))` under `key`, bound to `docId`. */
export async function encryptSnapshot(text: string, key: Uint8Array, docId: string): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const packed = await transform(new TextEncoder().encode(text), new CompressionStream('gzip'));
  const additionalData = new TextEncoder().encode(docId);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData },
    await importKey(key, 'encrypt'),
    packed as BufferSource,
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return out;
}

/** The snapshot's text; a wrong key or changed bytes fail as `tampered`. */
export async function decryptSnapshot(bytes: Uint8Array, key: Uint8Array, docId: string): Promise<string> {
  let packed: ArrayBuffer;
  try {
    packed = await crypto.subtle.decrypt(
      {
        name: 'AES-GCM',
        iv: bytes.subarray(0, IV_BYTES) as BufferSource,
        additionalData: new TextEncoder().encode(docId),
      },
      await importKey(key, 'decrypt'),
      bytes.subarray(IV_BYTES) as BufferSource,
    );
  } catch {
    throw new ShareError('tampered', 'the snapshot does not decrypt with the key of the link');
  }
  return new TextDecoder().decode(await transform(packed, new DecompressionStream('gzip')));
}

/** A new share: its document id and random key. */
export function newShare(): { docId: string; key: Uint8Array } {
  const id = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
  return { docId: `${SHARE_ID_PREFIX}${id}`, key: crypto.getRandomValues(new Uint8Array(KEY_BYTES)) };
}

/** The app's address with the share in the fragment (any earlier fragment replaced). */
export function shareUrl(appUrl: string, docId: string, key: Uint8Array): string {
  const base = appUrl.split('#')[0] ?? appUrl;
  return `${base}#share=${encodeURIComponent(docId)}&k=${toBase64Url(key)}`;
}

/** What a `#share=…&k=…` fragment holds; undefined for any other fragment; a malformed one throws `bad-link`. */
export function parseShareFragment(hash: string): { docId: string; key: Uint8Array } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const docId = params.get('share');
  if (docId === null) return undefined;
  const keyText = params.get('k') ?? '';
  let key: Uint8Array;
  try {
    key = fromBase64Url(keyText);
  } catch {
    throw new ShareError('bad-link', 'the key of the link is not base64url');
  }
  if (!DOC_ID.test(docId) || key.length !== KEY_BYTES) throw new ShareError('bad-link', 'malformed share link');
  return { docId, key };
}

function refused(status: number, text: string): ShareError {
  return new ShareError('server', `HTTP ${status}: ${text.slice(0, 200)}`, status);
}

/** Uploads the encrypted snapshot as one document with one attachment. Throws ShareError('server') when refused. */
export async function uploadShare(
  settings: SyncSettings,
  docId: string,
  ciphertext: Uint8Array,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<void> {
  const body = {
    type: 'glassbox-share',
    v: 1,
    _attachments: { [ATTACHMENT]: { content_type: 'application/octet-stream', data: toBase64(ciphertext) } },
  };
  const response = await fetchImpl(`${databaseUrl(settings)}/${encodeURIComponent(docId)}`, {
    method: 'PUT',
    headers: couchHeaders(settings, true),
    credentials: 'omit',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw refused(response.status, (await readJson(response)).text);
}

/** The encrypted snapshot of a share; `missing` when the server has no such document. */
export async function downloadShare(
  settings: SyncSettings,
  docId: string,
  fetchImpl: FetchLike = (input, init) => fetch(input, init),
): Promise<Uint8Array> {
  const url = `${databaseUrl(settings)}/${encodeURIComponent(docId)}/${ATTACHMENT}`;
  const headers = couchHeaders(settings);
  headers.set('Accept', 'application/octet-stream');
  const response = await fetchImpl(url, { headers, credentials: 'omit', cache: 'no-store' });
  if (response.status === 404) {
    const { json } = await readJson(response);
    const reason = (json as { reason?: unknown } | undefined)?.reason;
    // A missing database answers 404 too (`no_db_file` / `Database does not exist.`): that is the doctor's to name.
    if (typeof reason === 'string' && /db|database/i.test(reason)) throw refused(404, reason);
    throw new ShareError('missing', `no shared session ${docId} on the server`, 404);
  }
  if (!response.ok) throw refused(response.status, (await readJson(response)).text);
  return new Uint8Array(await response.arrayBuffer());
}
