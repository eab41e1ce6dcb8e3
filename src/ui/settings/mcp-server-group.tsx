import type { Settings } from '../../config/settings.ts';
import { toolFingerprint } from '../../tools/mcp/fingerprint.ts';
import type { McpServerEntry } from '../../tools/mcp/mcp-entry.ts';
import { Button } from '../components/button.tsx';
import { useNames, useT } from '../use-t.ts';

type McpTool = McpServerEntry['tools'][number];

/** One connected MCP server: its name and URL, Reconnect and Remove, and a row per tool. */
export function McpServerGroup(props: {
  server: McpServerEntry;
  /** The name a run offers each tool under (a tool clashing with another is renamed). */
  offeredNames: ReadonlyMap<string, string> | undefined;
  enabled: Settings['enabledTools'];
  busy: boolean;
  onEnabledChange: (enabled: Settings['enabledTools']) => void;
  onReconnect: () => void;
  onRemove: () => void;
  onAlwaysAllow: (toolName: string, allow: boolean) => void;
}) {
  const t = useT();
  const names = useNames();
  const { server, enabled } = props;
  return (
    <div
      role="group"
      aria-label={server.name}
      className="flex flex-col gap-1 rounded-md border border-zinc-200 p-2 text-xs dark:border-zinc-700"
    >
      <div className="flex items-center gap-2">
        <strong>{server.name}</strong>
        <span className="truncate text-zinc-500 dark:text-zinc-400">{server.url}</span>
        <span className="ml-auto flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={names('Reconnect {server}', { server: server.name })}
            disabled={props.busy}
            onClick={props.onReconnect}
          >
            {t('tools.mcp.reconnect')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={names('Remove server {server}', { server: server.name })}
            onClick={props.onRemove}
          >
            {t('tools.custom.delete')}
          </Button>
        </span>
      </div>
      {server.tools.length === 0 ? <p className="text-zinc-500">{t('tools.mcp.noTools')}</p> : null}
      {server.tools.map((tool) => {
        const offeredName = props.offeredNames?.get(tool.name) ?? tool.name;
        return (
          <McpToolRow
            key={tool.name}
            tool={tool}
            offeredName={offeredName}
            allowed={server.alwaysAllow[tool.name]}
            enabled={enabled[offeredName] !== false}
            onEnabled={(on) => props.onEnabledChange({ ...enabled, [offeredName]: on })}
            onAlwaysAllow={(allow) => props.onAlwaysAllow(tool.name, allow)}
          />
        );
      })}
    </div>
  );
}

/**
 * One tool of a server: on/off (under the name a run offers it), Always allow (void when the tool changed since it
 * was allowed: a changed tool asks again) and its description.
 */
function McpToolRow(props: {
  tool: McpTool;
  offeredName: string;
  /** The fingerprint of the tool when it was always allowed. */
  allowed: string | undefined;
  enabled: boolean;
  onEnabled: (on: boolean) => void;
  onAlwaysAllow: (allow: boolean) => void;
}) {
  const t = useT();
  const names = useNames();
  const { tool, offeredName, allowed } = props;
  const changed = allowed !== undefined && allowed !== toolFingerprint(tool);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          aria-label={tool.name}
          checked={props.enabled}
          onChange={(event) => props.onEnabled(event.target.checked)}
        />
        <code>{tool.name}</code>
      </label>
      {offeredName === tool.name ? null : (
        <span className="text-zinc-500">
          → <code>{offeredName}</code>
        </span>
      )}
      <label className="ml-auto flex items-center gap-1 text-zinc-600 dark:text-zinc-300">
        <input
          type="checkbox"
          aria-label={names('Always allow {tool}', { tool: tool.name })}
          checked={allowed !== undefined && !changed}
          onChange={(event) => props.onAlwaysAllow(event.target.checked)}
        />
        {t('tools.mcp.alwaysAllow')}
      </label>
      {changed ? <span className="w-full text-amber-700 dark:text-amber-400">{t('tools.mcp.changed')}</span> : null}
      {tool.description ? <span className="w-full text-zinc-500 dark:text-zinc-400">{tool.description}</span> : null}
    </div>
  );
}
