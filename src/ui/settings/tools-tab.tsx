import { useId } from 'react';
import type { Settings } from '../../config/settings.ts';
import { toolSummary } from '../../i18n/tools.ts';
import { saveSettings } from '../../store/actions/settings-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { builtinTools } from '../../tools/registry.ts';
import { useLanguage, useT } from '../use-t.ts';
import { CustomToolsSection } from './custom-tools-section.tsx';
import { McpServersSection } from './mcp-servers-section.tsx';
import type { SettingsTabProps } from './settings-fields.tsx';
import { SettingItem } from './setting-item.tsx';

/** One checkbox per built-in tool; a tool switched off is not offered to the model at all. */
function ToolToggles(props: {
  enabled: Settings['enabledTools'];
  onChange: (enabled: Settings['enabledTools']) => void;
  title: string;
}) {
  const language = useLanguage();
  const idPrefix = useId();
  const t = useT();
  const offCount = builtinTools.filter((tool) => props.enabled[tool.name] === false).length;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">{props.title}</legend>
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        {t('settings.toolsNote')} {offCount > 0 ? t('settings.toolsOff', { count: offCount }) : null}
      </p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {builtinTools.map((tool) => {
          const summary = toolSummary(language, tool.name);
          const descriptionId = `${idPrefix}-${tool.name}`;
          return (
            <label key={tool.name} className="flex items-start gap-2 text-xs">
              <input
                type="checkbox"
                aria-label={tool.name}
                aria-describedby={summary ? descriptionId : undefined}
                className="mt-0.5"
                checked={props.enabled[tool.name] !== false}
                onChange={(event) => props.onChange({ ...props.enabled, [tool.name]: event.target.checked })}
              />
              <span className="flex flex-col">
                <span>
                  <code>{tool.name}</code>
                  {tool.restricted ? (
                    <span className="ml-1 text-amber-700 dark:text-amber-400">{t('settings.toolNeedsApproval')}</span>
                  ) : null}
                </span>
                {summary ? (
                  <span id={descriptionId} className="text-slate-500 dark:text-slate-400">
                    {summary}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The Tools tab: built-in tool toggles, custom tools and MCP servers (the last two are stored at once). */
export function ToolsTab({ draft, update }: SettingsTabProps) {
  // MCP servers are stored the moment they change (and a connected server may announce new tools meanwhile), so
  // the list shown is the stored one, not the dialog's draft.
  const liveServers = useAppStore((state) => state.settings.mcpServers);
  const t = useT();
  return (
    <div className="flex flex-col gap-2">
      <SettingItem id="builtinTools">
        <ToolToggles
          enabled={draft.enabledTools}
          onChange={(enabledTools) => update('enabledTools', enabledTools)}
          title={t('settings.tools')}
        />
      </SettingItem>
      <SettingItem id="customTools">
        <CustomToolsSection
          tools={draft.customTools}
          enabled={draft.enabledTools}
          onEnabledChange={(enabledTools) => update('enabledTools', enabledTools)}
          onToolsChange={(customTools) => {
            update('customTools', customTools);
            void saveSettings({ ...useAppStore.getState().settings, customTools });
          }}
        />
      </SettingItem>
      <SettingItem id="mcpServers">
        <McpServersSection
          servers={liveServers}
          customNames={draft.customTools.map((tool) => tool.name)}
          enabled={draft.enabledTools}
          onEnabledChange={(enabledTools) => update('enabledTools', enabledTools)}
          onServersChange={(mcpServers) => void saveSettings({ ...useAppStore.getState().settings, mcpServers })}
        />
      </SettingItem>
    </div>
  );
}
