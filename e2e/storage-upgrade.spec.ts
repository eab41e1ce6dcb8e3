import { expect, lastAnswer, test } from './fixtures.ts';
import { legacyStores } from '../src/db/test-fixtures.ts';
import { expectReady, sessionList } from './persistence-helpers.ts';

const SESSIONS = 40;
const MESSAGES = 600;

test('a database of an older version is upgraded with a notice, and every session and message is there after', async ({
  page,
}) => {
  // Writing 24,000 records and upgrading them takes 20–30 s on the 2-core machine while other tests run.
  test.setTimeout(120_000);
  // The first load finds what version 5 stored (one record per message, 24,000 of them): written by an "older build"
  // whose connection closes once done, so the app's open waits for it and then upgrades to the current version.
  await page.addInitScript(
    ({ sessions, messages, stores }) => {
      if (sessionStorage.getItem('wrote-v5')) return;
      sessionStorage.setItem('wrote-v5', '1');
      const request = indexedDB.open('glassbox', 5);
      request.onupgradeneeded = () => {
        const db = request.result;
        // The layout the unit tests use too (src/db/test-fixtures.ts), passed in as data: this script runs in the page.
        for (const { name, keyPath, index } of stores) {
          const store = db.createObjectStore(name, { keyPath });
          if (index) store.createIndex(index.name, index.keyPath);
        }
        const tx = request.transaction as IDBTransaction;
        for (let index = 0; index < sessions; index += 1) {
          const id = `sess_old_${index}`;
          tx.objectStore('sessions').put({
            id,
            title: `Old conversation ${index}`,
            titleEdited: true,
            createdAt: 1_700_000_000_000 + index,
            updatedAt: 1_700_000_000_000 + index,
            messageCount: messages,
            spanCount: 0,
            nextSeq: messages,
            status: 'done',
          });
          for (let seq = 0; seq < messages; seq += 1) {
            const role = seq % 2 === 0 ? 'user' : 'assistant';
            tx.objectStore('messages').put({
              id: `msg_old_${index}_${seq}`,
              sessionId: id,
              runId: `run_old_${index}_${seq >> 1}`,
              createdAt: 1_700_000_000_000 + seq,
              seq,
              message: { role, content: `${role === 'user' ? 'Question' : 'Answer'} ${index}.${seq} about kiwis` },
            });
          }
        }
      };
      request.onsuccess = () => request.result.close();
    },
    { sessions: SESSIONS, messages: MESSAGES, stores: legacyStores(5) },
  );
  await page.goto('/');
  // While the upgrade runs, the empty sidebar is explained.
  const notice = page
    .getByRole('status')
    .filter({ hasText: 'Updating your saved sessions for this version of Glassbox' });
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(notice).toBeHidden({ timeout: 120_000 });
  await expectReady(page);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(SESSIONS);
  await expect(sessionList(page).getByRole('listitem').filter({ hasText: 'Old conversation 7' })).toContainText(
    `${MESSAGES} messages`,
  );
  await sessionList(page).getByRole('button', { name: 'Old conversation 7', exact: true }).click();
  await expect(lastAnswer(page)).toHaveText(`Answer 7.${MESSAGES - 1} about kiwis`);

  // Nothing is upgraded twice: a reload shows no notice and the same sessions.
  await page.reload();
  await expectReady(page);
  await expect(notice).toHaveCount(0);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(SESSIONS);
});
