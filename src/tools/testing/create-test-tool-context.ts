import { createMemoryStores, type MemoryStores } from '../memory-stores.ts';
import type { ToolContext } from '../tool-context.ts';

/** The fixed clock tests use unless they pass their own: Tuesday 2024-02-27 09:30:00 UTC. */
export const TEST_NOW = new Date('2024-02-27T09:30:00.000Z');

const refuseNetwork: typeof fetch = async () => {
  throw new TypeError('Tests never touch the network: inject a fetch.');
};

/** A `ToolContext` over fresh in-memory stores; network access fails unless a `fetch` is injected. */
export function createTestToolContext(overrides: Partial<ToolContext> = {}): ToolContext & { stores: MemoryStores } {
  const stores = createMemoryStores({ now: () => (overrides.now ?? (() => TEST_NOW))().getTime() });
  return {
    sessionId: 'sess_test',
    callId: 'call_test',
    signal: new AbortController().signal,
    fetch: refuseNetwork,
    now: () => TEST_NOW,
    toolState: stores.toolState,
    notes: stores.notes,
    attachments: stores.attachments,
    ...overrides,
    stores,
  };
}
