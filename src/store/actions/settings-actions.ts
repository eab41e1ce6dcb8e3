import type { Settings } from '../../config/settings.ts';
import type { McpToolInfo } from '../../tools/mcp/mcp-entry.ts';
import { useAppStore } from '../app-store.ts';
import { prepareLanguageOf } from './current-language.ts';
import { services } from '../services.ts';
import { reportStorageError } from './storage-errors.ts';

/** Saves settings; they apply from the next message on (a new language once its strings are loaded). */
export async function saveSettings(settings: Settings): Promise<void> {
  const language = prepareLanguageOf(settings.language);
  if (language) await language;
  useAppStore.getState().setSettings(settings);
  try {
    await services().persistence.saveSettings(settings);
    services().broadcast?.({ type: 'settings-changed' });
  } catch (error) {
    reportStorageError(error);
  }
}

/** Changes one setting and saves. */
export async function updateSetting<K extends keyof Settings>(key: K, value: Settings[K]): Promise<void> {
  await saveSettings({ ...useAppStore.getState().settings, [key]: value });
}

/**
 * Keeps the tool list a connected MCP server announced (`notifications/tools/list_changed`): later runs and the
 * Settings group see it. "Allow always" answers stay with each tool and hold only while its fingerprint is unchanged.
 */
export function keepMcpServerTools(serverUrl: string, tools: McpToolInfo[]): void {
  const servers = useAppStore.getState().settings.mcpServers;
  if (!servers.some((server) => server.url === serverUrl)) return;
  void updateSetting(
    'mcpServers',
    servers.map((server) => (server.url === serverUrl ? { ...server, tools } : server)),
  );
}
