/**
 * The Chinese tables, fetched only when the UI language is Chinese. In the production build the dictionary files'
 * `zhCN` tables are moved into a chunk of their own (scripts/lazy-chinese.ts) and each file gets an empty table from
 * `chineseTable`, filled in place by `loadChinese` — so every dictionary, translate function and table a module
 * already holds sees the strings once they are there. In tests and the dev server the tables stay in their files
 * and nothing is fetched. The language only changes after `prepareLanguage` (src/main.tsx before the first paint,
 * boot and saving settings before the language applies), so no Chinese text is read before it is loaded.
 */
import type { Language } from './translate.ts';

const tables = new Map<string, Record<string, string>>();
/** Every file's strings, once fetched (a dictionary in a chunk loaded later takes its table from here). */
let loaded: Readonly<Record<string, Readonly<Record<string, string>>>> | undefined;
let loading: Promise<void> | undefined;

/** The (build-time) Chinese table of one dictionary file: empty until `loadChinese` fills it. */
export function chineseTable(file: string): Record<string, string> {
  let table = tables.get(file);
  if (!table) {
    table = { ...loaded?.[file] };
    tables.set(file, table);
  }
  return table;
}

/** Are the Chinese strings there to read (always, unless the build moved them out and they are not loaded yet)? */
export function chineseReady(): boolean {
  return loaded !== undefined || tables.size === 0;
}

/** Fetches the Chinese tables once and fills every dictionary's table. */
export function loadChinese(): Promise<void> {
  if (chineseReady()) return Promise.resolve();
  loading ??= import('virtual:glassbox-chinese').then(
    ({ default: all }) => {
      for (const [file, table] of tables) Object.assign(table, all[file]);
      loaded = all;
    },
    (error: unknown) => {
      // Not fetched (offline before the first install, say): the next attempt tries again; meanwhile English.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Loads a language's strings before it is shown: a promise while Chinese is fetched (English stays if it cannot be),
 * undefined when there is nothing to wait for — the caller then goes on synchronously.
 */
export function prepareLanguage(language: Language): Promise<void> | undefined {
  if (language !== 'zh-CN' || chineseReady()) return undefined;
  return loadChinese().catch(() => undefined);
}
