import { lazy, Suspense, use, useMemo } from 'react';
import type { TranscriptEntry } from '../../agent/transcript.ts';
import { agentNoticeIn } from '../../i18n/agent-notices.ts';
import type { ChatTranslate } from '../../i18n/chat.ts';
import type { Language } from '../../i18n/index.ts';
import { classNames } from '../components/class-names.ts';
import { Spinner } from '../components/spinner.tsx';
import { AnswerCitationsContext, CitationRunsContext } from './citation-context.ts';
import { Markdown } from './markdown.tsx';
import { MessageActionBar } from './message-actions.tsx';
import type { MessageViewProps } from './message-types.ts';
import type { PlanView } from './plan-views.ts';
import { ToolCallList } from './tool-call-list.tsx';
import { useLanguage } from '../use-t.ts';

// Only JSON plan runs show a plan: its view and strings load with the first one.
const PlanChecklist = lazy(() => import('./plan-checklist.tsx').then((module) => ({ default: module.PlanChecklist })));
// Feedback on answers (Evals) loads with the first finished answer, not with the page.
const AnswerFeedbackBar = lazy(() =>
  import('../evals/message-evals.tsx').then((module) => ({ default: module.AnswerFeedbackBar })),
);

/**
 * The plain-words notices under an answer: the runtime's own (in the UI language; sessions saved before notices
 * carried their key keep the English text), else ones derived from how it ended.
 */
export function assistantNotices(entry: TranscriptEntry, t: ChatTranslate, language: Language = 'en'): string[] {
  const meta = entry.meta;
  if (!meta) return [];
  if (meta.noticeText?.length) return [agentNoticeIn(language, meta.noticeText)];
  if (meta.notice) return [meta.notice];
  const notices: string[] = [];
  if (meta.finishReason === 'length') notices.push(t('noticeCutOff'));
  else if (meta.finishReason === 'content_filter') notices.push(t('noticeContentFilter'));
  if (meta.partial) notices.push(t('noticePartial'));
  return notices;
}

type AssistantMessageViewProps = Required<Pick<MessageViewProps, 'streaming' | 'runActive' | 'highlighted' | 't'>> &
  Pick<
    MessageViewProps,
    | 'entry'
    | 'toolEntries'
    | 'delegations'
    | 'actions'
    | 'isLastAssistant'
    | 'pendingApprovals'
    | 'onApprove'
    | 'onDeny'
    | 'planView'
  >;

