import { describeError } from '../tool-error.ts';

/** The first request of MCP, used as a probe body. */
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'glassbox-connection-doctor', version: '1' },
  },
});

/** What the doctor needs: the page's fetch and origin (both injected in tests). */
export interface DoctorInput {
  url: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  /** The page's origin, e.g. `https://app.example`. */
  pageOrigin: string;
  signal?: AbortSignal;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.') || host.endsWith('.localhost');
}

async function tryFetch(input: DoctorInput, init: RequestInit): Promise<Response | Error> {
  try {
    return await input.fetch(input.url, { ...init, ...(input.signal ? { signal: input.signal } : {}) });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Finds out why the browser cannot talk to an MCP server, by probes whose outcomes a page can see: a simple POST
 * (no preflight) tells reachability and Access-Control-Allow-Origin; adding one header at a time tells which the
 * preflight refuses; a stateful server whose `mcp-session-id` cannot be read lacks Access-Control-Expose-Headers.
 * Returns the explanation, or undefined when every probe passes.
 */
export async function diagnoseMcpConnection(input: DoctorInput): Promise<string | undefined> {
  let target: URL;
  try {
    target = new URL(input.url);
  } catch {
    return `"${input.url}" is not a URL: enter the server's full address, e.g. https://example.com/mcp.`;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return `The MCP server URL must start with http:// or https://, not ${target.protocol}.`;
  if (input.pageOrigin.startsWith('https:') && target.protocol === 'http:' && !isLoopback(target.hostname)) {
    return `Mixed content: this page is served over HTTPS, so the browser blocks requests to http://${target.host}. Serve the MCP server over HTTPS.`;
  }
  const origin = input.pageOrigin;

  // 1. A simple request: no preflight, so only reachability and Access-Control-Allow-Origin matter.
  const simple = await tryFetch(input, { method: 'POST', body: INITIALIZE, headers: { 'content-type': 'text/plain' } });
  if (simple instanceof Error) {
    const opaque = await tryFetch(input, {
      method: 'POST',
      body: INITIALIZE,
      mode: 'no-cors',
      headers: { 'content-type': 'text/plain' },
    });
    if (opaque instanceof Error)
      return `The server at ${target.origin} is unreachable (${describeError(opaque)}): check the URL and that the server is running.`;
    return `The server answers but does not allow this page (CORS): its responses need Access-Control-Allow-Origin: ${origin} (or *), on the preflight (OPTIONS) too.`;
  }

  // 2. One non-simple header at a time: a refused one makes the preflight fail.
  const probes: Record<string, string> = {
    'content-type': 'application/json',
    'mcp-protocol-version': '2025-06-18',
    ...lowerCased(input.headers),
  };
  const refused: string[] = [];
  for (const [name, value] of Object.entries(probes)) {
    const outcome = await tryFetch(input, { method: 'POST', body: INITIALIZE, headers: { [name]: value } });
    if (outcome instanceof Error) refused.push(name);
  }
  if (refused.length > 0) {
    return `The server's preflight (OPTIONS) refuses the header${refused.length > 1 ? 's' : ''} ${refused.join(', ')}: add ${refused.length > 1 ? 'them' : 'it'} to Access-Control-Allow-Headers (the MCP client sends content-type, accept, mcp-protocol-version, mcp-session-id, last-event-id and your headers).`;
  }

  // 3. The full initialize, as the client sends it.
  const full = await tryFetch(input, {
    method: 'POST',
    body: INITIALIZE,
    headers: { ...probes, accept: 'application/json, text/event-stream' },
  });
  if (full instanceof Error)
    return `The server at ${target.origin} refused the MCP request (${describeError(full)}); check its Access-Control-Allow-Headers and Access-Control-Allow-Methods (POST, GET, DELETE).`;
  if (full.status === 401 || full.status === 403) {
    const hasAuth = Object.keys(lowerCased(input.headers)).includes('authorization');
    return hasAuth
      ? `The server answered ${full.status}: the token in your Authorization header was not accepted.`
      : `The server answered ${full.status}: it needs a token. Add a line "Authorization: Bearer <token>" to MCP headers.`;
  }
  if (full.status === 404 || full.status === 405)
    return `The server answered ${full.status} for POST ${target.pathname}: this URL does not take MCP requests (Streamable HTTP endpoints are often /mcp, older SSE ones /sse).`;
  if (!full.ok) return `The server answered ${full.status} ${full.statusText} to initialize.`;
  await full.text().catch(() => '');
  if (full.headers.get('mcp-session-id') !== null) return undefined;

  // 4. No readable session id: a stateless server works without one, a stateful one refuses the next request.
  const next = await tryFetch(input, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    headers: { ...probes, accept: 'application/json, text/event-stream' },
  });
  if (!(next instanceof Error) && (next.status === 400 || next.status === 404)) {
    return `The server keeps a session but the browser cannot read its mcp-session-id header: add Access-Control-Expose-Headers: mcp-session-id to its responses.`;
  }
  return undefined;
}

function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}
