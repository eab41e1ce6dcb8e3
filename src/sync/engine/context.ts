import type { GlassboxDatabase } from '../../db/transaction.ts';
import type { Settings } from '../../config/settings.ts';
import type { SessionRecord } from '../../db/schema.ts';
import type { SyncConflict } from '../sync-types.ts';
import { open, seal } from './crypto.ts';
import type { PouchDatabase, PouchDoc } from './pouch.ts';

/** A field of a tombstone the user's delete wrote (a conflict's losing revision is removed without it). */
export const DELETED_BY_USER = 'userDelete';

/** The id of the local (never replicated) document holding the marker. */
export const MARKER_ID = '_local/glassbox-sync-marker';

/**
 * What this device last exported or applied, so an export writes only what changed and an import skips this device's
 * own writes. Kept in the local PouchDB as a `_local` document (not replicated); the engine is its one owner.
 */
export interface Marker {
  /** Session id → the session record's signature ({@link sessionSignature}) when it was last exported or applied. */
  sessions: Record<string, string>;
  /**
   * Document id → hash of the body this device holds for it, and the revision it wrote or applied; for a `run:`
   * document packing several runs, their ids (the exporter keeps each run in its document).
   */
  docs: Record<string, { hash: string; rev: string; runs?: string[] }>;
  /** The local changes feed position up to which incoming documents were applied. */
  appliedSeq: number | string;
  /** Deleted revisions already reported as "delete vs edit" (reported once). */
  noticed: string[];
  /** Sessions with incoming documents not applied yet because a run was going on in them here. */
  deferred: string[];
}

/**
 * What of a session record says it changed: its time, status, counts, title and overrides (a rename does not move
 * `updatedAt`). A 32-bit FNV-1a hash: the marker holds no titles.
 */
export function sessionSignature(record: SessionRecord): string {
  const text = JSON.stringify([
    record.updatedAt,
    record.status,
    record.messageCount,
    record.spanCount,
    record.title,
    record.titleEdited,
    record.overrides ?? null,
  ]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

export function emptyMarker(): Marker {
  return { sessions: {}, docs: {}, appliedSeq: 0, noticed: [], deferred: [] };
}

/** What the exporter and importer share for one started engine. */
export interface EngineContext {
  db: GlassboxDatabase;
  local: PouchDatabase;
  key: CryptoKey;
  marker: Marker;
  /** Strings that must never leave the device (API key, OTLP and MCP header values, sync password, passphrase). */
  secrets(): string[];
  loadSettings(): Promise<Settings>;
  saveSettings(settings: Settings): Promise<void>;
  /** A conflict kept (shown as a notice with the word "conflict"). */
  conflict(conflict: SyncConflict): void;
  /** A document that could not be decrypted or read: counted and skipped. */
  failed(id: string): void;
}

export async function loadMarker(local: PouchDatabase): Promise<Marker> {
  try {
    const doc = await local.get(MARKER_ID);
    return { ...emptyMarker(), ...(doc.marker as Partial<Marker>) };
  } catch {
    return emptyMarker();
  }
}

/**
 * A saver of the marker for one start. It keeps the revision it wrote, so a save does not read the whole marker back
 * first (the marker grows with the history: the read cost as much as the write); the revision is read once, and again
 * after a failed write.
 */
export function markerSaver(local: PouchDatabase): (marker: Marker) => Promise<void> {
  let rev: string | undefined;
  let known = false;
  return async (marker) => {
    if (!known) rev = (await local.get(MARKER_ID).catch(() => undefined))?._rev;
    known = false;
    const result = await local.put({ _id: MARKER_ID, ...(rev ? { _rev: rev } : {}), marker });
    rev = result.rev;
    known = rev !== undefined;
  };
}

/**
 * Ciphertext longer than this (base64 characters) goes as the document's attachment `c` instead of its field `c`:
 * CouchDB refuses a document body over `max_document_size` (8 MB by default) but does not count attachments, so a
 * large file or run syncs too.
 */
export const INLINE_CIPHERTEXT = 2_000_000;

/** An encrypted document for the local PouchDB: `{_id, v, iv, c}` (plus `_rev` when it replaces one). */
export async function encryptDoc(context: EngineContext, id: string, body: unknown, rev?: string): Promise<PouchDoc> {
  const { c, ...sealed } = await seal(context.key, id, body);
  const doc: PouchDoc = { _id: id, ...(rev ? { _rev: rev } : {}), ...sealed };
  if (c.length <= INLINE_CIPHERTEXT) return { ...doc, c };
  return { ...doc, _attachments: { c: { content_type: 'application/octet-stream', data: c } } };
}

/** A document's ciphertext: its field, or its attachment (read with the document's revision when only a stub). */
async function ciphertextOf(context: EngineContext, doc: PouchDoc): Promise<unknown> {
  if (doc.c !== undefined) return doc.c;
  const attachment = (doc._attachments as Record<string, { data?: unknown; stub?: boolean }> | undefined)?.c;
  if (!attachment) return undefined;
  if (typeof attachment.data === 'string') return attachment.data;
  const full = await context.local.get(doc._id, { ...(doc._rev ? { rev: doc._rev } : {}), attachments: true });
  return (full._attachments as Record<string, { data?: unknown }> | undefined)?.c?.data;
}

/** The plaintext body of a document; undefined (counted as failed) when it cannot be decrypted. */
export async function decryptDoc(context: EngineContext, doc: PouchDoc): Promise<unknown> {
  try {
    const c = await ciphertextOf(context, doc);
    if (typeof doc.iv !== 'string' || typeof c !== 'string') throw new Error('not an encrypted document');
    return await open(context.key, doc._id, { iv: doc.iv, c });
  } catch {
    context.failed(doc._id);
    return undefined;
  }
}
