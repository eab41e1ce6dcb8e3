import { describe, expect, it } from 'vitest';
import { createTestIndexedDb, openTestDb } from '../../testing/fake-db.ts';
import { readStoredText } from './stored-text.ts';

describe('readStoredText', () => {
  it('reads an attachment’s text from the app’s database and closes its connection', async () => {
    const factory = createTestIndexedDb();
    const db = await openTestDb({ indexedDB: factory });
    await db.put('attachments', {
      id: 'file_1',
      sessionId: 'sess_a',
      name: 'sales.csv',
      mimeType: 'text/csv',
      size: 8,
      text: 'region\nN\n',
      createdAt: 1,
    });
    expect(await readStoredText(factory, { database: db.name, id: 'file_1' })).toBe('region\nN\n');
    await expect(readStoredText(factory, { database: db.name, id: 'file_gone' })).rejects.toThrow(
      'the file is no longer stored (it was removed)',
    );
    db.close();
    // Every connection of the reader is closed: the database can be deleted without waiting.
    await new Promise<void>((resolve, reject) => {
      const request = factory.deleteDatabase(db.name);
      request.addEventListener('blocked', () => reject(new Error('a connection is still open')));
      request.addEventListener('success', () => resolve());
    });
  });

  it('fails, without creating it, when the database does not exist', async () => {
    const factory = createTestIndexedDb();
    await expect(readStoredText(factory, { database: 'glassbox', id: 'file_1' })).rejects.toThrow(
      /could not be opened/u,
    );
    expect(await factory.databases()).toEqual([]);
  });
});
