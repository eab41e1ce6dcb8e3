import type { Page } from '@playwright/test';
import { BUILTIN_TOOL_NAMES } from '../src/tools/builtin-names.ts';
import { writeTinyGguf, type TinyGgufOptions } from '../src/testing/gguf-writer.ts';

/** Every built-in tool but the calculator: switched off for local-model runs. */
const OTHER_TOOLS = BUILTIN_TOOL_NAMES.filter((name) => name !== 'calculator');

/** Every built-in tool switched off. */
export const NO_TOOLS = Object.fromEntries(['calculator', ...OTHER_TOOLS].map((name) => [name, false]));

/** The tiny random-weight model every local-model spec uses (written by the test GGUF writer). */
export const TINY_MODEL = 'glassbox-tiny.gguf';

/** Stores a generated GGUF file in the page's OPFS (`models/<name>`), as the local-files part of the app does. */
export async function storeModelFile(page: Page, name = TINY_MODEL, options: TinyGgufOptions = {}): Promise<number> {
  const encoded = Buffer.from(writeTinyGguf(options)).toString('base64');
  return page.evaluate(
    async ({ fileName, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const root = await navigator.storage.getDirectory();
      const directory = await root.getDirectoryHandle('models', { create: true });
      const handle = await directory.getFileHandle(fileName, { create: true });
      const writable = await handle.createWritable();
      await writable.write(bytes);
      await writable.close();
      return bytes.length;
    },
    { fileName: name, base64: encoded },
  );
}

/**
 * Chooses the local provider with this file as `Model` by writing the settings record (the Settings UI for it comes
 * with the local-files branch), then reloads so the app reads it. Tools are limited to the calculator, the system
 * prompt kept short: the test model's vocabulary is bytes, so every character is a token.
 */
export async function chooseLocalModel(page: Page, settings: Record<string, unknown> = {}): Promise<void> {
  await page.evaluate(
    (patch) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('glassbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('settings', 'readwrite').objectStore('settings');
          const read = store.get('settings');
          read.onsuccess = () => {
            const record = (read.result as { name: string; value: Record<string, unknown> } | undefined) ?? {
              name: 'settings',
              value: {},
            };
            const write = store.put({ ...record, value: { ...record.value, ...patch } });
            write.onerror = () => reject(write.error);
            write.onsuccess = () => {
              db.close();
              resolve();
            };
          };
          read.onerror = () => reject(read.error);
        };
      }),
    {
      provider: 'local',
      model: TINY_MODEL,
      systemPrompt: 'You are a test model.',
      enabledTools: Object.fromEntries(OTHER_TOOLS.map((name) => [name, false])),
      ...settings,
    },
  );
  await page.reload();
}

/** The attributes of every llm span stored so far (IndexedDB `spanChunks`). */
export async function storedLlmAttributes(page: Page): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('glassbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const chunks = await new Promise<Array<{ spans: Array<{ kind: string; attributes: Record<string, unknown> }> }>>(
      (resolve, reject) => {
        const request = db.transaction('spanChunks').objectStore('spanChunks').getAll();
        request.onsuccess = () => resolve(request.result as never);
        request.onerror = () => reject(request.error);
      },
    );
    db.close();
    return chunks
      .flatMap((chunk) => chunk.spans)
      .filter((span) => span.kind === 'llm')
      .map((span) => span.attributes);
  });
}

/** The output text of every finished llm span stored so far. */
export async function storedLlmOutputs(page: Page): Promise<string[]> {
  return (await storedLlmAttributes(page))
    .map((attributes) => attributes['llm.output.text'])
    .filter((text): text is string => typeof text === 'string');
}
