import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { SkippedConversation } from '../../db/chatgpt-import.ts';
import type { SessionRecord } from '../../db/schema.ts';
import type { ParsedImport } from '../../db/parse-import-file.ts';
import { importErrorText } from '../../i18n/import-errors.ts';
import { importTooLargeError, MAX_IMPORT_BYTES } from '../../db/import-limit.ts';
import { translate, type AppStringKey, type Language } from '../../i18n/index.ts';
import type { Span } from '../../trace/span.ts';
import type { ImportReport } from '../ui-slice.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import { parseInWorker, WORKER_IMPORT_BYTES, type CancelledImport, type StreamedImport } from './parse-in-worker.ts';
import type { StreamProgress } from '../../db/chatgpt-stream-import.ts';
import type { ImportProgress } from '../../db/parse-import-file.ts';
import { bigImportText } from '../../i18n/big-import.ts';
import { formatBytes } from '../../i18n/storage.ts';
import { readStorageStatus } from '../storage-status.ts';
import { switchSession } from './session-actions.ts';
import { reportStorageError } from './storage-errors.ts';
import { saveSettings } from './settings-actions.ts';
import { mergeImportedTools } from '../../tools/custom/portable.ts';
import { mergeImportedRoster } from '../../config/agents.ts';
import { createAgentsTranslate } from '../../i18n/agents.ts';
import { BUILTIN_TOOL_NAMES } from '../../tools/builtin-names.ts';

/** Downloads the active session as versioned JSON. */
export async function exportActiveSession(): Promise<void> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (sessionId) await exportSession(sessionId);
}

/** Downloads one session as versioned JSON. */
export async function exportSession(sessionId: string): Promise<void> {
  try {
    const file = await services().persistence.exportSessions({ sessionIds: [sessionId], all: false });
    services().download?.(file.fileName, file.text);
  } catch (error) {
    reportStorageError(error);
  }
}

/** Downloads every session and the notes as versioned JSON. */
export async function exportAllSessions(): Promise<void> {
  try {
    const file = await services().persistence.exportSessions({ all: true });
    services().download?.(file.fileName, file.text);
  } catch (error) {
    reportStorageError(error);
  }
}

/**
 * Brings back the custom tools and MCP servers of an "Export all" file (a session export only records the
 * definitions it used). The user's own tools win over imported ones of the same name; returns what was skipped.
 */
async function importTools(content: string | ParsedImport): Promise<string[]> {
  const { tools, roster } = allFileExtras(content);
  const notes: string[] = [];
  if (tools !== undefined) {
    const settings = useAppStore.getState().settings;
    const merge = mergeImportedTools(settings, tools, BUILTIN_TOOL_NAMES);
    if (merge.added.length > 0)
      await saveSettings({ ...settings, customTools: merge.customTools, mcpServers: merge.mcpServers });
    if (merge.skipped.length > 0)
      notes.push(translate(currentLanguage(), 'import.toolsSkipped', { tools: merge.skipped.join(', ') }));
  }
  if (roster !== undefined) notes.push(...(await importRoster(roster)));
  return notes;
}

/** The tools and the team of agents an "Export all" file carries (a session export carries neither here). */
function allFileExtras(content: string | ParsedImport): { tools?: unknown; roster?: unknown } {
  if (typeof content !== 'string') return { tools: content.tools, roster: content.roster };
  let file: { scope?: unknown; tools?: unknown; roster?: unknown };
  try {
    file = JSON.parse(content) as { scope?: unknown; tools?: unknown; roster?: unknown };
  } catch {
    return {};
  }
  return file.scope === 'all' ? { tools: file.tools, roster: file.roster } : {};
}

/** Brings back the team of agents of an "Export all" file (see mergeImportedRoster); returns notes for the report. */
async function importRoster(value: unknown): Promise<string[]> {
  const t = createAgentsTranslate(currentLanguage());
  const settings = useAppStore.getState().settings;
  const merge = mergeImportedRoster(settings, value);
  if (merge.unreadable) return [t('importUnreadable')];
  const { roster } = merge;
  const changed =
    merge.added.length > 0 ||
    roster.delegation !== settings.delegation ||
    roster.maxDelegationDepth !== settings.maxDelegationDepth ||
    roster.maxDelegations !== settings.maxDelegations ||
    roster.maxRunTokens !== settings.maxRunTokens;
  if (changed) await saveSettings({ ...useAppStore.getState().settings, ...roster });
  return merge.kept.length > 0 ? [t('importKept', { agents: merge.kept.join(', ') })] : [];
}

async function readFile(
  file: File,
  language: Language,
): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  if (file.size > MAX_IMPORT_BYTES) {
    return { ok: false, error: importTooLargeError(language, file.name, file.size) };
  }
  try {
    return { ok: true, text: await file.text() };
  } catch (error) {
    return {
      ok: false,
      error: importErrorText(language, 'unreadable', {
        file: file.name,
        reason: error instanceof Error ? error.message : String(error),
      }),
    };
  }
}

type Checked = string | ParsedImport | StreamedImport;

