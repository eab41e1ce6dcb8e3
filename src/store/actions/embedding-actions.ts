import type { Settings } from '../../config/settings.ts';
import { services } from '../services.ts';
import { loadAgentRuntime } from './load-agent-runtime.ts';

/** Asks the settings' endpoint for one embedding now (Settings → Memory → Test embeddings); remembers the answer. */
export async function testEmbeddings(
  settings: Settings,
): Promise<{ ok: true; model: string; dimensions: number } | { ok: false; message: string }> {
  const runtime = await loadAgentRuntime();
  const { fetch, endpointMemory } = services();
  return runtime.probeEmbeddings(settings, fetch, endpointMemory);
}
