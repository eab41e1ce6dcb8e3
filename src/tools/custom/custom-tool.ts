import type { JsonSchema } from '../../model/model.ts';
import { ATTR } from '../../trace/attributes.ts';
import type { AnyTool } from '../define-tool.ts';
import type { ToolContext } from '../tool-context.ts';
import { ToolError, describeError } from '../tool-error.ts';
import type { CustomToolDefinition } from './definition.ts';
import { checkJsonSchema, zodFromJsonSchema } from './json-schema-args.ts';
import { fillBodyTemplate, fillHeaders, fillUrlTemplate } from './url-template.ts';

/** Extra time the executor allows beyond the sandbox's own limit, so the sandbox reports its timeout first. */
const SANDBOX_START_ALLOWANCE_MS = 5000;

/** The sandbox program of a JavaScript tool: the arguments as `args`, then the user's code. */
export function javascriptToolSource(code: string, args: Record<string, unknown>): string {
  return `const args = ${JSON.stringify(args)};\n${code}`;
}

async function runJavascript(
  definition: CustomToolDefinition,
  args: Record<string, unknown>,
  context: ToolContext,
  timeoutMs: number,
): Promise<unknown> {
  if (!context.runSandboxed) {
    throw new ToolError(
      `${definition.name} is a JavaScript tool, and this environment has no JavaScript sandbox (Web Worker).`,
    );
  }
  const outcome = await context.runSandboxed(javascriptToolSource(definition.code, args), {
    timeoutMs,
    signal: context.signal,
    ...(definition.allowNetwork ? { network: true } : {}),
  });
  if (outcome.ok)
    return outcome.logs.length > 0
      ? { result: outcome.result ?? 'undefined', logs: outcome.logs }
      : (outcome.result ?? 'undefined');
  const failure = outcome.timedOut
    ? `The tool's code did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`
    : `The tool's code threw: ${outcome.error ?? 'unknown error'}`;
  // The sandbox runs offline, but a tool allowed the network then fails on its first request: say why.
  const problem = definition.allowNetwork && browserIsOffline() ? `${failure}\n${OFFLINE_NOTE}` : failure;
  throw new ToolError(
    outcome.logs.length > 0 ? `${problem}\nConsole output before that:\n${outcome.logs.join('\n')}` : problem,
  );
}

/** Why a JavaScript tool allowed the network failed while the browser has none. */
export const OFFLINE_NOTE =
  'The browser is offline: this tool is allowed the network, but none of its requests can leave until the connection is back.';

/** Whether the browser reports no network connection (`navigator.onLine` false; unknown counts as online). */
function browserIsOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

/** The explanation of a fetch that failed before any response: in a browser that is CORS or an unreachable server. */
export function explainFetchFailure(url: string, error: unknown): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // Keep the URL as it is.
  }
  return [
    `The request to ${origin} failed before any response (${describeError(error)}).`,
    `Either the server is unreachable, or the server did not allow this page (CORS): it must send Access-Control-Allow-Origin`,
    `for this page's origin (and Access-Control-Allow-Headers for any custom headers) in its responses and preflight.`,
  ].join(' ');
}

async function runHttp(
  definition: CustomToolDefinition,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<unknown> {
  const url = fillUrlTemplate(definition.urlTemplate.trim(), args);
  const headers = fillHeaders(definition.headers, args);
  const hasBody = definition.bodyTemplate.trim() !== '' && definition.method !== 'GET';
  let body: string | undefined;
  if (hasBody) {
    body = fillBodyTemplate(definition.bodyTemplate, args);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await context.fetch(url, {
      method: definition.method,
      headers,
      signal: context.signal,
      ...(body === undefined ? {} : { body }),
    });
  } catch (error) {
    if (context.signal.aborted) throw error;
    throw new ToolError(explainFetchFailure(url, error));
  }
  const text = await response.text();
  if (!response.ok)
    throw new ToolError(
      `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} from ${url}: ${text.slice(0, 500)}`,
    );
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/** Options for turning a definition into a tool. */
export interface CustomToolOptions {
  /** The run's tool time limit; JavaScript tools give it to the sandbox. */
  timeoutMs: number;
}

/** A custom tool as the executor runs it: arguments checked against its JSON Schema, approval when asked for. */
export function toCustomTool(definition: CustomToolDefinition, options: CustomToolOptions): AnyTool {
  const isJavascript = definition.kind === 'javascript';
  return {
    name: definition.name,
    description: definition.description,
    schema: zodFromJsonSchema(definition.parameters),
    parameters: definition.parameters as JsonSchema,
    restricted: definition.needsApproval,
    ...(isJavascript ? { timeoutMs: options.timeoutMs + SANDBOX_START_ALLOWANCE_MS } : {}),
    spanAttributes: { [ATTR.toolCustomKind]: definition.kind },
    execute: (args: Record<string, unknown>, context: ToolContext) =>
      isJavascript ? runJavascript(definition, args, context, options.timeoutMs) : runHttp(definition, args, context),
  };
}

/** The custom tools of the settings as tools. */
export function customTools(definitions: readonly CustomToolDefinition[], options: CustomToolOptions): AnyTool[] {
  return definitions.map((definition) => toCustomTool(definition, options));
}

/** The outcome of the editor's Test button. */
export type CustomToolTestResult = { ok: true; result: unknown } | { ok: false; message: string };

/** Runs a definition once with sample arguments, checked against its schema first (the editor's Test). */
export async function testCustomTool(
  definition: CustomToolDefinition,
  args: unknown,
  context: ToolContext,
  options: CustomToolOptions,
): Promise<CustomToolTestResult> {
  const issues = checkJsonSchema(definition.parameters, args);
  if (issues.length > 0) {
    return {
      ok: false,
      message: `The sample arguments do not match the schema: ${issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ')}`,
    };
  }
  try {
    return { ok: true, result: await toCustomTool(definition, options).execute(args, context) };
  } catch (error) {
    return { ok: false, message: describeError(error) };
  }
}