function showProgress(fileName: string, progress: ImportProgress | StreamProgress): void {
  const shown =
    'bytesDone' in progress
      ? progress.phase === 'write'
        ? {
            phase: 'write' as const,
            done: progress.done ?? 0,
            total: progress.total ?? 0,
            bytesDone: progress.bytesDone,
            bytesTotal: progress.bytesTotal,
          }
        : { phase: 'read' as const, done: progress.bytesDone, total: progress.bytesTotal }
      : progress;
  useAppStore.getState().setUi({ importProgress: { fileName, ...shown, cancellable: true } });
}

/**
 * Reads and validates one file: a large one in a worker with a progress bar (bytes read, then spans mapped; a
 * ChatGPT export is checked and counted there, to be written in batches later), a small one (or where no worker
 * runs) on the page. Nothing is written.
 */
async function checkFile(
  file: File,
  language: Language,
  signal: AbortSignal,
): Promise<{ ok: true; parsed: Checked } | { ok: false; error: string } | CancelledImport> {
  if (file.size >= WORKER_IMPORT_BYTES) {
    showProgress(file.name, { phase: 'read', done: 0, total: file.size });
    const parsed = await parseInWorker(file, language, (progress) => showProgress(file.name, progress), signal);
    if (parsed) return parsed.ok ? { ok: true, parsed } : parsed;
  }
  const read = await readFile(file, language);
  if (!read.ok) return read;
  // The parsers are a chunk of their own, loaded on the first import; what they return is written as it is.
  const { parseImportFile } = await import('../../db/parse-import-file.ts');
  const checked = parseImportFile(read.text, file.name, { language });
  return checked.ok ? { ok: true, parsed: checked } : checked;
}

/** A file larger than the storage the browser has free is refused before any work, with the numbers; undefined when it fits (or the browser does not say). */
async function overQuota(files: readonly File[], language: Language): Promise<string | undefined> {
  const status = await readStorageStatus();
  if (status.usage === undefined || status.quota === undefined) return undefined;
  const free = Math.max(0, status.quota - status.usage);
  const file = files.find((candidate) => candidate.size > free);
  if (!file) return undefined;
  return bigImportText(language, 'overQuota', {
    file: file.name,
    size: formatBytes(file.size),
    free: formatBytes(free),
    used: formatBytes(status.usage),
    quota: formatBytes(status.quota),
  });
}

/** The import in progress, so Cancel can stop it. */
let running: AbortController | undefined;

/**
 * Cancels the import in progress. Before anything is written nothing is kept; a ChatGPT export being written
 * stops between conversations and keeps the conversations imported before Cancel, each one whole.
 */
export function cancelImport(): void {
  running?.abort();
}

type Translate = (key: AppStringKey, values?: Record<string, string | number>) => string;

function countPhrase(text: Translate, count: number, one: AppStringKey, other: AppStringKey): string {
  return count === 1 ? text(one) : text(other, { count });
}

function skipReason(text: Translate, skip: SkippedConversation): string {
  if (skip.reason === 'no-mapping') return text('import.skip.noMapping');
  if (skip.reason === 'no-messages') return text('import.skip.noMessages');
  return text('import.skip.unreadable', { detail: skip.detail ?? '' });
}

/** The report of conversations a ChatGPT import left out: how many were imported, and each skipped one and why. */
export function importReport(text: Translate, imported: number, skipped: readonly SkippedConversation[]): ImportReport {
  return {
    title: text('import.report.title', {
      imported: countPhrase(text, imported, 'import.sessions.one', 'import.sessions.other'),
      skipped: countPhrase(
        text,
        skipped.length,
        'import.report.conversations.one',
        'import.report.conversations.other',
      ),
    }),
    lines: skipped.map((skip) =>
      text('import.report.line', { file: skip.fileName, name: skip.name, reason: skipReason(text, skip) }),
    ),
  };
}

/**
 * Imports files (our exports or ChatGPT's conversations.json). Every file is validated before anything is
 * written: on any error nothing is imported and the alert names the file, the session and the field. Our own
 * files are all or nothing; a ChatGPT export imports its readable conversations and the report names each
 * one skipped and why. The first imported session is opened.
 */
export async function importFiles(files: File[]): Promise<void> {
  const { persistence, broadcast } = services();
  const language = currentLanguage();
  const text: Translate = (key, values) => translate(language, key, values);
  useAppStore.getState().setUi({ importReport: undefined });
  const tooBig = await overQuota(files, language);
  if (tooBig) {
    useAppStore
      .getState()
      .setUi({ toast: undefined, importProgress: undefined, appAlert: text('import.failed', { error: tooBig }) });
    return;
  }
  const controller = new AbortController();
  running = controller;
  try {
    await importChecked(files, controller.signal, { persistence, broadcast, language, text });
  } finally {
    if (running === controller) running = undefined;
  }
}

type ImportDeps = Pick<ReturnType<typeof services>, 'persistence' | 'broadcast'> & {
  language: Language;
  text: Translate;
};

