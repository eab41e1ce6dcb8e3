import { stringifyJson } from '../json/deep-json.ts';

/** The outcome of sending traces to a collector: errors are data with a message for the user. */
export type OtlpPostResult = { ok: true } | { ok: false; message: string };

/** A `fetch` as the browser has it; injected so tests never touch the network. */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/**
 * The traces URL for a collector endpoint: a base such as `http://localhost:4318` or
 * `https://cloud.langfuse.com/api/public/otel` gets `/v1/traces` appended; a URL already ending in it is kept.
 */
export function otlpTracesUrl(endpoint: string): string {
  const url = new URL(endpoint.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`unsupported protocol ${url.protocol}`);
  if (!/\/v1\/traces\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.toString();
}

/**
 * Parses collector headers written as `Name=value` or `Name: value`, one per line or comma-separated
 * (the `OTEL_EXPORTER_OTLP_HEADERS` format), e.g. `Authorization=Basic cGs6c2s=`.
 */
export function parseOtlpHeaders(
  text: string,
): { ok: true; headers: Record<string, string> } | { ok: false; message: string } {
  const headers: Record<string, string> = {};
  const items = text.split(/\r?\n|,(?=\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+\s*[=:])/);
  for (const raw of items) {
    const item = raw.trim();
    if (item === '' || item.startsWith('#')) continue;
    const colon = item.indexOf(':');
    const equals = item.indexOf('=');
    const separator = colon === -1 ? equals : equals === -1 ? colon : Math.min(colon, equals);
    if (separator <= 0)
      return { ok: false, message: `Header "${item}" has no name: write it as Name=value or Name: value.` };
    const name = item.slice(0, separator).trim();
    const value = item.slice(separator + 1).trim();
    if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name))
      return { ok: false, message: `"${name}" is not a valid header name.` };
    headers[name] = value;
  }
  return { ok: true, headers };
}

async function responseSnippet(response: Response): Promise<string> {
  try {
    const text = (await response.text()).trim().replace(/\s+/g, ' ');
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  } catch {
    return '';
  }
}

function rejectedSpans(text: string): { count: number; message: string } | undefined {
  try {
    const body = JSON.parse(text) as { partialSuccess?: { rejectedSpans?: number | string; errorMessage?: string } };
    const count = Number(body.partialSuccess?.rejectedSpans ?? 0);
    if (count > 0) return { count, message: body.partialSuccess?.errorMessage ?? '' };
  } catch {
    // Not JSON: collectors may answer with an empty or protobuf body on success.
  }
  return undefined;
}

/**
 * POSTs an OTLP/HTTP JSON request to a collector and explains failures: CORS or network refusals, rejected
 * credentials (401/403), a wrong path (404) and any other status, with the collector's own words.
 */
export async function postOtlp(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  fetch: FetchLike,
  signal?: AbortSignal,
): Promise<OtlpPostResult> {
  let target: string;
  try {
    target = otlpTracesUrl(url);
  } catch {
    return {
      ok: false,
      message: `"${url}" is not a valid collector URL. Use an http(s) address such as http://localhost:4318.`,
    };
  }
  const origin = new URL(target).origin;
  let response: Response;
  try {
    const init: RequestInit = {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : (stringifyJson(body) ?? ''),
    };
    if (signal) init.signal = signal;
    response = await fetch(target, init);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError')
      return { ok: false, message: 'The export was cancelled.' };
    return {
      ok: false,
      message:
        `Could not reach the collector at ${origin}: the browser blocked the request (CORS) or the network failed. ` +
        `Check that the collector is running and allows requests from this page: it must answer the preflight with ` +
        `Access-Control-Allow-Origin for this origin and Access-Control-Allow-Headers for Content-Type and your custom headers.`,
    };
  }
  if (response.ok) {
    const rejected = rejectedSpans(await responseSnippet(response));
    if (rejected) {
      return {
        ok: false,
        message: `The collector rejected ${rejected.count} span(s)${rejected.message ? `: ${rejected.message}` : '.'}`,
      };
    }
    return { ok: true };
  }
  const snippet = await responseSnippet(response);
  const detail = snippet ? ` It said: ${snippet}` : '';
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      message:
        `The collector refused the credentials (HTTP ${response.status}). Check the authorization header — for Langfuse: ` +
        `Authorization=Basic base64(publicKey:secretKey).${detail}`,
    };
  }
  if (response.status === 404 || response.status === 405) {
    return {
      ok: false,
      message: `The collector has no OTLP traces endpoint at ${target} (HTTP ${response.status}). Check the URL.${detail}`,
    };
  }
  if (response.status === 413)
    return { ok: false, message: `The trace is too large for the collector (HTTP 413).${detail}` };
  if (response.status === 415) {
    return {
      ok: false,
      message: `The collector does not accept OTLP JSON (HTTP 415); enable OTLP/HTTP JSON on it.${detail}`,
    };
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return { ok: false, message: `The collector answered HTTP ${response.status}${statusText}.${detail}` };
}
