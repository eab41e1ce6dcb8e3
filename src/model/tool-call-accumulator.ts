import type { ToolCallWire } from './chunk-schema.ts';
import type { ModelStreamEvent, ToolCall } from './model.ts';

type ToolCallDeltaEvent = Extract<ModelStreamEvent, { type: 'tool-call-delta' }>;

interface PendingToolCall {
  ordinal: number;
  id: string;
  name: string;
  arguments: string;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function argumentsText(value: string | Record<string, unknown> | null | undefined): string {
  if (typeof value === 'string') return value;
  // Some servers send arguments as a JSON object rather than a JSON string.
  if (value !== null && value !== undefined) return JSON.stringify(value);
  return '';
}

/**
 * Assembles tool calls from fragments keyed by wire `index` when present, else by id, else the latest open
 * call. Only non-empty ids and names are adopted and never overwritten; arguments are concatenated as text.
 */
export function createToolCallAccumulator() {
  const calls: PendingToolCall[] = [];
  const byWireIndex = new Map<number, PendingToolCall>();
  // The first call that adopted each id: fragments keyed by id alone find their call without a scan (linear streams).
  const byId = new Map<string, PendingToolCall>();

  const findCall = (wireIndex: number | undefined, id: string | undefined): PendingToolCall | undefined => {
    if (wireIndex !== undefined) {
      const call = byWireIndex.get(wireIndex);
      // A different id under a known index is a new call reusing the slot (seen with broken parallel streams).
      if (call && id !== undefined && call.id !== '' && call.id !== id) return undefined;
      return call;
    }
    if (id !== undefined) return byId.get(id);
    return calls.at(-1);
  };

  return {
    /** Adds one fragment; returns the event to report, or undefined when the fragment changed nothing. */
    push(fragment: ToolCallWire): ToolCallDeltaEvent | undefined {
      const wireIndex = typeof fragment.index === 'number' ? fragment.index : undefined;
      const id = nonEmpty(fragment.id);
      const name = nonEmpty(fragment.function?.name);
      const argumentsDelta = argumentsText(fragment.function?.arguments);

      let call = findCall(wireIndex, id);
      if (!call) {
        if (id === undefined && name === undefined && argumentsDelta === '') return undefined;
        call = { ordinal: calls.length, id: '', name: '', arguments: '' };
        calls.push(call);
        if (wireIndex !== undefined) byWireIndex.set(wireIndex, call);
      }

      const event: ToolCallDeltaEvent = { type: 'tool-call-delta', index: call.ordinal, argumentsDelta };
      let changed = argumentsDelta !== '';
      if (id !== undefined && call.id === '') {
        call.id = id;
        if (!byId.has(id)) byId.set(id, call);
        event.id = id;
        changed = true;
      }
      if (name !== undefined && call.name === '') {
        call.name = name;
        event.name = name;
        changed = true;
      }
      call.arguments += argumentsDelta;
      return changed ? event : undefined;
    },

    /** How many calls have been opened so far. */
    get count(): number {
      return calls.length;
    },

    /**
     * The finished calls: empty or duplicate ids replaced by `createId(ordinal)`, a zero-argument call's
     * empty arguments written as `{}`, and fragments that never named a tool nor carried arguments dropped.
     */
    finish(createId: (ordinal: number) => string): ToolCall[] {
      const seenIds = new Set<string>();
      const result: ToolCall[] = [];
      for (const call of calls) {
        const argumentsJson = call.arguments.trim() === '' ? '{}' : call.arguments;
        if (call.name === '' && call.arguments.trim() === '') continue;
        let id = call.id;
        if (id === '' || seenIds.has(id)) id = createId(call.ordinal);
        seenIds.add(id);
        result.push({ id, type: 'function', function: { name: call.name, arguments: argumentsJson } });
      }
      return result;
    },
  };
}
