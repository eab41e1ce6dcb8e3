import { Suspense, lazy, memo, useId, useState, type ReactNode } from 'react';
import type { ToolCall } from '../../model/model.ts';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { defaultChatTranslate, type ChatStringKey, type ChatTranslate } from '../../i18n/chat.ts';
import { Button } from '../components/button.tsx';
import { classNames } from '../components/class-names.ts';
import { AlertIcon, BlockedIcon, CheckIcon, ChevronIcon, DashIcon, TraceIcon } from '../components/icons.tsx';
import { Spinner } from '../components/spinner.tsx';
import { readQueryResult } from './query-result-read.ts';
import { PrettyBlock } from './pretty-block.tsx';
import { compactArguments, formatDuration, type ToolCallStatus } from './tool-call-format.ts';
import { useNames } from '../use-t.ts';

/** Props of {@link ToolCallCard}. */
export interface ToolCallCardProps {
  call: ToolCall;
  /** The `tool` entry holding this call's result, once it exists. */
  result?: TranscriptEntry;
  status: ToolCallStatus;
  onShowInTrace?: (callId: string) => void;
  onApprove?: (callId: string) => void;
  onDeny?: (callId: string) => void;
  t?: ChatTranslate;
}

const STATUS_LABEL: Record<ToolCallStatus, ChatStringKey> = {
  preparing: 'toolStatusPreparing',
  'awaiting-approval': 'toolStatusAwaitingApproval',
  running: 'toolStatusRunning',
  ok: 'toolStatusOk',
  error: 'toolStatusError',
  denied: 'toolStatusDenied',
  cancelled: 'toolStatusCancelled',
  'no-result': 'toolStatusNoResult',
};

function StatusIcon({ status }: { status: ToolCallStatus }): ReactNode {
  switch (status) {
    case 'ok':
      return <CheckIcon className="size-4 text-emerald-600 dark:text-emerald-400" />;
    case 'error':
      return <AlertIcon className="size-4 text-red-600 dark:text-red-400" />;
    case 'denied':
      return <BlockedIcon className="size-4 text-amber-600 dark:text-amber-400" />;
    case 'awaiting-approval':
      return <AlertIcon className="size-4 text-amber-600 dark:text-amber-400" />;
    case 'running':
    case 'preparing':
      return <Spinner className="text-indigo-600 dark:text-indigo-400" />;
    case 'cancelled':
    case 'no-result':
      return <DashIcon className="size-4 text-zinc-500 dark:text-zinc-400" />;
  }
}

// The result table of query_data loads with the first result that needs it.
const QueryResultTable = lazy(() =>
  import('./query-result-table.tsx').then((module) => ({ default: module.QueryResultTable })),
);

const PRE_CLASSES =
  'max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md bg-zinc-50 p-2 font-mono text-xs text-zinc-800 dark:bg-zinc-950 dark:text-zinc-100';

/** A tool call inside an assistant message: one compact line that expands to arguments and result. */
export const ToolCallCard = memo(function ToolCallCard({
  call,
  result,
  status,
  onShowInTrace,
  onApprove,
  onDeny,
  t = defaultChatTranslate,
}: ToolCallCardProps) {
  const names = useNames();
  const detailsId = useId();
  const [openChoice, setOpenChoice] = useState<boolean | null>(null);
  // A call waiting for approval opens by itself: nobody should approve arguments they cannot see.
  const expanded = openChoice ?? status === 'awaiting-approval';
  const name = call.function.name;
  const table = name === 'query_data' && status === 'ok' ? readQueryResult(result?.message.content) : undefined;

  return (
    <div
      role="group"
      aria-label={names('Tool call {tool}', { tool: name })}
      data-testid="tool-call"
      data-tool-call-id={call.id}
      data-tool-status={status}
      className={classNames(
        'my-2 rounded-lg border text-sm',
        status === 'awaiting-approval'
          ? 'border-amber-300 bg-amber-50/60 dark:border-amber-700 dark:bg-amber-950/30'
          : status === 'error'
            ? 'border-red-200 bg-white dark:border-red-900 dark:bg-zinc-900'
            : 'border-zinc-200 bg-white dark:border-zinc-700 dark:bg-zinc-900',
      )}
    >
      <ToolCallHeader
        call={call}
        result={result}
        status={status}
        expanded={expanded}
        detailsId={detailsId}
        onToggle={() => setOpenChoice(!expanded)}
        t={t}
      />
      {table ? (
        <div className="border-t border-zinc-100 px-3 py-2 dark:border-zinc-800">
          <Suspense fallback={null}>
            <QueryResultTable result={table} />
          </Suspense>
        </div>
      ) : null}
      {status === 'awaiting-approval' && (onApprove || onDeny) ? (
        <ApprovalBar callId={call.id} onApprove={onApprove} onDeny={onDeny} t={t} />
      ) : null}
      <div
        id={detailsId}
        hidden={!expanded}
        className="space-y-2 border-t border-zinc-100 px-3 py-2 dark:border-zinc-800"
      >
        {expanded ? (
          <ToolCallDetails call={call} result={result} status={status} onShowInTrace={onShowInTrace} t={t} />
        ) : null}
      </div>
    </div>
  );
});

