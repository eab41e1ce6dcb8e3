// The sources list of an answer in the readable exports: the passages its citations point to (src/knowledge/citations.ts).
import type { TranscriptEntry } from '../agent/transcript.ts';
import type { FileSession } from '../db/session-file-schema.ts';
import { citationsByRun, citedSources, type CitedPassage } from '../knowledge/citations.ts';
import { createKnowledgeCiteTranslate } from '../i18n/knowledge-cite.ts';
import type { Language } from '../i18n/translate.ts';

/** The words of a sources list. */
export interface SourcesWords {
  heading: string;
  /** `Page {page}` */
  page: (page: number) => string;
}

/** The sources list's words in a language. */
export function sourcesWords(language: Language = 'en'): SourcesWords {
  const t = createKnowledgeCiteTranslate(language);
  return { heading: t('sourcesHeading'), page: (page) => t('page', { page }) };
}

/** The passages each answer of the session cites, for its sources list (empty for an answer citing nothing). */
export function sessionSources(session: FileSession): (entry: FileSession['messages'][number]) => CitedPassage[] {
  const runs = citationsByRun(session.messages as unknown as TranscriptEntry[]);
  return (entry) =>
    entry.message.role === 'assistant' ? citedSources(entry.message.content ?? '', runs.get(entry.runId)) : [];
}

function sourceText(source: CitedPassage, words: SourcesWords): string {
  const where = source.page !== undefined ? words.page(source.page) : (source.heading ?? '');
  return `${source.label} ${source.document}${where ? ` — ${where}` : ''}`;
}

/** The sources as a Markdown list under a bold heading ('' when there are none). Names are escaped as text. */
export function sourcesMarkdown(sources: readonly CitedPassage[], words: SourcesWords): string {
  if (sources.length === 0) return '';
  const escape = (text: string) => text.replace(/[\\`*_[\]<>#|]/gu, (character) => `\\${character}`);
  return [`**${words.heading}**`, ...sources.map((source) => `- ${escape(sourceText(source, words))}`)].join('\n');
}

/** The sources as an HTML list ('' when there are none); `escapeHtml` escapes every piece of text. */
export function sourcesHtml(
  sources: readonly CitedPassage[],
  words: SourcesWords,
  escapeHtml: (text: string) => string,
): string {
  if (sources.length === 0) return '';
  const items = sources.map((source) => `<li>${escapeHtml(sourceText(source, words))}</li>`).join('');
  return `<section class="sources" aria-label="${escapeHtml(words.heading)}"><h4>${escapeHtml(words.heading)}</h4><ol>${items}</ol></section>`;
}
