import { useState, type KeyboardEvent } from 'react';
import type { Settings } from '../../config/settings.ts';
import { toolFingerprint } from '../../tools/mcp/fingerprint.ts';
import type { McpServerEntry } from '../../tools/mcp/mcp-entry.ts';
import { offeredNamesForServers } from '../../tools/mcp/mcp-names.ts';
import { builtinTools } from '../../tools/registry.ts';
import { services } from '../../store/services.ts';
import { Button } from '../components/button.tsx';
import { useT } from '../use-t.ts';
import { McpServerGroup } from './mcp-server-group.tsx';

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

/**
 * The servers with one tool of `server` always allowed (remembering the tool's fingerprint, so a changed tool asks
 * again) or no longer; undefined when the server has no such tool.
 */
function withAlwaysAllow(
  servers: Settings['mcpServers'],
  server: McpServerEntry,
  toolName: string,
  allow: boolean,
): Settings['mcpServers'] | undefined {
  const tool = server.tools.find((candidate) => candidate.name === toolName);
  if (!tool) return undefined;
  const alwaysAllow = { ...server.alwaysAllow };
  if (allow) alwaysAllow[toolName] = toolFingerprint(tool);
  else delete alwaysAllow[toolName];
  return servers.map((candidate) => (candidate.url === server.url ? { ...server, alwaysAllow } : candidate));
}

/** The form adding a server: its URL, optional headers, and Connect (Enter in the URL box connects too). */
function McpAddForm({
  url,
  headers,
  busy,
  onUrl,
  onHeaders,
  onConnect,
}: {
  url: string;
  headers: string;
  busy: boolean;
  onUrl: (url: string) => void;
  onHeaders: (headers: string) => void;
  onConnect: () => void;
}) {
  const t = useT();
  const onUrlKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter connects instead of submitting the Settings form.
    if (event.key === 'Enter') {
      event.preventDefault();
      onConnect();
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-700">
      <label className="flex flex-col gap-1 text-xs font-medium">
        <span>{t('tools.mcp.url')}</span>
        <input
          aria-label="MCP server URL"
          type="url"
          className={inputClass}
          placeholder="https://example.com/mcp"
          value={url}
          onChange={(event) => onUrl(event.target.value)}
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
          onChange={(event) => onHeaders(event.target.value)}
        />
      </label>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="primary" onClick={onConnect} disabled={busy || url.trim() === ''}>
          {t('tools.mcp.connect')}
        </Button>
        {busy ? <span className="text-xs text-zinc-500">{t('tools.mcp.connecting')}</span> : null}
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('tools.mcp.note')}</p>
    </div>
  );
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

  return (
    <div className="mt-3 flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold">{t('tools.mcp.title')}</h3>
        <Button size="sm" onClick={() => setAdding((value) => !value)} aria-expanded={adding}>
          {t('tools.mcp.add')}
        </Button>
      </div>
      {adding ? (
        <McpAddForm
          url={url}
          headers={headers}
          busy={busy}
          onUrl={setUrl}
          onHeaders={setHeaders}
          onConnect={() => void connect(url, headers)}
        />
      ) : null}
      {problem ? (
        <p role="alert" className="whitespace-pre-wrap text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      ) : null}
      {props.servers.map((server) => (
        <McpServerGroup
          key={server.url}
          server={server}
          offeredNames={offered.get(server.url)}
          enabled={props.enabled}
          busy={busy}
          onEnabledChange={props.onEnabledChange}
          onReconnect={() => void connect(server.url, server.headers)}
          onRemove={() => props.onServersChange(props.servers.filter((candidate) => candidate.url !== server.url))}
          onAlwaysAllow={(toolName, allow) => {
            const servers = withAlwaysAllow(props.servers, server, toolName, allow);
            if (servers) props.onServersChange(servers);
          }}
        />
      ))}
    </div>
  );
}
