import { startCouchServer, type CouchServer } from './couch-server/server.ts';
import { expect, lastAnswer, openApp, sendAndWait, test, userMessages } from './fixtures.ts';
import { createDatabase, openShareDialog, recordRequests, saveSyncSettings } from './sync-share-helpers.ts';

const AUTH = { user: 'ada', password: 'lovelace' };
const QUESTION = 'What is (128+374)*2?';

let server: CouchServer;
test.beforeEach(async () => {
  server = await startCouchServer({ port: 0, auth: AUTH });
  await createDatabase(server.url, 'glassbox', AUTH);
});
test.afterEach(async () => {
  await server.close();
});

test('a shared session opens read-only in another browser with the same server, and imports as a copy', async ({
  page,
  browser,
}) => {
  // Two browsers, each loading the app and saving its sync settings, as the two-device tests of sync.spec.ts do
  // (those get 150 s): 30 s ran out at load average 15–21.
  test.slow();
  await openApp(page);
  await saveSyncSettings(page, { url: server.url, database: 'glassbox', ...AUTH });
  const sent = recordRequests(page, server.url);
  await sendAndWait(page, QUESTION);
  await expect(lastAnswer(page)).toContainText('1004');

  const dialog = await openShareDialog(page);
  const linkBox = dialog.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(/#share=share%3A[\w-]+&k=[\w-]{43}$/);
  await expect(linkBox).toHaveAttribute('readonly', '');
  const link = await linkBox.inputValue();
  const key = new URL(link).hash.split('&k=')[1] ?? '';
  expect(key).toHaveLength(43);
  // The server holds ciphertext only, and no request carried the key.
  const dump = await server.rawDump('glassbox');
  expect(dump).toContain('share:');
  expect(dump).not.toContain('128+374');
  expect(dump).not.toContain('1004');
  expect(sent.some((request) => request.startsWith('PUT '))).toBe(true);
  for (const request of sent) expect(request).not.toContain(key);

  // Another device: the same server, database and user saved, not the passphrase.
  const other = await browser.newContext();
  const reader = await other.newPage();
  await openApp(reader);
  await saveSyncSettings(reader, { url: server.url, database: 'glassbox', ...AUTH });
  const readerSent = recordRequests(reader, server.url);
  await reader.goto(link);
  const chat = reader.getByRole('main', { name: 'Chat' });
  await expect(userMessages(reader)).toHaveText([QUESTION]);
  await expect(chat.getByRole('article', { name: 'assistant message' }).last()).toContainText('1004');
  await expect(reader.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  for (const request of readerSent) expect(request).not.toContain(key);

  await reader.getByRole('button', { name: 'Import a copy' }).click();
  await expect(reader.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  // The copy is a session of this browser now (beside the empty one it opened with), and it is the one shown.
  const sessions = reader.getByRole('list', { name: 'Session list' }).getByRole('listitem');
  await expect(sessions.filter({ hasText: '128+374' })).toHaveCount(1);
  await expect(userMessages(reader)).toHaveText([QUESTION]);
  expect(new URL(reader.url()).hash).toBe('');
  await other.close();
});

test('a wrong key, a missing document and a cut link each say so, and the rest of the app keeps working', async ({
  page,
}) => {
  await openApp(page);
  await saveSyncSettings(page, { url: server.url, database: 'glassbox', ...AUTH });
  await sendAndWait(page, QUESTION);
  const dialog = await openShareDialog(page);
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  const [base, fragment = ''] = link.split('#');
  const params = new URLSearchParams(fragment);
  const otherKey = `${(params.get('k') ?? '').slice(0, -2)}${params.get('k')?.endsWith('AA') ? 'BA' : 'AA'}`;
  const cases = [
    { hash: `share=${encodeURIComponent(params.get('share') ?? '')}&k=${otherKey}`, says: 'could not be decrypted' },
    { hash: `share=share%3AAAAAAAAAAAAAAAAAAAAAAA&k=${params.get('k')}`, says: 'not on the sync server' },
    { hash: fragment.slice(0, -6), says: 'not valid' },
  ];
  for (const { hash, says } of cases) {
    await page.goto(`${base}#${hash}`);
    await expect(page.getByRole('alert').filter({ hasText: says })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    // Nothing else affected: the session is still listed, and closing the view brings the chat back.
    await expect(page.getByRole('list', { name: 'Session list' }).getByRole('listitem')).toHaveCount(1);
  }
  await page.getByRole('button', { name: /Close shared session/ }).click();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await expect(userMessages(page)).toHaveText([QUESTION]);
});

test('without a sync server the snapshot is offered as an encrypted file, which the link then opens', async ({
  page,
}) => {
  await openApp(page);
  await sendAndWait(page, QUESTION);
  const dialog = await openShareDialog(page);
  const link = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button').filter({ hasText: 'Save encrypted file' }).click(),
  ]);
  const path = await download.path();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.goto(link);
  await expect(page.getByRole('alert')).toContainText('Settings');
  await page.getByLabel('Open shared file').setInputFiles(path);
  await expect(userMessages(page)).toHaveText([QUESTION]);
  await expect(page.getByRole('button', { name: 'Import a copy' })).toBeVisible();
});
