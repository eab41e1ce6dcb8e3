import { create } from 'zustand';
import type { Attachment } from '../../tools/tool-context.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { storageAdvice } from './storage-errors.ts';

/** Largest file that can be attached (the model reads it through `read_file`). */
export const MAX_ATTACHMENT_BYTES = 1024 * 1024;
/** Largest CSV, TSV or JSON file: `query_data` reads it as a table in the SQL worker, so it may be much bigger. */
export const MAX_DATA_ATTACHMENT_BYTES = 64 * 1024 * 1024;
const DATA_EXTENSIONS = new Set(['csv', 'tsv', 'json', 'jsonl']);

/** The size limit of a file: data files (CSV, TSV, JSON) may be larger than other text. */
export function attachmentLimit(name: string): number {
  return DATA_EXTENSIONS.has(extensionOf(name)) ? MAX_DATA_ATTACHMENT_BYTES : MAX_ATTACHMENT_BYTES;
}
/** Most files one session can hold. */
export const MAX_ATTACHMENTS_PER_SESSION = 20;

/** Extensions of the text formats that can be attached: plain text, Markdown, JSON, CSV (and close relatives). */
export const ATTACHABLE_EXTENSIONS = ['txt', 'text', 'md', 'markdown', 'json', 'jsonl', 'csv', 'tsv', 'log'] as const;

const MIME_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: 'application/json',
  jsonl: 'application/jsonl',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

/** The `accept` list of the file picker. */
export const ATTACH_ACCEPT = [
  ...ATTACHABLE_EXTENSIONS.map((extension) => `.${extension}`),
  'text/plain',
  'text/markdown',
  'text/csv',
  'application/json',
].join(',');

/** Why a file was not attached; the view words it in the UI language. */
export type AttachmentProblem =
  | { kind: 'unsupported'; name: string }
  | { kind: 'too-large'; name: string; size: number; limit: number }
  | { kind: 'not-text'; name: string }
  | { kind: 'too-many'; name: string }
  | { kind: 'storage'; name: string; message: string };

/** Attached files per session, as shown above the message box, plus the problems of the last attempt. */
export interface AttachmentState {
  bySession: Record<string, Attachment[]>;
  problems: AttachmentProblem[];
}

/** The attachment chips' state (kept beside the app store: only the message box reads it). */
export const useAttachmentStore = create<AttachmentState>(() => ({ bySession: {}, problems: [] }));

/** A session's attached files in the order they were attached. */
export function selectSessionAttachments(state: AttachmentState, sessionId: string | null | undefined): Attachment[] {
  return (sessionId ? state.bySession[sessionId] : undefined) ?? NO_ATTACHMENTS;
}
const NO_ATTACHMENTS: Attachment[] = [];

function extensionOf(name: string): string {
  return /\.([^.]+)$/u.exec(name)?.[1]?.toLowerCase() ?? '';
}

/** The type stored with a file: the browser's when it names a text type, else one from the extension. */
export function attachmentMimeType(file: { name: string; type: string }): string {
  if (file.type.startsWith('text/') || file.type === 'application/json') return file.type;
  return MIME_BY_EXTENSION[extensionOf(file.name)] ?? 'text/plain';
}

/** Checks a file's name, type and size before reading it; returns the problem, if any. */
export function checkAttachable(file: { name: string; type: string; size: number }): AttachmentProblem | undefined {
  const known = (ATTACHABLE_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const textType = file.type.startsWith('text/') || file.type === 'application/json';
  if (!known && !textType) return { kind: 'unsupported', name: file.name };
  const limit = attachmentLimit(file.name);
  if (file.size > limit) return { kind: 'too-large', name: file.name, size: file.size, limit };
  return undefined;
}

/** Decodes UTF-8 text; undefined for binary content (invalid UTF-8 or NUL bytes). */
export function decodeText(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? undefined : text.replace(/^\uFEFF/u, '');
  } catch {
    return undefined;
  }
}

function setSessionAttachments(sessionId: string, attachments: Attachment[]): void {
  useAttachmentStore.setState((state) => ({ bySession: { ...state.bySession, [sessionId]: attachments } }));
}

/** Loads a session's attached files from storage. */
export async function loadAttachments(sessionId: string): Promise<void> {
  try {
    setSessionAttachments(sessionId, await services().persistence.attachments.list(sessionId));
  } catch (error) {
    useAttachmentStore.setState({ problems: [{ kind: 'storage', name: '', message: storageAdvice(error) }] });
  }
}

/**
 * Attaches files to the active session: checks type and size, reads them as UTF-8 text and stores them.
 * A file with the name of one already attached replaces it. Files that cannot be attached are reported as problems.
 */
export async function attachFiles(files: readonly File[]): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId || files.length === 0) return;
  const { persistence, newId, now, broadcast } = services();
  const problems: AttachmentProblem[] = [];
  let current = await persistence.attachments
    .list(sessionId)
    .catch(() => selectSessionAttachments(useAttachmentStore.getState(), sessionId));
  for (const file of files) {
    const problem = checkAttachable(file);
    if (problem) {
      problems.push(problem);
      continue;
    }
    const replaced = current.filter((attachment) => attachment.name === file.name);
    if (current.length - replaced.length >= MAX_ATTACHMENTS_PER_SESSION) {
      problems.push({ kind: 'too-many', name: file.name });
      continue;
    }
    const text = decodeText(new Uint8Array(await file.arrayBuffer()));
    if (text === undefined) {
      problems.push({ kind: 'not-text', name: file.name });
      continue;
    }
    const attachment: Attachment = {
      id: newId('file'),
      sessionId,
      name: file.name,
      mimeType: attachmentMimeType(file),
      size: file.size,
      text,
      createdAt: now(),
    };
    try {
      await persistence.attachments.add(attachment);
      for (const old of replaced) await persistence.attachments.remove(old.id);
    } catch (error) {
      problems.push({ kind: 'storage', name: file.name, message: storageAdvice(error) });
      continue;
    }
    current = [...current.filter((existing) => existing.name !== file.name), attachment];
  }
  setSessionAttachments(sessionId, current);
  useAttachmentStore.setState({ problems });
  if (problems.length < files.length) broadcast?.({ type: 'files-changed', sessionId });
}

/** Removes an attached file from a session. */
export async function removeAttachment(sessionId: string, attachmentId: string): Promise<void> {
  try {
    await services().persistence.attachments.remove(attachmentId);
  } catch (error) {
    useAttachmentStore.setState({ problems: [{ kind: 'storage', name: '', message: storageAdvice(error) }] });
    return;
  }
  const remaining = selectSessionAttachments(useAttachmentStore.getState(), sessionId).filter(
    (attachment) => attachment.id !== attachmentId,
  );
  setSessionAttachments(sessionId, remaining);
  services().broadcast?.({ type: 'files-changed', sessionId });
}

/** Hides the problems of the last attempt. */
export function dismissAttachmentProblems(): void {
  useAttachmentStore.setState({ problems: [] });
}