/** What the writes of an import did, for its toast, alert and report. */
interface ImportTally {
  imported: string[];
  skipped: SkippedConversation[];
  /** The first imported session as written (shown without reading it back). */
  written?: { session: SessionRecord; entries: TranscriptEntry[]; spans: Span[] };
  toolNotes: string[];
  copies: number;
  failure?: string;
  cancelled: boolean;
}

const isStreamed = (content: Checked): content is StreamedImport =>
  typeof content !== 'string' && 'streamed' in content;

async function importChecked(files: File[], signal: AbortSignal, deps: ImportDeps): Promise<void> {
  const checked = await checkAll(files, signal, deps);
  if (!checked) return;
  useAppStore.getState().setUi({ importProgress: undefined });
  const tally: ImportTally = { imported: [], skipped: [], toolNotes: [], copies: 0, cancelled: false };
  for (const [index, file] of checked.entries()) {
    if (signal.aborted) {
      tally.cancelled = true;
      for (const rest of checked.slice(index)) if (isStreamed(rest.text)) rest.text.discard();
      break;
    }
    if (!(await writeFile(file, tally, deps))) break;
  }
  await reportImport(tally, deps);
}

/** Validates every file before anything is written; undefined (and said why) when one fails or the import is cancelled. */
async function checkAll(
  files: File[],
  signal: AbortSignal,
  { language, text }: ImportDeps,
): Promise<Array<{ name: string; text: Checked }> | undefined> {
  const checked: Array<{ name: string; text: Checked }> = [];
  for (const file of files) {
    const result = await checkFile(file, language, signal);
    if (!result.ok || signal.aborted) {
      for (const entry of checked) if (isStreamed(entry.text)) entry.text.discard();
      const alert = !result.ok && 'error' in result ? text('import.failed', { error: result.error }) : undefined;
      useAppStore.getState().setUi({
        toast: alert ? undefined : bigImportText(language, 'cancelledNothing'),
        importProgress: undefined,
        appAlert: alert,
      });
      return undefined;
    }
    checked.push({ name: file.name, text: result.parsed });
  }
  return checked;
}

/** Writes one checked file into the tally; false when the import stops there (a failure, a cancelled stream). */
async function writeFile(
  { name, text: content }: { name: string; text: Checked },
  tally: ImportTally,
  { persistence }: ImportDeps,
): Promise<boolean> {
  if (isStreamed(content)) {
    // Written by the worker in batches; the progress bar counts conversations.
    const result = await content.write((progress) => showProgress(name, progress));
    useAppStore.getState().setUi({ importProgress: undefined });
    if (!result.ok) {
      tally.failure = result.error;
      return false;
    }
    tally.imported.push(...result.sessionIds);
    tally.skipped.push(...result.skipped);
    if (result.cancelled) tally.cancelled = true;
    return !result.cancelled;
  }
  const result = await persistence.importFile(content, name);
  if (!result.ok) {
    tally.failure = result.error;
    return false;
  }
  if (tally.imported.length === 0) tally.written = result.first;
  tally.imported.push(...result.sessionIds);
  // Sessions from files bring their runs: Insights keeps their facts now rather than at its first open.
  void import('./insights-actions.ts').then(
    (insights) => insights.indexSessionFacts(result.sessionIds),
    () => undefined,
  );
  tally.skipped.push(...result.skipped);
  tally.copies += result.copies;
  // What a valid file could not bring back (a note's unreadable embedding) is said, not silently dropped.
  if (typeof content !== 'string') tally.toolNotes.push(...(content.warnings ?? []));
  tally.toolNotes.push(...(await importTools(content)));
  return true;
}

/** Lists the new sessions, opens the first and says what the import did. */
async function reportImport(
  { imported, skipped, written, toolNotes, copies, failure, cancelled }: ImportTally,
  { persistence, broadcast, language, text }: ImportDeps,
): Promise<void> {
  if (imported.length > 0) {
    try {
      useAppStore.getState().setSessions(await persistence.listSessions());
    } catch (error) {
      reportStorageError(error);
    }
    broadcast?.({ type: 'sessions-changed' });
  }
  const count = countPhrase(text, imported.length, 'import.sessions.one', 'import.sessions.other');
  const toastKey: AppStringKey =
    copies === 0 ? 'import.imported' : copies === 1 ? 'import.importedCopy' : 'import.importedCopies';
  const toast = cancelled
    ? imported.length > 0
      ? bigImportText(language, 'cancelledKept', { count })
      : bigImportText(language, 'cancelledNothing')
    : imported.length > 0
      ? text(toastKey, { count, copies })
      : undefined;
  const first = imported[0];
  // The first session is shown from what was just written, without reading it back.
  if (first) await switchSession(first, written);
  const failed = failure ? text('import.fileFailed', { error: failure }) : undefined;
  useAppStore.getState().setUi({
    toast,
    importProgress: undefined,
    appAlert:
      failed && imported.length > 0
        ? `${failed} ${text('import.earlierImported', { count })}`
        : (failed ?? (toolNotes.length > 0 ? toolNotes.join(' ') : undefined)),
    importReport: skipped.length > 0 ? importReport(text, imported.length, skipped) : undefined,
  });
}
