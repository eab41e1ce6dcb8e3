import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { settingsTabsText } from '../../i18n/settings-tabs.ts';
import { classNames } from '../components/class-names.ts';
import { useLanguage } from '../use-t.ts';

/** The Settings tabs, in order; each id is also the tab's English accessible name (UI-CONTRACT.md "Settings sections"). */
export const SETTINGS_TABS = ['Model', 'Agent', 'Tools', 'Memory', 'Tracing', 'Data', 'Sync', 'Appearance'] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number];

const TEXT_KEYS = {
  Model: 'tab.model',
  Agent: 'tab.agent',
  Tools: 'tab.tools',
  Memory: 'tab.memory',
  Tracing: 'tab.tracing',
  Data: 'tab.data',
  Sync: 'tab.sync',
  Appearance: 'tab.appearance',
} as const satisfies Record<SettingsTabId, string>;

/** Where an arrow, Home or End key moves from `index` among `count` tabs; undefined for other keys. */
export function nextTabIndex(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * ARIA tabs (the WAI-ARIA Authoring Practices pattern, selection follows focus): one tab stop for the tab list,
 * arrows, Home and End move between tabs. Every panel stays mounted (hidden when not selected), so a tab's state,
 * such as a connection check or an MCP server being added, survives switching tabs.
 */
export function SettingsTabs(props: {
  selected: SettingsTabId;
  onSelect: (tab: SettingsTabId) => void;
  panels: Record<SettingsTabId, ReactNode>;
  /** While searching: how many settings match in each tab (a tab without matches is dimmed, its panel says so). */
  matchCounts?: ReadonlyMap<SettingsTabId, number> | undefined;
  /** What a panel without matches says. */
  emptyText?: string | undefined;
}) {
  const count = (tab: SettingsTabId) => props.matchCounts?.get(tab) ?? 0;
  const language = useLanguage();
  const prefix = useId();
  const tabRefs = useRef<Partial<Record<SettingsTabId, HTMLButtonElement | null>>>({});
  const tabId = (tab: SettingsTabId) => `${prefix}-tab-${tab}`;
  const panelId = (tab: SettingsTabId) => `${prefix}-panel-${tab}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = SETTINGS_TABS.indexOf(props.selected);
    const next = nextTabIndex(event.key, index, SETTINGS_TABS.length);
    if (next === undefined) return;
    event.preventDefault();
    const tab = SETTINGS_TABS[next] ?? props.selected;
    props.onSelect(tab);
    tabRefs.current[tab]?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={settingsTabsText(language, 'tablist')}
        className="flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-700"
        onKeyDown={onKeyDown}
      >
        {SETTINGS_TABS.map((tab) => (
          <SettingsTab
            key={tab}
            tab={tab}
            selected={tab === props.selected}
            matches={props.matchCounts ? count(tab) : undefined}
            tabId={tabId(tab)}
            panelId={panelId(tab)}
            tabRef={(element) => {
              tabRefs.current[tab] = element;
            }}
            onSelect={() => props.onSelect(tab)}
          />
        ))}
      </div>
      {SETTINGS_TABS.map((tab) => (
        <div
          key={tab}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== props.selected}
          className="pt-1"
        >
          {props.matchCounts && count(tab) === 0 ? (
            <p className="py-2 text-sm text-slate-600 dark:text-slate-300">{props.emptyText}</p>
          ) : null}
          {props.panels[tab]}
        </div>
      ))}
    </>
  );
}

/** One tab of the list: its name, and while searching how many settings match in it (dimmed when none). */
function SettingsTab({
  tab,
  selected,
  matches,
  tabId,
  panelId,
  tabRef,
  onSelect,
}: {
  tab: SettingsTabId;
  selected: boolean;
  /** How many settings match while searching; undefined when not searching. */
  matches: number | undefined;
  tabId: string;
  panelId: string;
  tabRef: (element: HTMLButtonElement | null) => void;
  onSelect: () => void;
}) {
  const language = useLanguage();
  return (
    <button
      ref={tabRef}
      type="button"
      role="tab"
      id={tabId}
      aria-label={tab}
      aria-selected={selected}
      aria-controls={panelId}
      tabIndex={selected ? 0 : -1}
      data-matches={matches}
      className={classNames(
        '-mb-px flex shrink-0 items-center gap-1 border-b-2 px-3 py-1.5 text-sm',
        selected
          ? 'border-sky-700 font-medium text-sky-800 dark:border-sky-400 dark:text-sky-300'
          : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
        matches === 0 ? 'opacity-60' : undefined,
      )}
      onClick={onSelect}
    >
      {settingsTabsText(language, TEXT_KEYS[tab])}
      {matches !== undefined && matches > 0 ? (
        <span className="rounded-full bg-sky-100 px-1.5 text-xs text-sky-900 dark:bg-sky-900 dark:text-sky-100">
          {matches}
        </span>
      ) : null}
    </button>
  );
}
