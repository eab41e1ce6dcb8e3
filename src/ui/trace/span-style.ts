import type { SpanKind, SpanStatus } from '../../trace/span.ts';

/** Tailwind classes for a status dot and waterfall bar. */
export const STATUS_BAR: Record<SpanStatus, string> = {
  ok: 'bg-emerald-500 dark:bg-emerald-400',
  error: 'bg-red-500 dark:bg-red-400',
  cancelled: 'bg-zinc-400 dark:bg-zinc-500',
  running: 'bg-sky-500 dark:bg-sky-400 animate-pulse motion-reduce:animate-none',
};

/** Tailwind classes for a status badge. */
export const STATUS_BADGE: Record<SpanStatus, string> = {
  ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  cancelled: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200',
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
};

/** Tailwind classes for a kind badge. */
export const KIND_BADGE: Record<SpanKind, string> = {
  run: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/50 dark:text-indigo-200',
  llm: 'bg-violet-100 text-violet-800 dark:bg-violet-900/50 dark:text-violet-200',
  tool: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  retry: 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-200',
  compaction: 'bg-teal-100 text-teal-900 dark:bg-teal-900/50 dark:text-teal-200',
  memory: 'bg-cyan-100 text-cyan-900 dark:bg-cyan-900/50 dark:text-cyan-200',
  approval: 'bg-pink-100 text-pink-900 dark:bg-pink-900/50 dark:text-pink-200',
  agent: 'bg-lime-100 text-lime-900 dark:bg-lime-900/50 dark:text-lime-200',
  mcp: 'bg-stone-200 text-stone-800 dark:bg-stone-700 dark:text-stone-100',
  plan: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-200',
  reflection: 'bg-fuchsia-100 text-fuchsia-900 dark:bg-fuchsia-900/50 dark:text-fuchsia-200',
};

/** Every span kind, in the order filters list them. */
export const SPAN_KINDS: readonly SpanKind[] = [
  'run',
  'agent',
  'llm',
  'plan',
  'tool',
  'reflection',
  'retry',
  'compaction',
  'memory',
  'approval',
  'mcp',
];
