/**
 * End-to-end encryption of sync documents: a key derived from the passphrase (PBKDF2-SHA256, 600,000 iterations,
 * a random salt kept on the server in the key-check document), AES-GCM-256 with a random 12-byte IV per document.
 * The server holds ids, revisions and ciphertext only.
 */

/** PBKDF2 iterations (OWASP 2023 figure for PBKDF2-HMAC-SHA256). */
export const PBKDF2_ITERATIONS = 600_000;

/** The id of the document holding the salt and a ciphertext of a known constant (wrong passphrase check). */
export const KEYCHECK_ID = 'glassbox:keycheck';

const KEYCHECK_PLAINTEXT = 'glassbox-sync-keycheck-v1';

/** An encrypted body as it is stored in a document: format version, IV and ciphertext, both base64. */
export interface Sealed {
  v: 1;
  iv: string;
  c: string;
}

/** The key-check document's body (not secret: the salt is public, the ciphertext proves the passphrase). */
export interface KeyCheck extends Sealed {
  salt: string;
  iterations: number;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The AES-GCM key of a passphrase and salt (slow on purpose: derived once per start). */
export async function deriveKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations = PBKDF2_ITERATIONS) {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(passphrase), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Encrypts a JSON value under a fresh random IV. `id` is bound as associated data: a body moved to another id fails. */
export async function seal(key: CryptoKey, id: string, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(id) },
    key,
    plain,
  );
  return { v: 1, iv: toBase64(iv), c: toBase64(new Uint8Array(cipher)) };
}

/** Decrypts a sealed body; throws on a wrong key, a tampered ciphertext or a body moved from another id. */
export async function open(key: CryptoKey, id: string, sealed: Pick<Sealed, 'iv' | 'c'>): Promise<unknown> {
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv), additionalData: new TextEncoder().encode(id) },
    key,
    fromBase64(sealed.c),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}

/** A new key check (first device): a random salt, and the known constant sealed under the derived key. */
export async function createKeyCheck(passphrase: string): Promise<{ key: CryptoKey; check: KeyCheck }> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await deriveKey(passphrase, salt);
  const sealed = await seal(key, KEYCHECK_ID, KEYCHECK_PLAINTEXT);
  return { key, check: { ...sealed, salt: toBase64(salt), iterations: PBKDF2_ITERATIONS } };
}

/** The key when the passphrase opens the key check; undefined when it is the wrong passphrase. */
export async function verifyKeyCheck(passphrase: string, check: KeyCheck): Promise<CryptoKey | undefined> {
  // Never fewer iterations than this build's: a server cannot weaken the key derivation.
  const key = await deriveKey(passphrase, fromBase64(check.salt), Math.max(check.iterations, PBKDF2_ITERATIONS));
  try {
    return (await open(key, KEYCHECK_ID, check)) === KEYCHECK_PLAINTEXT ? key : undefined;
  } catch {
    return undefined;
  }
}

/** A short stable hash of a JSON value (what was last exported, to skip unchanged documents). */
export async function hashJson(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(value)));
  return toBase64(new Uint8Array(digest).subarray(0, 12));
}
