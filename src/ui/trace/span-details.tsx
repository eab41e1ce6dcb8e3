import { lazy, Suspense, useState, type ReactNode } from 'react';

import { englishTrace, type TraceTranslate } from '../../i18n/trace.ts';
import { ATTR, numberAttribute, stringAttribute } from '../../trace/attributes.ts';
import type { SpanAggregates } from '../../trace/build-span-tree.ts';
import { formatDuration, formatTokens } from '../../trace/format.ts';
import type { Span } from '../../trace/span.ts';
import { spanDurationMs } from '../../trace/totals.ts';
import { copyText } from './copy-text.ts';
import { JsonView } from './json-view.tsx';
import { MessageList, ModelOutput } from './span-messages.tsx';
import {
  DetailsHeader,
  Field,
  SpanBadges,
  SpanErrorBox,
  TimingFields,
  type CopyState,
} from './span-details-summary.tsx';
import { LocalRunFields } from './local-run-fields.tsx';
import { QuerySpanFields } from './query-span-fields.tsx';
import { MemorySpanNotes } from './memory-span-notes.tsx';
import { KNOWLEDGE_CANDIDATES_ATTRIBUTE } from '../../tools/builtin/search-knowledge-attributes.ts';
import { stringifyJson } from '../../json/deep-json.ts';

const KnowledgeSpanPassages = lazy(() =>
  import('./knowledge-span-passages.tsx').then((module) => ({ default: module.KnowledgeSpanPassages })),
);

/** What a running model call has streamed so far (the span itself only gets its output when it ends). */
export interface LiveOutput {
  text: string;
  reasoning: string;
  toolCalls: Array<{ id?: string; name?: string; arguments: string }>;
}

/** Props of `SpanDetails`. */
export interface SpanDetailsProps {
  span: Span | undefined;
  /** Output streamed so far, shown while `span` is a running llm span. */
  liveOutput?: LiveOutput;
  /** Sums over the span's subtree (shown for runs). */
  aggregates?: SpanAggregates;
  /** Start of the span's run, for the offset. */
  runStart?: number;
  now?: number;
  t?: TraceTranslate;
  className?: string;
  /** Forks the run at this span (shown for finished run, llm and tool spans when given). */
  onFork?: (span: Span) => void;
}

// Token figures with their source (reported, counted, estimated) and the call's cost: the tokenizer and the prices
// are a chunk of their own, loaded when a model call is first shown.
const SpanTokenFields = lazy(() =>
  import('./span-token-fields.tsx').then((module) => ({ default: module.SpanTokenFields })),
);

const FORKABLE: ReadonlySet<Span['kind']> = new Set(['run', 'llm', 'tool']);

/** A collapsible section; its content is only rendered while open (large spans stay cheap). */
function Section({
  title,
  children,
  open: initiallyOpen = true,
}: {
  title: string;
  children: ReactNode;
  open?: boolean;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="border-t border-zinc-200 pt-2 dark:border-zinc-800"
    >
      <summary className="cursor-pointer text-xs font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">
        {title}
      </summary>
      {open && <div className="mt-1.5">{children}</div>}
    </details>
  );
}

