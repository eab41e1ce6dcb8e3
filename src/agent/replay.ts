import { ATTR, stringAttribute } from '../trace/attributes.ts';
import type { Span } from '../trace/span.ts';
import type { RecordedToolResult, ToolReplay } from './execute-tool-calls.ts';

/** The same JSON value whatever the key order and spacing (empty means `{}`); text that is not JSON stays as it is (trimmed). */
export function canonicalArguments(text: string): string {
  if (text.trim() === '') return '{}';
  try {
    return JSON.stringify(sortKeys(JSON.parse(text)));
  } catch {
    return text.trim();
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
  );
}

function replayKey(name: string, args: string): string {
  return `${name}\u0000${canonicalArguments(args)}`;
}

/** The finished result a tool span recorded, or undefined (running, cancelled, denied or never run). */
function recordedResult(span: Span): RecordedToolResult | undefined {
  const result = stringAttribute(span.attributes, ATTR.toolResult);
  if (span.status === 'ok' && result !== undefined) return { status: 'ok', result };
  const error = stringAttribute(span.attributes, ATTR.toolError);
  if (span.status === 'error' && error !== undefined && span.error?.type !== 'denied' && span.error?.type !== 'limit')
    return { status: 'error', result: error };
  return undefined;
}

/**
 * A replay lookup over a run's tool spans: a call with the same tool name and the same arguments (as JSON, key
 * order aside) gets the recorded result. Repeated identical calls get the recorded results in order, then the
 * last one again; any other call is not answered, so it runs for real.
 */
export function createReplayLookup(spans: readonly Span[]): ToolReplay {
  const recorded = new Map<string, RecordedToolResult[]>();
  const toolSpans = spans.filter((span) => span.kind === 'tool').sort((a, b) => a.startTime - b.startTime);
  for (const span of toolSpans) {
    const name = stringAttribute(span.attributes, ATTR.toolName) ?? span.name;
    const result = recordedResult(span);
    if (!result) continue;
    const args = span.attributes[ATTR.toolArguments];
    const key = replayKey(name, typeof args === 'string' ? args : (JSON.stringify(args ?? {}) ?? '{}'));
    recorded.set(key, [...(recorded.get(key) ?? []), result]);
  }
  const used = new Map<string, number>();
  return (call) => {
    const key = replayKey(call.name, call.arguments);
    const results = recorded.get(key);
    if (!results || results.length === 0) return undefined;
    const index = used.get(key) ?? 0;
    used.set(key, index + 1);
    return results[Math.min(index, results.length - 1)];
  };
}
