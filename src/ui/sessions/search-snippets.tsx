import { useMemo } from 'react';
import { highlightParts, searchTerms, type SearchSnippet } from '../../db/search-match.ts';
import { useNames, useT } from '../use-t.ts';

interface SearchSnippetsProps {
  snippets: SearchSnippet[] | undefined;
  query: string;
  onOpen(entryId: string): void;
}

/**
 * Under a session the search matched: its matching messages, the terms marked. Each is a button that opens the
 * session at that message. The text is the message's own, rendered as text (never HTML).
 */
export function SearchSnippets({ snippets, query, onOpen }: SearchSnippetsProps) {
  const names = useNames();
  const t = useT();
  const terms = useMemo(() => searchTerms(query), [query]);
  const parts = useMemo(() => snippets?.map((snippet) => highlightParts(snippet.text, terms)), [snippets, terms]);
  if (!snippets || snippets.length === 0) return null;
  return (
    <ul
      aria-label={names('Matching messages')}
      title={t('sessions.matchingMessages')}
      className="space-y-0.5 px-1 pb-1.5"
    >
      {snippets.map((snippet, position) => (
        <li key={snippet.entryId}>
          <button
            type="button"
            data-testid="search-snippet"
            className="w-full rounded px-1.5 py-1 text-left text-xs leading-snug text-slate-600 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-700"
            onClick={() => onOpen(snippet.entryId)}
          >
            {(parts?.[position] ?? []).map((part, index) =>
              part.hit ? (
                <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700/60">
                  {part.text}
                </mark>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
