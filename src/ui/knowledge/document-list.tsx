import type { KnowledgeDocument } from '../../knowledge/knowledge-types.ts';
import type { KnowledgeKey } from '../../i18n/knowledge.ts';
import { formatBytes } from '../../i18n/storage.ts';
import type { Translate } from '../../i18n/translate.ts';
import { SMALL_BUTTON as BUTTON } from './refusal-item.tsx';
import type { KnowledgeJob } from './use-knowledge-library.ts';

/** One stored document: its name, its pages (PDF) or passages, its size, and a scan's "no text". */
function DocumentItem({
  document,
  t,
  onDelete,
}: {
  document: KnowledgeDocument;
  t: Translate<KnowledgeKey>;
  onDelete: () => void;
}) {
  const count =
    document.pages !== undefined ? t('pages', { count: document.pages }) : t('passages', { count: document.passages });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 py-2 dark:border-slate-700">
      <span className="min-w-0 flex-1 truncate font-medium" title={document.name}>
        {document.name}
      </span>
      <span className="text-xs text-slate-500 dark:text-slate-400">
        {count} · {formatBytes(document.bytes)}
      </span>
      <button type="button" aria-label={`Delete document ${document.name}`} className={BUTTON} onClick={onDelete}>
        {t('delete')}
      </button>
      {document.problem?.kind === 'no-text' ? (
        <p className="w-full text-xs text-amber-700 dark:text-amber-300">{t('noText')}</p>
      ) : null}
    </li>
  );
}

/** A file being read: a progress bar (pages done of total for a PDF) and Cancel. */
function JobItem({ job, t, onCancel }: { job: KnowledgeJob; t: Translate<KnowledgeKey>; onCancel: () => void }) {
  const label = job.progress
    ? t('parsingProgress', { name: job.name, done: job.progress.done, total: job.progress.total })
    : t('parsing', { name: job.name });
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 py-2 dark:border-slate-700">
      <span className="min-w-0 flex-1 truncate font-medium">{job.name}</span>
      <progress
        className="w-24"
        aria-label={label}
        {...(job.progress ? { max: job.progress.total, value: job.progress.done } : {})}
      />
      <button type="button" className={BUTTON} onClick={onCancel}>
        {t('cancel')}
      </button>
    </li>
  );
}

/** The `Documents` list: stored documents, then the files being read. */
export function DocumentList(props: {
  documents: KnowledgeDocument[];
  jobs: KnowledgeJob[];
  t: Translate<KnowledgeKey>;
  onDelete: (document: KnowledgeDocument) => void;
  onCancel: (key: number) => void;
}) {
  const { documents, jobs, t } = props;
  if (documents.length === 0 && jobs.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t('empty')}</p>;
  }
  return (
    <ul aria-label="Documents" className="text-sm">
      {documents.map((document) => (
        <DocumentItem key={document.id} document={document} t={t} onDelete={() => props.onDelete(document)} />
      ))}
      {jobs.map((job) => (
        <JobItem key={`job-${job.key}`} job={job} t={t} onCancel={() => props.onCancel(job.key)} />
      ))}
    </ul>
  );
}