interface HeaderProps {
  call: ToolCall;
  result?: TranscriptEntry;
  status: ToolCallStatus;
  expanded: boolean;
  detailsId: string;
  onToggle: () => void;
  t: ChatTranslate;
}

/** The card's one line: the toggle with the tool's name and arguments, its status, badges and duration. */
function ToolCallHeader({ call, result, status, expanded, detailsId, onToggle, t }: HeaderProps) {
  const argumentsText = call.function.arguments;
  const duration = result?.meta?.durationMs;
  const failed = status === 'error' || status === 'denied';
  return (
    <div className="flex items-center gap-2 px-2 py-1.5">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        title={expanded ? t('hideDetails') : t('showDetails')}
        onClick={onToggle}
        className="flex min-w-0 flex-1 items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-indigo-500"
      >
        <ChevronIcon
          className={classNames(
            'size-3.5 shrink-0 text-zinc-500 dark:text-zinc-400 transition-transform',
            expanded && 'rotate-90',
          )}
        />
        <StatusIcon status={status} />
        <span translate="no" className="shrink-0 font-mono font-medium text-zinc-800 dark:text-zinc-100">
          {call.function.name || '…'}
        </span>
        <span translate="no" className="min-w-0 truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
          {argumentsText.trim() ? compactArguments(argumentsText) : <span translate="yes">{t('noArguments')}</span>}
        </span>
      </button>
      <span
        className={classNames(
          'shrink-0 text-xs',
          failed ? 'text-red-700 dark:text-red-300' : 'text-zinc-500 dark:text-zinc-400',
        )}
      >
        {t(STATUS_LABEL[status])}
      </span>
      {result?.meta?.replayed ? (
        <ToolBadge
          testId="tool-replayed"
          title={t('toolReplayed')}
          text={t('toolReplayed')}
          tone="bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200"
        />
      ) : null}
      {result?.meta?.cached ? (
        <ToolBadge
          testId="tool-cached"
          title={t('toolCachedHint')}
          text={t('toolCached')}
          tone="bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        />
      ) : null}
      {duration !== undefined ? (
        <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {formatDuration(duration)}
        </span>
      ) : null}
    </div>
  );
}

/** Approve / Deny for a call that waits for the user. */
function ApprovalBar(props: {
  callId: string;
  onApprove?: (callId: string) => void;
  onDeny?: (callId: string) => void;
  t: ChatTranslate;
}) {
  const { callId, onApprove, onDeny, t } = props;
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-amber-200 px-3 py-2 dark:border-amber-800">
      <p className="mr-auto text-xs text-amber-900 dark:text-amber-200">{t('approvalPrompt')}</p>
      {onDeny ? (
        <Button size="sm" variant="secondary" aria-label="Deny" onClick={() => onDeny(callId)}>
          {t('deny')}
        </Button>
      ) : null}
      {onApprove ? (
        <Button size="sm" variant="primary" aria-label="Approve" onClick={() => onApprove(callId)}>
          {t('approve')}
        </Button>
      ) : null}
    </div>
  );
}

/** The expanded card: arguments, the result (or error), and the way to the call's span. */
function ToolCallDetails(props: {
  call: ToolCall;
  result?: TranscriptEntry;
  status: ToolCallStatus;
  onShowInTrace?: (callId: string) => void;
  t: ChatTranslate;
}) {
  const { call, result, status, onShowInTrace, t } = props;
  const names = useNames();
  const argumentsText = call.function.arguments;
  const failed = status === 'error' || status === 'denied';
  // A cancelled call's text is a note about the Stop, not a failure of the tool.
  const resultIsNote = status === 'ok' || status === 'cancelled';
  return (
    <>
      <section aria-label={names('Arguments')}>
        <h4 className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('toolArguments')}</h4>
        <PrettyBlock className={PRE_CLASSES} text={argumentsText.trim() ? argumentsText : '{}'} t={t} />
      </section>
      {result ? (
        <section aria-label={names(resultIsNote ? 'Result' : 'Error')}>
          <h4 className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
            {resultIsNote ? t('toolResult') : t('toolError')}
          </h4>
          <PrettyBlock
            className={classNames(PRE_CLASSES, failed && 'text-red-800 dark:text-red-200')}
            text={result.message.content ?? ''}
            t={t}
          />
        </section>
      ) : null}
      {onShowInTrace ? (
        <Button size="sm" variant="ghost" aria-label={names('Show in trace')} onClick={() => onShowInTrace(call.id)}>
          <TraceIcon className="size-3.5" />
          {t('showInTrace')}
        </Button>
      ) : null}
    </>
  );
}

/** A small mark beside a tool call's status: its result was replayed from a recorded run, or came from the cache. */
function ToolBadge(props: { testId: string; title: string; text: string; tone: string }) {
  return (
    <span
      data-testid={props.testId}
      title={props.title}
      className={classNames('shrink-0 rounded px-1.5 text-xs', props.tone)}
    >
      {props.text}
    </span>
  );
}
