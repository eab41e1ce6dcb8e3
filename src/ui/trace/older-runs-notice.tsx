import { bigSessionText } from '../../i18n/big-session.ts';
import { loadOlderSpans } from '../../store/actions/long-session.ts';
import { useLanguage } from '../use-t.ts';

/** Above the trace of a long session opened at its latest run: how many spans are not read, and a way to read them. */
export function OlderRunsNotice({ sessionId, count, loading }: { sessionId: string; count: number; loading: boolean }) {
  const language = useLanguage();
  return (
    <div
      role="status"
      data-testid="trace-older-runs"
      className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-3 py-2 text-xs text-zinc-600 dark:border-slate-800 dark:text-zinc-300"
    >
      <span className="min-w-0 flex-1">
        {bigSessionText(language, 'olderRuns', { count: count.toLocaleString(language) })}
      </span>
      <button
        type="button"
        disabled={loading}
        onClick={() => void loadOlderSpans(sessionId)}
        className="rounded border border-zinc-300 px-2 py-0.5 font-medium hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        {bigSessionText(language, loading ? 'loadingOlder' : 'loadOlder')}
      </button>
    </div>
  );
}