function LlmSections({ span, liveOutput, t }: { span: Span; liveOutput: LiveOutput | undefined; t: TraceTranslate }) {
  const a = span.attributes;
  const ttft = numberAttribute(a, ATTR.llmTimeToFirstTokenMs);
  const head: Array<[string, string | undefined]> = [
    [t('details.model'), stringAttribute(a, ATTR.llmRequestModel)],
    [t('details.responseModel'), stringAttribute(a, ATTR.llmResponseModel)],
    [t('details.provider'), stringAttribute(a, ATTR.llmProvider)],
  ];
  const rows: Array<[string, string | undefined]> = [
    [t('details.finishReason'), stringAttribute(a, ATTR.llmFinishReason)],
    [t('details.timeToFirstToken'), ttft === undefined ? undefined : formatDuration(ttft)],
  ];
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        {head.map(([label, value]) =>
          value === undefined ? null : (
            <Field key={label} label={label}>
              {value}
            </Field>
          ),
        )}
        <Suspense fallback={null}>
          <SpanTokenFields span={span} />
        </Suspense>
        <LocalRunFields span={span} />
        {rows.map(([label, value]) =>
          value === undefined ? null : (
            <Field key={label} label={label}>
              {value}
            </Field>
          ),
        )}
      </dl>
      {a[ATTR.llmParameters] !== undefined && (
        <Section title={t('details.parameters')} open={false}>
          <JsonView value={a[ATTR.llmParameters]} t={t} />
        </Section>
      )}
      <Section title={t('details.messages')}>
        <MessageList messages={a[ATTR.llmMessages]} t={t} />
      </Section>
      <Section title={t('details.output')}>
        {span.status === 'running' && liveOutput ? (
          <div data-testid="span-live-output" aria-live="off">
            <ModelOutput
              text={liveOutput.text}
              reasoning={liveOutput.reasoning}
              refusal={undefined}
              toolCalls={liveOutput.toolCalls
                .filter((call) => call.name)
                .map((call) => ({ id: call.id, name: call.name, arguments: call.arguments }))}
              t={t}
            />
          </div>
        ) : (
          <ModelOutput
            text={a[ATTR.llmOutputText]}
            reasoning={a[ATTR.llmOutputReasoning]}
            refusal={a[ATTR.llmOutputRefusal]}
            toolCalls={a[ATTR.llmOutputToolCalls]}
            t={t}
          />
        )}
      </Section>
    </>
  );
}

/** Where a tool comes from, for the user's own tools: a custom JavaScript or HTTP tool, or an MCP server's tool. */
function ToolSourceField({ attributes, t }: { attributes: Record<string, unknown>; t: TraceTranslate }) {
  const customKind = stringAttribute(attributes, ATTR.toolCustomKind);
  const server = stringAttribute(attributes, ATTR.toolMcpServer);
  if (customKind)
    return (
      <Field label={t('details.toolSource')}>
        {t(customKind === 'http' ? 'details.customHttpTool' : 'details.customJavascriptTool')}
      </Field>
    );
  if (!server) return null;
  return (
    <Field label={t('details.toolSource')}>
      {t('details.mcpTool', { tool: stringAttribute(attributes, ATTR.toolMcpTool) ?? '', server })}
    </Field>
  );
}

function ToolSections({ span, t }: { span: Span; t: TraceTranslate }) {
  const a = span.attributes;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <Field label={t('details.tool')}>
          <span className="font-mono">{stringAttribute(a, ATTR.toolName) ?? span.name}</span>
        </Field>
        {stringAttribute(a, ATTR.toolCallId) && (
          <Field label={t('details.callId')}>
            <span className="font-mono">{stringAttribute(a, ATTR.toolCallId)}</span>
          </Field>
        )}
        <ToolSourceField attributes={a} t={t} />
        <QuerySpanFields attributes={a} />
      </dl>
      <Section title={t('details.arguments')}>
        <JsonView value={a[ATTR.toolArguments]} t={t} />
      </Section>
      {a[ATTR.toolResult] !== undefined && (
        <Section title={t('details.result')}>
          <JsonView value={a[ATTR.toolResult]} t={t} />
        </Section>
      )}
      {a[ATTR.toolError] !== undefined && (
        <Section title={t('details.error')}>
          <JsonView value={a[ATTR.toolError]} t={t} />
        </Section>
      )}
    </>
  );
}

/** The user's verdict on the run's answer and their note, when given. */
function FeedbackField({ attributes, t }: { attributes: Span['attributes']; t: TraceTranslate }) {
  const rating = stringAttribute(attributes, ATTR.feedbackRating);
  if (rating !== 'good' && rating !== 'bad') return null;
  const note = stringAttribute(attributes, ATTR.feedbackNote);
  const verdict = t(rating === 'good' ? 'details.feedbackGood' : 'details.feedbackBad');
  return <Field label={t('details.feedback')}>{note ? `${verdict}: ${note}` : verdict}</Field>;
}

