import type { AnyTool } from '../tools/define-tool.ts';
import { scanJsonValue } from './json-scan.ts';

/** Tool arguments parsed from the model's text, or what is wrong with them. */
export type ArgumentsParseResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

/** Tool arguments validated against the tool's schema, or the schema violations in words. */
export type ArgumentsValidationResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Parses a tool call's argument text without ever throwing: an empty string is `{}`, a surrounding markdown
 * fence and trailing text after the JSON object are tolerated, anything else is described with its position.
 */
export function parseToolArguments(raw: string): ArgumentsParseResult {
  const text = unwrapFence(raw.trim());
  if (text === '') return { ok: true, value: {} };
  const scan = scanJsonValue(text, 0);
  if (!scan.ok) {
    return {
      ok: false,
      message: `invalid JSON at position ${scan.position} (line ${scan.line}, column ${scan.column}): ${scan.problem}`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text.slice(0, scan.end));
  } catch (error) {
    return { ok: false, message: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  // Some models encode the object twice: "{\"city\": \"Paris\"}".
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    const inner = parseToolArguments(value);
    if (inner.ok) return inner;
  }
  if (isPlainObject(value)) return { ok: true, value };
  return {
    ok: false,
    message: `the arguments must be one JSON object like {"name": value}, not ${describeJsonType(value)}`,
  };
}

/** Validates parsed arguments with the tool's zod schema; messages name the path, e.g. `city: expected string, received number`. */
export async function validateToolArguments(tool: AnyTool, value: unknown): Promise<ArgumentsValidationResult> {
  try {
    const result = await tool.schema.safeParseAsync(value);
    if (result.success) return { ok: true, value: result.data };
    return { ok: false, message: formatIssues(result.error.issues) };
  } catch (error) {
    // A refinement inside the tool's schema threw: still data for the model, not a crash of the loop.
    return {
      ok: false,
      message: `the arguments could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** The shape of a zod issue this module reads (zod 4's `$ZodIssue` has more). */
export interface SchemaIssue {
  code?: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
}

/** Formats schema issues as `path: problem` lines joined by `; `. */
export function formatIssues(issues: readonly SchemaIssue[]): string {
  return issues.map((issue) => `${formatPath(issue.path)}: ${describeIssue(issue)}`).join('; ');
}

function describeIssue(issue: SchemaIssue): string {
  if (issue.code === 'invalid_type' && issue.message.endsWith(' received undefined')) {
    return `required, expected ${String(issue.expected ?? 'a value')}`;
  }
  return issue.message.replace(/^Invalid (input|option):\s*/, '');
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(arguments)';
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out;
}

/** Removes a markdown code fence around the whole text, if there is one (text after the closing fence is dropped). */
function unwrapFence(text: string): string {
  if (!text.startsWith('```')) return text;
  const firstLineEnd = text.indexOf('\n');
  const afterOpener = firstLineEnd === -1 ? text.slice(3).replace(/^[a-zA-Z0-9_-]*/, '') : text.slice(firstLineEnd + 1);
  const close = afterOpener.indexOf('```');
  return (close === -1 ? afterOpener : afterOpener.slice(0, close)).trim();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}
