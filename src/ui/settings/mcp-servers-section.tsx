import { useState, type KeyboardEvent } from 'react';
import type { Settings } from '../../config/settings.ts';
import { toolFingerprint } from '../../tools/mcp/fingerprint.ts';
import type { McpServerEntry } from '../../tools/mcp/mcp-entry.ts';
import { offeredNamesForServers } from '../../tools/mcp/mcp-names.ts';
import { builtinTools } from '../../tools/registry.ts';
import { services } from '../../store/services.ts';
import { Button } from '../components/button.tsx';
import { useNames, useT } from '../use-t.ts';

const inputClass =
  'w-full rounded-md border border-zinc-300 bg-white px-2 py-1 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950';

/** Connects once to list the server's tools (the SDK is loaded here, on first use), then closes. */
async function listServer(url: string, headers: string): Promise<Omit<McpServerEntry, 'alwaysAllow'>> {
  const { connectMcp } = await import('../../tools/mcp/mcp-client.ts');
  const fetch = services().fetch;
  const connection = await connectMcp({
    url,
    headers,
    fetch: (input, init) => fetch(input, init),
    pageOrigin: location.origin,
  });
  await connection.close().catch(() => undefined);
  return { url, headers, name: connection.serverName, tools: connection.tools };
}

/** MCP servers in Settings: `Add MCP server`, then one group per connected server with its tools as toggles. */
export function McpServersSection(props: {
  servers: Settings['mcpServers'];
  customNames: readonly string[];
  enabled: Settings['enabledTools'];
  onEnabledChange: (enabled: Settings['enabledTools']) => void;
  /** Stores the new list at once. */
  onServersChange: (servers: Settings['mcpServers']) => void;
}) {
  const t = useT();
  const names = useNames();
  const [adding, setAdding] = useState(false);
  const [url, setUrl] = useState('');
  const [headers, setHeaders] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const offered = offeredNamesForServers(props.servers, [
    ...builtinTools.map((tool) => tool.name),
    ...props.customNames,
  ]);

  const connect = async (target: string, headerText: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const listed = await listServer(target.trim(), headerText);
      const previous = props.servers.find((server) => server.url === listed.url);
      const entry: McpServerEntry = { ...listed, alwaysAllow: previous?.alwaysAllow ?? {} };
      props.onServersChange(
        previous
          ? props.servers.map((server) => (server.url === listed.url ? entry : server))
          : [...props.servers, entry],
      );
      setAdding(false);
      setUrl('');
      setHeaders('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const onUrlKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter connects instead of submitting the Settings form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void connect(url, headers);
    }
  };

  const setAlwaysAllow = (server: McpServerEntry, toolName: string, allow: boolean) => {
    const tool = server.tools.find((candidate) => candidate.name === toolName);
    if (!tool) return;
    const alwaysAllow = { ...server.alwaysAllow };
    if (allow) alwaysAllow[toolName] = toolFingerprint(tool);
    else delete alwaysAllow[toolName];
    props.onServersChange(
      props.servers.map((candidate) => (candidate.url === server.url ? { ...server, alwaysAllow } : candidate)),
    );
  };

  return (
    <div className="mt-3 flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold">{t('tools.mcp.title')}</h3>
        <Button size="sm" onClick={() => setAdding((value) => !value)} aria-expanded={adding}>
          {t('tools.mcp.add')}
        </Button>
      </div>
      {adding ? (
        <div className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
          <label className="flex flex-col gap-1 text-xs font-medium">
            <span>{t('tools.mcp.url')}</span>
            <input
              aria-label="MCP server URL"
              type="url"
              className={inputClass}
              placeholder="https://example.com/mcp"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={onUrlKey}
            />
          </label>
          <label className="flex flex-col gap-1 text-xs font-medium">
            <span>{t('tools.mcp.headers')}</span>
            <textarea
              aria-label="MCP headers"
              rows={2}
              className={inputClass}
              placeholder="Authorization: Bearer …"
              value={headers}
              onChange={(event) => setHeaders(event.target.value)}
            />
          </label>
          <div className="flex items-center gap-2">
            <Button
              size="sm"
              variant="primary"
              onClick={() => void connect(url, headers)}
              disabled={busy || url.trim() === ''}
            >
              {t('tools.mcp.connect')}
            </Button>
            {busy ? <span className="text-xs text-zinc-500">{t('tools.mcp.connecting')}</span> : null}
          </div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('tools.mcp.note')}</p>
        </div>
      ) : null}
      {problem ? (
        <p role="alert" className="whitespace-pre-wrap text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      {props.servers.map((server) => {
        const offeredNames = offered.get(server.url);
        return (
          <div
            key={server.url}
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
                  disabled={busy}
                  onClick={() => void connect(server.url, server.headers)}
                >
                  {t('tools.mcp.reconnect')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={names('Remove server {server}', { server: server.name })}
                  onClick={() =>
                    props.onServersChange(props.servers.filter((candidate) => candidate.url !== server.url))
                  }
                >
                  {t('tools.custom.delete')}
                </Button>
              </span>
            </div>
            {server.tools.length === 0 ? <p className="text-zinc-500">{t('tools.mcp.noTools')}</p> : null}
            {server.tools.map((tool) => {
              const offeredName = offeredNames?.get(tool.name) ?? tool.name;
              const allowed = server.alwaysAllow[tool.name];
              const changed = allowed !== undefined && allowed !== toolFingerprint(tool);
              return (
                <div key={tool.name} className="flex flex-wrap items-center gap-2">
                  <label className="flex items-center gap-1">
                    <input
                      type="checkbox"
                      aria-label={tool.name}
                      checked={props.enabled[offeredName] !== false}
                      onChange={(event) =>
                        props.onEnabledChange({ ...props.enabled, [offeredName]: event.target.checked })
                      }
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
                      onChange={(event) => setAlwaysAllow(server, tool.name, event.target.checked)}
                    />
                    {t('tools.mcp.alwaysAllow')}
                  </label>
                  {changed ? (
                    <span className="w-full text-amber-700 dark:text-amber-400">{t('tools.mcp.changed')}</span>
                  ) : null}
                  {tool.description ? (
                    <span className="w-full text-zinc-500 dark:text-zinc-400">{tool.description}</span>
                  ) : null}
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}
