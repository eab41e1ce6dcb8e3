import { beforeEach, describe, expect, it } from 'vitest';
import { sequentialIds } from '../../db/test-fixtures.ts';
import { useAppStore } from '../app-store.ts';
import { createMemoryPersistence } from '../memory-persistence.ts';
import type { Persistence } from '../persistence.ts';
import { setServices } from '../services.ts';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_DATA_ATTACHMENT_BYTES,
  attachFiles,
  attachmentMimeType,
  checkAttachable,
  decodeText,
  loadAttachments,
  removeAttachment,
  selectSessionAttachments,
  useAttachmentStore,
} from './attachment-actions.ts';

const initialApp = useAppStore.getState();
let persistence: Persistence;
let sessionId: string;

beforeEach(async () => {
  useAppStore.setState(initialApp, true);
  useAttachmentStore.setState({ bySession: {}, problems: [] });
  let time = 1_000;
  const now = () => (time += 1);
  persistence = createMemoryPersistence({ newId: sequentialIds(), now });
  setServices({
    persistence,
    fetch: () => Promise.reject(new Error('no network in tests')),
    now,
    newId: sequentialIds(),
  });
  sessionId = (await persistence.createSession()).id;
  useAppStore.setState({ activeSessionId: sessionId });
});

const shown = () => selectSessionAttachments(useAttachmentStore.getState(), sessionId);

describe('checkAttachable', () => {
  it('accepts text, Markdown, JSON and CSV by extension or text type, and refuses other types and big files', () => {
    expect(checkAttachable({ name: 'notes.md', type: '', size: 10 })).toBeUndefined();
    expect(checkAttachable({ name: 'data.CSV', type: 'text/csv', size: 10 })).toBeUndefined();
    expect(checkAttachable({ name: 'README', type: 'text/plain', size: 10 })).toBeUndefined();
    expect(checkAttachable({ name: 'photo.png', type: 'image/png', size: 10 })).toEqual({
      kind: 'unsupported',
      name: 'photo.png',
    });
    expect(checkAttachable({ name: 'big.md', type: 'text/markdown', size: MAX_ATTACHMENT_BYTES + 1 })).toEqual({
      kind: 'too-large',
      name: 'big.md',
      size: MAX_ATTACHMENT_BYTES + 1,
      limit: MAX_ATTACHMENT_BYTES,
    });
    // A data file is read as a table by query_data, so it may be far larger.
    expect(checkAttachable({ name: 'sales.csv', type: 'text/csv', size: 50 * 1024 * 1024 })).toBeUndefined();
    expect(
      checkAttachable({ name: 'big.json', type: 'application/json', size: MAX_DATA_ATTACHMENT_BYTES + 1 }),
    ).toEqual({
      kind: 'too-large',
      name: 'big.json',
      size: MAX_DATA_ATTACHMENT_BYTES + 1,
      limit: MAX_DATA_ATTACHMENT_BYTES,
    });
  });

  it('stores a text type taken from the extension when the browser gives none', () => {
    expect(attachmentMimeType({ name: 'notes.md', type: '' })).toBe('text/markdown');
    expect(attachmentMimeType({ name: 'data.json', type: 'application/octet-stream' })).toBe('application/json');
    expect(attachmentMimeType({ name: 'log.txt', type: 'text/plain' })).toBe('text/plain');
  });
});

describe('decodeText', () => {
  it('decodes UTF-8 (dropping a byte-order mark) and refuses binary content', () => {
    expect(decodeText(new TextEncoder().encode('\uFEFF明天带伞'))).toBe('明天带伞');
    expect(decodeText(new Uint8Array([0x61, 0x00, 0x62]))).toBeUndefined();
    expect(decodeText(new Uint8Array([0xff, 0xfe, 0x41]))).toBeUndefined();
  });
});

describe('attachFiles', () => {
  it('stores the files in the active session, shows them, and reports the ones it refused', async () => {
    await attachFiles([
      new File(['# Plan'], 'notes.md', { type: 'text/markdown' }),
      new File(['PNG'], 'photo.png', { type: 'image/png' }),
      new File([new Uint8Array([1, 0, 2])], 'binary.txt', { type: 'text/plain' }),
    ]);
    expect(shown().map((file) => [file.name, file.text, file.mimeType])).toEqual([
      ['notes.md', '# Plan', 'text/markdown'],
    ]);
    expect(await persistence.attachments.list(sessionId)).toEqual(shown());
    expect(useAttachmentStore.getState().problems).toEqual([
      { kind: 'unsupported', name: 'photo.png' },
      { kind: 'not-text', name: 'binary.txt' },
    ]);
  });

  it('replaces a file attached again under the same name', async () => {
    await attachFiles([new File(['old'], 'todo.txt')]);
    await attachFiles([new File(['new'], 'todo.txt')]);
    const stored = await persistence.attachments.list(sessionId);
    expect(stored.map((file) => file.text)).toEqual(['new']);
    expect(shown().map((file) => file.text)).toEqual(['new']);
    expect(useAttachmentStore.getState().problems).toEqual([]);
  });

  it('keeps sessions apart: loading another session shows only its files', async () => {
    await attachFiles([new File(['a'], 'a.txt')]);
    const other = (await persistence.createSession()).id;
    await loadAttachments(other);
    expect(selectSessionAttachments(useAttachmentStore.getState(), other)).toEqual([]);
    expect(shown().map((file) => file.name)).toEqual(['a.txt']);
  });

  it('removes a file from storage and from the chips', async () => {
    await attachFiles([new File(['a'], 'a.txt'), new File(['b'], 'b.txt')]);
    const first = shown()[0];
    await removeAttachment(sessionId, first?.id ?? '');
    expect(shown().map((file) => file.name)).toEqual(['b.txt']);
    expect((await persistence.attachments.list(sessionId)).map((file) => file.name)).toEqual(['b.txt']);
  });
});
