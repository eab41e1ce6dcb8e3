import { useEffect, useMemo, useRef, useState, type SVGProps } from 'react';
import { createPortal } from 'react-dom';
import { createAttachmentTranslate } from '../../i18n/attachments.ts';
import type { Language } from '../../i18n/index.ts';
import {
  ATTACH_ACCEPT,
  MAX_ATTACHMENT_BYTES,
  MAX_DATA_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_SESSION,
  attachFiles,
  dismissAttachmentProblems,
  loadAttachments,
  removeAttachment,
  selectSessionAttachments,
  useAttachmentStore,
  type AttachmentProblem,
} from '../../store/actions/attachment-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { useLanguage, useNames } from '../use-t.ts';

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function describeProblem(language: Language, problem: AttachmentProblem): string {
  const t = createAttachmentTranslate(language);
  switch (problem.kind) {
    case 'unsupported':
      return t('unsupported', { name: problem.name });
    case 'too-large':
      return t('tooLarge', { name: problem.name, size: formatSize(problem.size), limit: formatSize(problem.limit) });
    case 'not-text':
      return t('notText', { name: problem.name });
    case 'too-many':
      return t('tooMany', { name: problem.name, count: MAX_ATTACHMENTS_PER_SESSION });
    case 'storage':
      return problem.name ? t('storage', { name: problem.name, message: problem.message }) : problem.message;
  }
}

function PaperclipIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
    </svg>
  );
}

function hasFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/** Accepts files dropped anywhere on the Chat region (the closest `main`); returns the region while files hover over it. */
function useChatDrop(anchor: HTMLElement | null, enabled: boolean): HTMLElement | null {
  const [hovered, setHovered] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const zone = anchor?.closest('main');
    if (!zone || !enabled) return;
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth += 1;
      setHovered(zone);
    };
    const onOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setHovered(null);
    };
    const onDrop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      depth = 0;
      setHovered(null);
      void attachFiles(Array.from(event.dataTransfer?.files ?? []));
    };
    zone.addEventListener('dragenter', onEnter);
    zone.addEventListener('dragover', onOver);
    zone.addEventListener('dragleave', onLeave);
    zone.addEventListener('drop', onDrop);
    return () => {
      zone.removeEventListener('dragenter', onEnter);
      zone.removeEventListener('dragover', onOver);
      zone.removeEventListener('dragleave', onLeave);
      zone.removeEventListener('drop', onDrop);
      setHovered(null);
    };
  }, [anchor, enabled]);
  return hovered;
}

function DropOverlay({ zone, label }: { zone: HTMLElement; label: string }) {
  const rect = zone.getBoundingClientRect();
  return createPortal(
    <div
      aria-hidden="true"
      style={{ top: rect.top, left: rect.left, width: rect.width, height: rect.height }}
      className="pointer-events-none fixed z-40 flex items-center justify-center rounded-lg border-2 border-dashed border-indigo-400 bg-indigo-50/80 text-base font-medium text-indigo-800 dark:border-indigo-500 dark:bg-indigo-950/80 dark:text-indigo-100"
    >
      {label}
    </div>,
    document.body,
  );
}

/** The attached files as chips: name, size and a × that removes the file. */
function AttachmentChips({ attachments }: { attachments: ReturnType<typeof selectSessionAttachments> }) {
  const names = useNames();
  const language = useLanguage();
  const t = useMemo(() => createAttachmentTranslate(language), [language]);
  return (
    <ul aria-label={names('Attached files')} className="flex flex-wrap gap-1.5">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          data-testid="attachment-chip"
          title={`${attachment.name} · ${attachment.mimeType} · ${formatSize(attachment.size)}`}
          className="inline-flex max-w-64 items-center gap-1 rounded-full border border-zinc-300 bg-zinc-50 py-0.5 pr-0.5 pl-2 text-xs text-zinc-800 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100"
        >
          <span className="truncate font-medium">{attachment.name}</span>
          <span className="shrink-0 text-zinc-500 tabular-nums dark:text-zinc-400">{formatSize(attachment.size)}</span>
          <button
            type="button"
            aria-label={names('Remove {file}', { file: attachment.name })}
            title={t('remove')}
            onClick={() => void removeAttachment(attachment.sessionId, attachment.id)}
            className="inline-flex size-5 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-zinc-700 dark:hover:text-white"
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** What went wrong with the last files attached, until dismissed. */
function AttachmentProblems({ problems }: { problems: readonly AttachmentProblem[] }) {
  const language = useLanguage();
  const t = useMemo(() => createAttachmentTranslate(language), [language]);
  return (
    <div
      role="alert"
      className="flex w-full items-start gap-2 rounded-md border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200"
    >
      <ul className="flex-1 space-y-0.5">
        {problems.map((problem, index) => (
          <li key={index}>{describeProblem(language, problem)}</li>
        ))}
      </ul>
      <button type="button" className="shrink-0 underline" onClick={dismissAttachmentProblems}>
        {t('dismiss')}
      </button>
    </div>
  );
}

/**
 * The files attached to the active session, as removable chips above the message box, with an attach button;
 * files can also be dropped anywhere on the Chat region. The agent reads them with `read_file`.
 */
export function AttachmentBar() {
  const names = useNames();
  const language = useLanguage();
  const t = useMemo(() => createAttachmentTranslate(language), [language]);
  const ready = useAppStore((state) => state.ready);
  const sessionId = useAppStore((state) => state.activeSessionId);
  const attachments = useAttachmentStore((state) => selectSessionAttachments(state, sessionId));
  const problems = useAttachmentStore((state) => state.problems);
  const inputRef = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLDivElement | null>(null);
  const hovered = useChatDrop(anchor, ready && Boolean(sessionId));

  useEffect(() => {
    dismissAttachmentProblems();
    if (sessionId) void loadAttachments(sessionId);
  }, [sessionId]);

  return (
    <div ref={setAnchor} className="flex w-full flex-wrap items-center gap-1.5" data-testid="attachment-bar">
      <button
        type="button"
        aria-label={names('Attach files')}
        title={t('attachTitle', {
          limit: formatSize(MAX_ATTACHMENT_BYTES),
          dataLimit: formatSize(MAX_DATA_ATTACHMENT_BYTES),
        })}
        disabled={!ready || !sessionId}
        onClick={() => inputRef.current?.click()}
        className="inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs text-zinc-600 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <PaperclipIcon className="size-3.5" />
        {t('attach')}
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ATTACH_ACCEPT}
        aria-label="Choose files to attach"
        tabIndex={-1}
        className="hidden"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void attachFiles(files);
        }}
      />
      {attachments.length > 0 ? <AttachmentChips attachments={attachments} /> : null}
      {problems.length > 0 ? <AttachmentProblems problems={problems} /> : null}
      {hovered ? <DropOverlay zone={hovered} label={t('drop')} /> : null}
    </div>
  );
}
