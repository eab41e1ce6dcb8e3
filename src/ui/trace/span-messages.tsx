import type { ReactNode } from 'react';
import type { TraceStringKey, TraceTranslate } from '../../i18n/trace.ts';
import { JsonView } from './json-view.tsx';
import { isRecord } from '../../json/deep-json.ts';

interface ToolCallView {
  id?: string;
  name: string;
  arguments: unknown;
}

/** Reads tool calls in OpenAI format (`{ id, function: { name, arguments } }`), skipping malformed ones. */
export function readToolCalls(value: unknown): ToolCallView[] {
  if (!Array.isArray(value)) return [];
  const calls: ToolCallView[] = [];
  for (const call of value) {
    if (!isRecord(call)) continue;
    const fn = isRecord(call.function) ? call.function : call;
    const view: ToolCallView = { name: typeof fn.name === 'string' ? fn.name : '?', arguments: fn.arguments };
    if (typeof call.id === 'string') view.id = call.id;
    calls.push(view);
  }
  return calls;
}

/** A tool call requested by the model, as a card with its arguments as collapsible JSON. */
export function ToolCallCard({ call, t }: { call: ToolCallView; t: TraceTranslate }) {
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50/60 p-2 dark:border-amber-800 dark:bg-amber-950/30"
      data-tool-call-id={call.id}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-mono font-semibold text-amber-900 dark:text-amber-200">{call.name}</span>
        {call.id && <span className="font-mono text-zinc-500 dark:text-zinc-400">{call.id}</span>}
      </div>
      <div className="mt-1 text-[11px] text-zinc-500 dark:text-zinc-400">{t('details.arguments')}</div>
      <JsonView value={call.arguments} t={t} />
    </div>
  );
}

function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    const texts = content.flatMap((part) => (isRecord(part) && typeof part.text === 'string' ? [part.text] : []));
    return texts.join('');
  }
  return undefined;
}

const ROLE_STYLE: Record<string, string> = {
  system: 'border-zinc-300 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900',
  user: 'border-sky-300 bg-sky-50/70 dark:border-sky-800 dark:bg-sky-950/30',
  assistant: 'border-violet-300 bg-violet-50/70 dark:border-violet-800 dark:bg-violet-950/30',
  tool: 'border-amber-300 bg-amber-50/50 dark:border-amber-800 dark:bg-amber-950/20',
};

function roleLabel(role: string, t: TraceTranslate): string {
  const key = `role.${role}` as TraceStringKey;
  return role === 'system' || role === 'user' || role === 'assistant' || role === 'tool' ? t(key) : role;
}

/** The messages sent to the model, role by role; tool calls as cards, tool results as collapsible JSON. */
export function MessageList({ messages, t }: { messages: unknown; t: TraceTranslate }) {
  if (!Array.isArray(messages)) return null;
  return (
    <ol className="flex flex-col gap-1.5">
      {messages.map((message, index) => {
        if (!isRecord(message)) return null;
        const role = typeof message.role === 'string' ? message.role : '?';
        const text = textOf(message.content);
        const calls = role === 'assistant' ? readToolCalls(message.tool_calls) : [];
        let body: ReactNode;
        if (role === 'tool') body = <JsonView value={text ?? message.content} t={t} expandDepth={1} />;
        else body = text ? <p className="text-[13px] break-words whitespace-pre-wrap">{text}</p> : null;
        return (
          <li key={index} className={`rounded-md border p-2 ${ROLE_STYLE[role] ?? ROLE_STYLE.system}`}>
            <div className="mb-1 flex items-baseline gap-2 text-[11px] font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-300">
              <span>{roleLabel(role, t)}</span>
              {typeof message.tool_call_id === 'string' && (
                <span className="font-mono font-normal normal-case">{message.tool_call_id}</span>
              )}
            </div>
            {body}
            {calls.length > 0 && (
              <div className="mt-1 flex flex-col gap-1">
                {calls.map((call, callIndex) => (
                  <ToolCallCard key={call.id ?? callIndex} call={call} t={t} />
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What the model returned: reasoning (collapsed), text, refusal and tool calls as cards. */
export function ModelOutput({
  text,
  reasoning,
  refusal,
  toolCalls,
  t,
}: {
  text: unknown;
  reasoning: unknown;
  refusal: unknown;
  toolCalls: unknown;
  t: TraceTranslate;
}) {
  const calls = readToolCalls(toolCalls);
  const hasText = typeof text === 'string' && text !== '';
  const hasReasoning = typeof reasoning === 'string' && reasoning !== '';
  const hasRefusal = typeof refusal === 'string' && refusal !== '';
  if (!hasText && !hasReasoning && !hasRefusal && calls.length === 0) {
    return <p className="text-xs text-zinc-500 dark:text-zinc-400 italic">{t('details.noOutput')}</p>;
  }
  return (
    <div className="flex flex-col gap-1.5">
      {hasReasoning && (
        <details className="rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
          <summary className="cursor-pointer text-xs text-zinc-600 dark:text-zinc-300">
            {t('details.reasoning')}
          </summary>
          <p className="mt-1 text-[13px] break-words whitespace-pre-wrap text-zinc-600 dark:text-zinc-300">
            {reasoning}
          </p>
        </details>
      )}
      {hasText && <p className="text-[13px] break-words whitespace-pre-wrap">{text}</p>}
      {hasRefusal && (
        <p className="rounded-md border border-red-300 p-2 text-[13px] whitespace-pre-wrap dark:border-red-800">
          <span className="font-semibold">{t('details.refusal')}: </span>
          {refusal}
        </p>
      )}
      {calls.map((call, index) => (
        <ToolCallCard key={call.id ?? index} call={call} t={t} />
      ))}
    </div>
  );
}
