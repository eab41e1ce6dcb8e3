import { describe, expect, it } from 'vitest';
import { writeSetting } from '../db/settings.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { SYNC_SETTING, savedSyncIsOn } from './sync-settings-record.ts';

describe('savedSyncIsOn', () => {
  it('is true only when the saved settings name a server and a database', async () => {
    const db = await openTestDb();
    expect(await savedSyncIsOn(db)).toBe(false);
    await writeSetting(db, SYNC_SETTING, { url: 'http://127.0.0.1:5984', database: 'glassbox' });
    expect(await savedSyncIsOn(db)).toBe(true);
    await writeSetting(db, SYNC_SETTING, { url: '  ', database: 'glassbox' });
    expect(await savedSyncIsOn(db)).toBe(false);
    await writeSetting(db, SYNC_SETTING, 'damaged');
    expect(await savedSyncIsOn(db)).toBe(false);
  });
});
