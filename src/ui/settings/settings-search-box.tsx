import type { KeyboardEvent } from 'react';
import { settingsTabsText } from '../../i18n/settings-tabs.ts';
import type { Language } from '../../i18n/index.ts';
import { inputClass } from './settings-fields.tsx';

/** The search box of Settings; Esc clears a search before it would close the dialog. */
export function SettingsSearchBox(props: {
  query: string;
  onQuery: (query: string) => void;
  count: number | undefined;
  language: Language;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || props.query === '') return;
    event.preventDefault();
    event.stopPropagation();
    props.onQuery('');
  };
  return (
    <div className="flex flex-col gap-1">
      <input
        type="search"
        aria-label="Search settings"
        placeholder={settingsTabsText(props.language, 'searchPlaceholder')}
        className={inputClass}
        value={props.query}
        onChange={(event) => props.onQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p aria-live="polite" className="min-h-4 text-xs text-slate-600 dark:text-slate-300">
        {props.count === undefined ? '' : settingsTabsText(props.language, 'searchStatus', { count: props.count })}
      </p>
    </div>
  );
}
