import type { SessionRecord } from '../../db/schema.ts';
import { fillPlaceholders, type traceStrings } from '../../i18n/trace.ts';
import { switchSession } from '../../store/actions/session-actions.ts';
import { useNames } from '../use-t.ts';

const LINK_CLASSES =
  'rounded px-1 text-indigo-700 underline hover:bg-indigo-50 disabled:text-slate-400 disabled:no-underline dark:text-indigo-300 dark:hover:bg-indigo-950';

/** The links between a fork and its original: "forked from … at step n" with Open original and Compare, and the forks of this session. */
export function ForkLinks(props: {
  forkedFrom: SessionRecord['forkedFrom'];
  originalTitle: string | undefined;
  forks: SessionRecord[];
  canCompare: boolean;
  onCompare: () => void;
  strings: (typeof traceStrings)['en'];
}) {
  const { forkedFrom, originalTitle, forks, strings } = props;
  const names = useNames();
  return (
    <div
      data-testid="fork-links"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 px-4 py-1 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-300"
    >
      {forkedFrom ? (
        <>
          <span data-testid="forked-from">
            {originalTitle === undefined
              ? strings['fork.originalGone']
              : fillPlaceholders(strings['fork.forkedFrom'], { title: originalTitle, step: forkedFrom.step })}
          </span>
          {originalTitle === undefined ? null : (
            <button
              type="button"
              aria-label={names('Open original')}
              className={LINK_CLASSES}
              onClick={() => void switchSession(forkedFrom.sessionId)}
            >
              {strings['fork.openOriginal']}
            </button>
          )}
          {originalTitle === undefined ? null : (
            <button
              type="button"
              aria-label={names('Compare with original')}
              disabled={!props.canCompare}
              className={LINK_CLASSES}
              onClick={props.onCompare}
            >
              {strings['fork.compare']}
            </button>
          )}
        </>
      ) : null}
      {forks.length > 0 ? (
        <>
          <span>{strings['fork.forks']}</span>
          {forks.map((fork) => (
            <button
              key={fork.id}
              type="button"
              aria-label={names('Open fork {title}', { title: fork.title })}
              className={LINK_CLASSES}
              onClick={() => void switchSession(fork.id)}
            >
              {fillPlaceholders(strings['fork.forkAt'], { title: fork.title, step: fork.forkedFrom?.step ?? 0 })}
            </button>
          ))}
        </>
      ) : null}
    </div>
  );
}
