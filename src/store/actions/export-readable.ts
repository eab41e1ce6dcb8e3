import type { SessionFile } from '../../db/session-file-schema.ts';
import { readableLabels, type ReadableLabels } from '../../export/readable-labels.ts';
import { translate } from '../../i18n/index.ts';
import { useAppStore } from '../app-store.ts';
import { services } from '../services.ts';
import { currentLanguage } from './current-language.ts';
import { reportStorageError } from './storage-errors.ts';

function labels(): ReadableLabels {
  const language = currentLanguage();
  return readableLabels((key) => translate(language, key));
}

/**
 * The active session as the JSON export has it (secrets redacted), with its download name minus the extension.
 */
async function activeSessionExport(): Promise<{ file: SessionFile; baseName: string } | undefined> {
  const sessionId = useAppStore.getState().activeSessionId;
  if (!sessionId) return undefined;
  const exported = await services().persistence.exportSessions({ sessionIds: [sessionId], all: false });
  return { file: JSON.parse(exported.text) as SessionFile, baseName: exported.fileName.replace(/\.json$/, '') };
}

/** Downloads the active session as Markdown for people (messages, tool calls and results, totals). */
export async function exportActiveSessionMarkdown(): Promise<void> {
  try {
    const found = await activeSessionExport();
    const session = found?.file.sessions[0];
    if (!found || !session) return;
    const { sessionMarkdown } = await import('../../export/session-markdown.ts');
    const text = sessionMarkdown(session, {
      labels: labels(),
      exportedAt: found.file.exportedAt,
      language: currentLanguage(),
    });
    services().download?.(`${found.baseName}.md`, text, 'text/markdown');
  } catch (error) {
    reportStorageError(error);
  }
}

/** Downloads the active session as one self-contained HTML report: chat, span tree with waterfall, details, totals. */
export async function exportActiveSessionHtml(): Promise<void> {
  try {
    const found = await activeSessionExport();
    const session = found?.file.sessions[0];
    if (!found || !session) return;
    const { sessionHtmlReport } = await import('../../export/session-html-report.ts');
    const text = sessionHtmlReport(session, {
      labels: labels(),
      exportedAt: found.file.exportedAt,
      language: currentLanguage(),
    });
    services().download?.(`${found.baseName}.html`, text, 'text/html');
  } catch (error) {
    reportStorageError(error);
  }
}
