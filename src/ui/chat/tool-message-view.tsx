import type { TranscriptEntry } from '../../agent/transcript.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import { classNames } from '../components/class-names.ts';
import { AlertIcon, BlockedIcon, CheckIcon, DashIcon, ToolIcon } from '../components/icons.tsx';
import { PrettyBlock } from './pretty-block.tsx';
import { formatDuration, previewText } from './tool-call-format.ts';

/** Props of {@link ToolMessageView}. */
export interface ToolMessageViewProps {
  entry: TranscriptEntry;
  /** Tool name for a `tool` entry whose meta lacks one (taken from the paired call). */
  toolName?: string;
  highlighted: boolean;
  t: ChatTranslate;
}

function rowLabel(entry: TranscriptEntry, toolName: string | undefined, t: ChatTranslate): string {
  if (entry.message.role === 'tool') return t('toolResultOf', { tool: entry.meta?.toolName ?? toolName ?? 'tool' });
  return /^\s*observation\s*:/i.test(entry.message.content ?? '') ? t('observation') : t('formatReminder');
}

/**
 * A tool result, or a protocol message of text ReAct (observation, format reminder), as a compact row
 * that expands to the full text. The assistant message's tool card shows the same result in context.
 */
export function ToolMessageView({ entry, toolName, highlighted, t }: ToolMessageViewProps) {
  const content = entry.message.content ?? '';
  const status = entry.message.role === 'tool' ? (entry.meta?.toolStatus ?? 'ok') : undefined;
  const duration = entry.meta?.durationMs;
  const icon =
    status === 'error' ? (
      <AlertIcon className="size-3.5 text-red-600 dark:text-red-400" />
    ) : status === 'denied' ? (
      <BlockedIcon className="size-3.5 text-amber-600 dark:text-amber-400" />
    ) : status === 'cancelled' ? (
      <DashIcon className="size-3.5 text-zinc-500 dark:text-zinc-400" />
    ) : status === 'ok' ? (
      <CheckIcon className="size-3.5 text-emerald-600 dark:text-emerald-400" />
    ) : (
      <ToolIcon className="size-3.5 text-zinc-500 dark:text-zinc-400" />
    );

  return (
    <article
      aria-label="tool message"
      data-message-role="tool"
      data-entry-id={entry.id}
      data-synthetic={entry.meta?.synthetic ? 'true' : undefined}
      data-tool-status={status}
      className={classNames(
        'px-4 py-0.5',
        highlighted && 'rounded-lg bg-amber-50 ring-2 ring-amber-400 ring-inset dark:bg-amber-950/30',
      )}
    >
      <details className="group/tool ml-6 text-xs text-zinc-500 dark:text-zinc-400">
        <summary className="flex cursor-pointer list-none items-center gap-1.5 rounded py-0.5 select-none hover:text-zinc-700 dark:hover:text-zinc-200 [&::-webkit-details-marker]:hidden">
          {icon}
          <span className="shrink-0 font-medium">{rowLabel(entry, toolName, t)}</span>
          <span translate="no" className="min-w-0 truncate font-mono">
            {previewText(content)}
          </span>
          {duration !== undefined ? (
            <span className="ml-auto shrink-0 tabular-nums">{formatDuration(duration)}</span>
          ) : null}
        </summary>
        <PrettyBlock
          className="mt-1 max-h-72 overflow-auto rounded-md bg-zinc-50 p-2 font-mono whitespace-pre-wrap break-words text-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
          text={content}
          t={t}
        />
      </details>
    </article>
  );
}