function RunSections({
  span,
  aggregates,
  t,
}: {
  span: Span;
  aggregates: SpanAggregates | undefined;
  t: TraceTranslate;
}) {
  const a = span.attributes;
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        {stringAttribute(a, ATTR.runStopReason) && (
          <Field label={t('details.stopReason')}>{stringAttribute(a, ATTR.runStopReason)}</Field>
        )}
        {stringAttribute(a, ATTR.runProtocol) && (
          <Field label={t('details.protocol')}>{stringAttribute(a, ATTR.runProtocol)}</Field>
        )}
        <FeedbackField attributes={a} t={t} />
        {aggregates && (
          <>
            <Field label={t('trace.tokens')}>
              {formatTokens(aggregates.inputTokens + aggregates.outputTokens)} ({formatTokens(aggregates.inputTokens)} /{' '}
              {formatTokens(aggregates.outputTokens)})
            </Field>
            <Field label={t('trace.llmCalls')}>{aggregates.llmCalls}</Field>
            <Field label={t('trace.toolCalls')}>{aggregates.toolCalls}</Field>
            <Field label={t('trace.errors')}>{aggregates.errors}</Field>
          </>
        )}
      </dl>
      {a[ATTR.runInput] !== undefined && (
        <Section title={t('details.input')}>
          <JsonView value={a[ATTR.runInput]} parseStrings={false} t={t} />
        </Section>
      )}
      {a[ATTR.runOutput] !== undefined && (
        <Section title={t('details.answer')}>
          <JsonView value={a[ATTR.runOutput]} parseStrings={false} t={t} />
        </Section>
      )}
    </>
  );
}

function RetrySections({ span, t }: { span: Span; t: TraceTranslate }) {
  const a = span.attributes;
  const delay = numberAttribute(a, ATTR.retryDelayMs);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {numberAttribute(a, ATTR.retryAttempt) !== undefined && (
        <Field label={t('details.attempt')}>{numberAttribute(a, ATTR.retryAttempt)}</Field>
      )}
      {delay !== undefined && <Field label={t('details.delay')}>{formatDuration(delay)}</Field>}
      {stringAttribute(a, ATTR.retryReason) && (
        <Field label={t('details.reason')}>{stringAttribute(a, ATTR.retryReason)}</Field>
      )}
    </dl>
  );
}

/** The selected span: timing, status, error, and per kind the model call, tool call or run; copyable as JSON. */
export function SpanDetails({
  span,
  liveOutput,
  aggregates,
  runStart,
  now,
  t = englishTrace,
  className = '',
  onFork,
}: SpanDetailsProps) {
  const [copied, setCopied] = useState<{ spanId: string; ok: boolean }>();
  const copyState: CopyState =
    copied === undefined || copied.spanId !== span?.spanId ? 'idle' : copied.ok ? 'copied' : 'failed';

  if (!span) {
    return (
      <section role="region" aria-label="Span details" className={className}>
        <p className="p-3 text-xs text-zinc-500 dark:text-zinc-400">{t('details.selectHint')}</p>
      </section>
    );
  }
  const copy = async () => setCopied({ spanId: span.spanId, ok: await copyText(stringifyJson(span, 2) ?? '') });

  return (
    <section role="region" aria-label="Span details" className={`flex flex-col gap-2 p-3 text-sm ${className}`}>
      <DetailsHeader
        span={span}
        copyState={copyState}
        onCopy={() => void copy()}
        {...(onFork && FORKABLE.has(span.kind) && span.status !== 'running' ? { onFork } : {})}
        t={t}
      />
      <SpanBadges span={span} t={t} />
      <TimingFields span={span} duration={spanDurationMs(span, now)} runStart={runStart} t={t} />
      {span.error && <SpanErrorBox error={span.error} t={t} />}
      {span.kind === 'llm' && <LlmSections span={span} liveOutput={liveOutput} t={t} />}
      {span.kind === 'tool' && <ToolSections span={span} t={t} />}
      {/* A delegated agent shows its own subtotals like a run. */}
      {(span.kind === 'run' || span.kind === 'agent') && <RunSections span={span} aggregates={aggregates} t={t} />}
      {span.kind === 'retry' && <RetrySections span={span} t={t} />}
      {span.kind === 'memory' && <MemorySpanNotes key={span.spanId} span={span} />}
      {span.attributes[KNOWLEDGE_CANDIDATES_ATTRIBUTE] !== undefined && (
        <Suspense fallback={null}>
          <KnowledgeSpanPassages key={span.spanId} span={span} />
        </Suspense>
      )}
      <Section
        title={t('details.attributes')}
        open={
          span.kind !== 'llm' &&
          span.kind !== 'tool' &&
          span.kind !== 'run' &&
          span.kind !== 'agent' &&
          span.kind !== 'retry'
        }
      >
        <JsonView value={span.attributes} expandDepth={1} t={t} />
      </Section>
    </section>
  );
}
