import { createContext, useContext, type ReactNode } from 'react';

/** The ids of the settings matching the search (see settings-search.ts); null while nothing is searched. */
export const SettingsMatchContext = createContext<ReadonlySet<string> | null>(null);

/**
 * One searchable setting: hidden while a search is on and it does not match. It stays mounted (and takes no box
 * of its own: `display: contents`), so hiding it loses nothing typed into it.
 */
export function SettingItem(props: { id: string; children: ReactNode }) {
  const matches = useContext(SettingsMatchContext);
  return (
    <div className="contents" data-setting={props.id} hidden={matches !== null && !matches.has(props.id)}>
      {props.children}
    </div>
  );
}
