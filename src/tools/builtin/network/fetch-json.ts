import type { ToolContext } from '../../tool-context.ts';
import { createAttemptSignal, raceAbort } from '../../../model/abort.ts';
import { ToolError, abortError, describeError } from '../../tool-error.ts';

/** Who is asking and whom: used to write error messages the model understands. */
export interface FetchJsonOptions {
  /** The calling tool's name, e.g. `get_weather`. */
  toolName: string;
  /** The remote service, e.g. `Open-Meteo`. */
  service: string;
  timeoutMs: number;
}

/**
 * GETs a URL and parses JSON, with a timeout combined with the run's signal.
 * Offline, timeout and HTTP errors become `ToolError`s; an abort rethrows the abort reason.
 */
export async function fetchJson(
  context: Pick<ToolContext, 'fetch' | 'signal'>,
  url: string,
  options: FetchJsonOptions,
): Promise<unknown> {
  const { signal } = context;
  if (signal.aborted) throw abortError(signal);
  const attempt = createAttemptSignal(signal, options.timeoutMs);
  // Call fetch detached from the context object: `window.fetch` throws "Illegal invocation" when `this` is not the window.
  const fetchFunction = context.fetch;
  const fail = (error: unknown): never => {
    if (signal.aborted) throw abortError(signal);
    if (attempt.timedOut) {
      throw new ToolError(
        `${options.toolName} timed out after ${formatSeconds(options.timeoutMs)}: ${options.service} did not answer in time. Try again later.`,
      );
    }
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      `${options.toolName} needs network access and could not reach ${options.service} (offline?): ${describeError(error)}`,
    );
  };
  try {
    let response: Response;
    let text: string;
    try {
      // raceAbort: fakes and some bodies ignore signals.
      response = await raceAbort(fetchFunction(url, { signal: attempt.signal }), attempt.signal);
      text = await raceAbort(response.text(), attempt.signal);
    } catch (error) {
      return fail(error);
    }
    if (!response.ok) {
      throw new ToolError(
        `${options.service} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}: ${errorReason(text)}`,
      );
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ToolError(`${options.service} sent a response that is not JSON: ${text.slice(0, 200)}`);
    }
  } finally {
    attempt.dispose();
  }
}

/** Pulls a human reason out of an error body (Open-Meteo `reason`, MediaWiki `error.info`), else the text. */
function errorReason(text: string): string {
  try {
    const body = JSON.parse(text) as { reason?: unknown; error?: { info?: unknown } };
    if (typeof body.reason === 'string') return body.reason;
    if (body.error && typeof body.error.info === 'string') return body.error.info;
  } catch {
    // not JSON: fall through to the raw text
  }
  const trimmed = text.trim();
  return trimmed ? trimmed.slice(0, 200) : 'no details';
}

function formatSeconds(milliseconds: number): string {
  return `${Math.round(milliseconds / 100) / 10} s`;
}
