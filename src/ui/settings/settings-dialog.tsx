import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { Settings } from '../../config/settings.ts';
import { settingsTabsText } from '../../i18n/settings-tabs.ts';
import { saveSettings } from '../../store/actions/settings-actions.ts';
import { saveSyncSettings } from '../../store/actions/sync-actions.ts';
import type { SyncSettings } from '../../sync/sync-types.ts';
import { useAppStore } from '../../store/app-store.ts';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage, useT } from '../use-t.ts';
import { AgentTab } from './agent-tab.tsx';
import { AppearanceTab } from './appearance-tab.tsx';
import { DataTab } from './data-tab.tsx';
import { MemoryTab } from './memory-tab.tsx';
import { ModelTab } from './model-tab.tsx';
import type { SettingsTabProps, UpdateSetting } from './settings-fields.tsx';
import { SettingsMatchContext } from './setting-item.tsx';
import { SettingsSearchBox } from './settings-search-box.tsx';
import { searchSettings, searchTerms } from './settings-search.ts';
import { SETTINGS_TABS, SettingsTabs, type SettingsTabId } from './settings-tabs.tsx';
import { SyncTab } from './sync-tab.tsx';
import { ToolsTab } from './tools-tab.tsx';
import { TracingTab } from './tracing-tab.tsx';

/** The Settings dialog: one draft of every setting, edited across tabs, stored by Save. */
export function SettingsDialog() {
  const t = useT();
  const saved = useAppStore((state) => state.settings);
  const setUi = useAppStore((state) => state.setUi);
  const [draft, setDraft] = useState<Settings>(saved);
  const [tab, setTab] = useState<SettingsTabId>('Model');
  const [query, setQuery] = useState('');
  // Sync settings are kept apart from Settings (on this device only): the Sync tab edits this draft.
  const syncDraft = useRef<SyncSettings | null>(null);
  const keepSyncDraft = (next: SyncSettings) => {
    syncDraft.current = next;
  };
  const language = useLanguage();
  const searching = searchTerms(query).length > 0;
  const found = useMemo(() => searchSettings(query), [query]);

  const search = (next: string) => {
    setQuery(next);
    // Show a tab with matches when the one open has none.
    const result = searchSettings(next);
    setTab((current) =>
      (result.perTab.get(current) ?? 0) > 0
        ? current
        : (SETTINGS_TABS.find((id) => (result.perTab.get(id) ?? 0) > 0) ?? current),
    );
  };

  const close = () => setUi({ settingsOpen: false });
  const update: UpdateSetting = (key, value) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // MCP servers were stored as they changed; the draft's copy may be older than the stored one.
    void saveSettings({ ...draft, mcpServers: useAppStore.getState().settings.mcpServers });
    if (syncDraft.current) void saveSyncSettings(syncDraft.current);
    close();
  };

  const props: SettingsTabProps = { draft, update, setDraft };
  return (
    // Focus goes back to where it was (the Settings button) when the dialog closes.
    <Dialog
      open
      label="Settings"
      onClose={close}
      closeOnBackdrop={false}
      widthClassName="w-[min(44rem,95vw)]"
      placement="top"
      bodyClassName="p-0"
    >
      <form onSubmit={submit} className="flex flex-col gap-4 p-5">
        <h2 className="text-lg font-semibold">{t('settings.title')}</h2>
        <SettingsSearchBox
          query={query}
          onQuery={search}
          count={searching ? found.ids.size : undefined}
          language={language}
        />
        <SettingsMatchContext value={searching ? found.ids : null}>
          <SettingsTabs
            selected={tab}
            onSelect={setTab}
            {...(searching
              ? {
                  matchCounts: found.perTab,
                  emptyText: settingsTabsText(language, found.ids.size === 0 ? 'noMatch' : 'noMatchInTab', {
                    query: query.trim(),
                  }),
                }
              : {})}
            panels={{
              Model: <ModelTab {...props} />,
              Agent: <AgentTab {...props} />,
              Tools: <ToolsTab {...props} />,
              Memory: <MemoryTab {...props} />,
              Tracing: <TracingTab {...props} />,
              Data: <DataTab {...props} />,
              Sync: <SyncTab onDraft={keepSyncDraft} />,
              Appearance: <AppearanceTab {...props} />,
            }}
          />
        </SettingsMatchContext>
        <SettingsFooter onCancel={close} />
      </form>
    </Dialog>
  );
}

/** Cancel and Save, held at the bottom of the dialog while the tabs scroll. */
function SettingsFooter({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  return (
    <div className="sticky bottom-0 flex justify-end gap-2 border-t border-slate-200 bg-white pt-3 dark:border-slate-700 dark:bg-slate-900">
      <button
        type="button"
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm dark:border-slate-600"
        onClick={onCancel}
      >
        {t('settings.cancel')}
      </button>
      <button
        type="submit"
        className="rounded-md bg-sky-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-sky-800"
        aria-label="Save"
      >
        {t('settings.save')}
      </button>
    </div>
  );
}
