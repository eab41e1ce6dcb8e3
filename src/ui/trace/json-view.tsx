import { useMemo, useState } from 'react';
import { englishTrace, type TraceTranslate } from '../../i18n/trace.ts';
import { CUT_MARK, jsonDepth, SHOWN_DEPTH } from '../../json/deep-json.ts';

const MAX_STRING = 4000;
const MAX_CHILDREN = 200;

/** Parses a string that holds a JSON object or array; anything else stays as it is. */
export function parseJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (!(trimmed.startsWith('{') && trimmed.endsWith('}')) && !(trimmed.startsWith('[') && trimmed.endsWith(']')))
    return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

function LongText({ text, t }: { text: string; t: TraceTranslate }) {
  const [showAll, setShowAll] = useState(false);
  if (text === '')
    return (
      <span translate="yes" className="text-zinc-500 dark:text-zinc-400 italic">
        {t('json.empty')}
      </span>
    );
  const cut = !showAll && text.length > MAX_STRING;
  return (
    <span className="break-words whitespace-pre-wrap">
      {cut ? `${text.slice(0, MAX_STRING)}…` : text}
      {cut && (
        <button
          type="button"
          translate="yes"
          className="ml-2 text-xs text-sky-700 underline dark:text-sky-400"
          onClick={() => setShowAll(true)}
        >
          {t('json.showAll', { count: text.length })}
        </button>
      )}
    </span>
  );
}

function Leaf({ value, t }: { value: unknown; t: TraceTranslate }) {
  if (typeof value === 'string') {
    return (
      <span className="text-emerald-800 dark:text-emerald-300">
        <LongText text={value} t={t} />
      </span>
    );
  }
  if (typeof value === 'number' || typeof value === 'bigint')
    return <span className="text-sky-800 dark:text-sky-300">{String(value)}</span>;
  if (typeof value === 'boolean') return <span className="text-violet-800 dark:text-violet-300">{String(value)}</span>;
  if (value === null) return <span className="text-zinc-500 dark:text-zinc-400">null</span>;
  if (value === undefined) return <span className="text-zinc-500 dark:text-zinc-400">undefined</span>;
  return <span>{String(value)}</span>;
}

interface NodeProps {
  name?: string;
  value: unknown;
  depth: number;
  expandDepth: number;
  /** The whole value's depth when it is deeper than a view shows (levels past {@link SHOWN_DEPTH} are cut). */
  tooDeep: number | undefined;
  t: TraceTranslate;
}

function Node({ name, value, depth, expandDepth, tooDeep, t }: NodeProps) {
  const [showAll, setShowAll] = useState(false);
  const label = name !== undefined ? <span className="text-zinc-600 dark:text-zinc-400">{name}: </span> : null;
  if (value !== null && typeof value === 'object' && depth >= SHOWN_DEPTH) {
    return (
      <div>
        {label}
        {CUT_MARK}{' '}
        <span translate="yes" data-testid="nested-too-deep" className="text-amber-800 dark:text-amber-300">
          {t('json.tooDeep', { levels: (tooDeep ?? depth).toLocaleString('en-US') })}
        </span>
      </div>
    );
  }
  if (value === null || typeof value !== 'object') {
    return (
      <div className="pl-4 -indent-4">
        {label}
        <Leaf value={value} t={t} />
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: Array<[string, unknown]> = isArray
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value);
  const count =
    entries.length === 1
      ? t(isArray ? 'json.item' : 'json.key')
      : t(isArray ? 'json.items' : 'json.keys', { count: entries.length });
  const summary = `${isArray ? '[…]' : '{…}'} ${count}`;
  if (entries.length === 0) {
    return (
      <div>
        {label}
        <span className="text-zinc-500 dark:text-zinc-400">{isArray ? '[]' : '{}'}</span>
      </div>
    );
  }
  const shown = showAll ? entries : entries.slice(0, MAX_CHILDREN);
  return (
    <details open={depth < expandDepth} className="group">
      <summary className="cursor-pointer rounded select-none hover:bg-zinc-100 dark:hover:bg-zinc-800">
        {label}
        <span translate="yes" className="text-zinc-500 dark:text-zinc-400">
          {summary}
        </span>
      </summary>
      <div className="ml-3 border-l border-zinc-200 pl-2 dark:border-zinc-700">
        {shown.map(([key, item]) => (
          <Node key={key} name={key} value={item} depth={depth + 1} expandDepth={expandDepth} tooDeep={tooDeep} t={t} />
        ))}
        {shown.length < entries.length && (
          <button
            type="button"
            translate="yes"
            className="text-xs text-sky-700 underline dark:text-sky-400"
            onClick={() => setShowAll(true)}
          >
            {t('json.items', { count: entries.length })}
          </button>
        )}
      </div>
    </details>
  );
}

/** Props of `JsonView`. */
export interface JsonViewProps {
  value: unknown;
  /** Levels open at first; deeper objects start collapsed. */
  expandDepth?: number;
  /** Show a string holding JSON as structured data. */
  parseStrings?: boolean;
  label?: string;
  t?: TraceTranslate;
}

/** Collapsible JSON rendered as plain text: model output and tool results are untrusted, never HTML. */
export function JsonView({ value, expandDepth = 2, parseStrings = true, label, t = englishTrace }: JsonViewProps) {
  const shown = useMemo(() => (parseStrings ? parseJsonString(value) : value), [parseStrings, value]);
  const tooDeep = useMemo(() => (jsonDepth(shown, SHOWN_DEPTH) > SHOWN_DEPTH ? jsonDepth(shown) : undefined), [shown]);
  return (
    // Data, not UI text: `translate="no"` (its show-all and item-count labels opt back in).
    <div translate="no" className="font-mono text-xs leading-5" aria-label={label} role={label ? 'group' : undefined}>
      <Node value={shown} depth={0} expandDepth={expandDepth} tooDeep={tooDeep} t={t} />
    </div>
  );
}
