/**
 * Reads an attached file's text from the app's IndexedDB inside the SQL worker, so a large file is never copied
 * through the page's main thread. Each read opens and closes its own connection (and closes at once when the page
 * asks to upgrade the database), and never creates a database that is not there.
 */
export function readStoredText(factory: IDBFactory, stored: { database: string; id: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = factory.open(stored.database);
    request.addEventListener('upgradeneeded', () => {
      request.transaction?.abort();
    });
    request.addEventListener('error', () => {
      reject(
        new Error(
          `the app's storage (${stored.database}) could not be opened: ${request.error?.message ?? 'unknown error'}`,
        ),
      );
    });
    request.addEventListener('success', () => {
      const db = request.result;
      db.addEventListener('versionchange', () => db.close());
      const fail = (message: string) => {
        db.close();
        reject(new Error(message));
      };
      let get: IDBRequest<unknown>;
      try {
        get = db.transaction('attachments', 'readonly').objectStore('attachments').get(stored.id);
      } catch (error) {
        fail(`the app's storage has no attachments: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      get.addEventListener('error', () =>
        fail(`the file could not be read from storage: ${get.error?.message ?? 'unknown error'}`),
      );
      get.addEventListener('success', () => {
        const record = get.result as { text?: unknown } | undefined;
        db.close();
        if (typeof record?.text === 'string') resolve(record.text);
        else reject(new Error('the file is no longer stored (it was removed)'));
      });
    });
  });
}
