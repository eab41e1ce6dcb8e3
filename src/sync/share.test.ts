import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../e2e/couch-server/server.ts';
import { createCouchDatabase, type FetchLike } from './couch-http.ts';
import {
  decryptSnapshot,
  downloadShare,
  encryptSnapshot,
  newShare,
  parseShareFragment,
  ShareError,
  shareUrl,
  toBase64Url,
  uploadShare,
} from './share.ts';
import type { SyncSettings } from './sync-types.ts';

const servers: CouchServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const SNAPSHOT = JSON.stringify({
  format: 'glassbox-session',
  title: 'Quarterly numbers 秘密',
  body: 'x'.repeat(5000),
});

async function kind(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof ShareError ? error.kind : `not a ShareError: ${String(error)}`;
  }
}

describe('share encryption', () => {
  it('round-trips a snapshot and fails as tampered with another key, changed bytes or another document id', async () => {
    const { docId, key } = newShare();
    const sealed = await encryptSnapshot(SNAPSHOT, key, docId);
    expect(new TextDecoder().decode(sealed)).not.toContain('Quarterly');
    expect(await decryptSnapshot(sealed, key, docId)).toBe(SNAPSHOT);
    expect(await kind(decryptSnapshot(sealed, newShare().key, docId))).toBe('tampered');
    const changed = sealed.slice();
    changed[changed.length - 5] = (changed[changed.length - 5] ?? 0) ^ 1;
    expect(await kind(decryptSnapshot(changed, key, docId))).toBe('tampered');
    expect(await kind(decryptSnapshot(sealed, key, newShare().docId))).toBe('tampered');
  });

  it('reads its own links and refuses malformed ones', () => {
    const { docId, key } = newShare();
    const url = shareUrl('http://app.test/#old', docId, key);
    expect(url.startsWith('http://app.test/#share=')).toBe(true);
    const parsed = parseShareFragment(new URL(url).hash);
    expect(parsed?.docId).toBe(docId);
    expect(toBase64Url(parsed?.key ?? new Uint8Array())).toBe(toBase64Url(key));
    expect(parseShareFragment('#other')).toBeUndefined();
    const cut = new URL(url).hash.slice(0, -4);
    expect(() => parseShareFragment(cut)).toThrow(ShareError);
    expect(() => parseShareFragment(`#share=../_all_docs&k=${toBase64Url(key)}`)).toThrow(ShareError);
  });
});

describe('share upload and download against a CouchDB-protocol server', () => {
  async function setup(): Promise<{ server: CouchServer; settings: SyncSettings }> {
    const server = await startCouchServer({ auth: { user: 'ada', password: 'pw' } });
    servers.push(server);
    const settings: SyncSettings = {
      url: server.url,
      database: 'glassbox',
      user: 'ada',
      password: 'pw',
      passphrase: '',
      live: false,
    };
    await createCouchDatabase(settings);
    return { server, settings };
  }

  it('stores only ciphertext, never sends the key, and gives the same bytes back', async () => {
    const { server, settings } = await setup();
    const sent: string[] = [];
    const recording: FetchLike = async (input, init) => {
      sent.push(`${input} ${JSON.stringify([...new Headers(init?.headers).entries()])} ${String(init?.body ?? '')}`);
      return fetch(input, init);
    };
    const { docId, key } = newShare();
    const sealed = await encryptSnapshot(SNAPSHOT, key, docId);
    await uploadShare(settings, docId, sealed, recording);
    const back = await downloadShare(settings, docId, recording);
    expect(await decryptSnapshot(back, key, docId)).toBe(SNAPSHOT);
    const dump = await server.rawDump('glassbox');
    expect(dump).toContain(docId);
    expect(dump).not.toContain('Quarterly');
    const keyText = toBase64Url(key);
    expect(sent.length).toBe(2);
    for (const request of sent) expect(request).not.toContain(keyText);
  });

  it('names a share that is not on the server missing, and a missing database as a server refusal', async () => {
    const { settings } = await setup();
    expect(await kind(downloadShare(settings, newShare().docId))).toBe('missing');
    expect(await kind(downloadShare({ ...settings, database: 'nope' }, newShare().docId))).toBe('server');
    expect(await kind(uploadShare({ ...settings, password: 'wrong' }, newShare().docId, new Uint8Array(4)))).toBe(
      'server',
    );
  });
});