/** The model's reasoning, folded: a spinner on it while the model is still thinking. */
function ReasoningDetails({ reasoning, thinking, t }: { reasoning: string; thinking: boolean; t: ChatTranslate }) {
  return (
    <details className="group/reasoning mb-2 rounded-lg border border-zinc-200 text-sm dark:border-zinc-700">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-1.5 text-zinc-600 select-none dark:text-zinc-300 [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="text-xs transition-transform group-open/reasoning:rotate-90">
          ▶
        </span>
        {t('reasoning')}
        {thinking ? <Spinner label={t('thinking')} className="text-zinc-500 dark:text-zinc-400" /> : null}
      </summary>
      <div className="border-t border-zinc-200 px-3 py-2 text-[13px] leading-relaxed whitespace-pre-wrap text-zinc-600 dark:border-zinc-700 dark:text-zinc-300">
        {reasoning}
      </div>
    </details>
  );
}

const THINKING_CLASSES = 'flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400';
const HIGHLIGHT_CLASSES = 'rounded-lg bg-amber-50 ring-2 ring-amber-400 ring-inset dark:bg-amber-950/30';

/** A JSON plan decision as its checklist (the run's progress through it when known). */
function PlanBlock({ plan, view }: { plan: readonly string[]; view: PlanView | undefined }) {
  return (
    <Suspense fallback={null}>
      <PlanChecklist
        view={view ?? { kind: 'checklist', steps: plan.map((step) => ({ text: step, state: 'pending' })) }}
      />
    </Suspense>
  );
}

/** `Good answer` / `Bad answer` under a finished answer, loaded with the first one. */
function FeedbackSlot(props: { entry: TranscriptEntry; disabled: boolean }) {
  return (
    <Suspense fallback={null}>
      <AnswerFeedbackBar {...props} />
    </Suspense>
  );
}

/** The passages this answer's run returned from `search_knowledge`, for its citations (null when none). */
function useAnswerCitations(runId: string) {
  const runs = use(CitationRunsContext);
  const citations = runs?.runs.get(runId);
  return useMemo(() => (runs && citations ? { citations, open: runs.open } : null), [runs, citations]);
}

/** The notices under a step (what the run did with it: dropped calls, retries, checks). */
function MessageNotices({ notices }: { notices: readonly string[] }) {
  return (
    <>
      {notices.map((notice) => (
        <p
          key={notice}
          role="note"
          data-testid="message-notice"
          className="mt-2 rounded-md border-l-4 border-amber-400 bg-amber-50 px-3 py-1.5 text-sm text-amber-900 dark:border-amber-500 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {notice}
        </p>
      ))}
    </>
  );
}

/** An answer or tool-using step of the assistant: reasoning, Markdown text, tool call cards, notices. */
export function AssistantMessageView({
  entry,
  streaming,
  runActive,
  actions,
  isLastAssistant,
  highlighted,
  planView,
  t,
  ...cards
}: AssistantMessageViewProps) {
  const message = entry.message;
  const plan = entry.meta?.plan;
  // A plan decision shows as its checklist, never as the JSON it was sent back to the model as.
  const text = message.role === 'assistant' && !plan ? (message.content ?? '') : '';
  const toolCalls = message.role === 'assistant' ? (message.tool_calls ?? []) : [];
  const reasoning = entry.reasoning ?? '';
  const language = useLanguage();
  const notices = streaming ? [] : assistantNotices(entry, t, language);
  const finalAnswer = !streaming && text && toolCalls.length === 0 && !entry.meta?.draftOf && !entry.meta?.delegation;
  const answerCitations = useAnswerCitations(entry.runId);
  const waitingForFirstToken = streaming && !text && !reasoning && toolCalls.length === 0 && !plan;

  return (
    <article
      aria-label="assistant message"
      data-message-role="assistant"
      data-entry-id={entry.id}
      data-streaming={streaming ? 'true' : undefined}
      aria-busy={streaming || undefined}
      className={classNames('group/message px-4 py-2', highlighted && HIGHLIGHT_CLASSES)}
    >
      {reasoning ? <ReasoningDetails reasoning={reasoning} thinking={streaming && !text} t={t} /> : null}

      {waitingForFirstToken ? (
        <p className={THINKING_CLASSES}>
          <Spinner className="text-indigo-500" />
          {t('thinking')}
        </p>
      ) : null}
      {plan ? <PlanBlock plan={plan} view={planView} /> : null}

      {text || (streaming && toolCalls.length === 0 && !waitingForFirstToken && !plan) ? (
        <div data-testid="message-text" className="text-zinc-900 dark:text-zinc-100">
          <AnswerCitationsContext value={answerCitations}>
            <Markdown text={text} streaming={streaming} t={t} />
          </AnswerCitationsContext>
        </div>
      ) : null}
      {toolCalls.length > 0 ? (
        <ToolCallList
          toolCalls={toolCalls}
          streaming={streaming}
          runActive={runActive}
          actions={actions}
          t={t}
          {...cards}
        />
      ) : null}
      <MessageNotices notices={notices} />
      {/* A tool-only step in the middle of a run has nothing to copy: no bar, no gap. */}
      {!streaming && (text || isLastAssistant) ? (
        <MessageActionBar
          copyText={text}
          onCopied={actions.onCopy}
          onRegenerate={isLastAssistant ? actions.onRegenerate : undefined}
          onDelete={actions.onDelete}
          disabled={runActive}
          alwaysVisible={isLastAssistant}
          t={t}
        >
          {finalAnswer ? <FeedbackSlot entry={entry} disabled={runActive} /> : null}
        </MessageActionBar>
      ) : null}
    </article>
  );
}
