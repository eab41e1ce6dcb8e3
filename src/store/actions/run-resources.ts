// What a run may read besides its messages: the attached files' data tables and the Knowledge library. A chat run
// reads the session's; an experiment's run reads its item's files and the same library.
import type { Settings } from '../../config/settings.ts';
import type { AttachmentStore } from '../../tools/tool-context.ts';
import { services } from '../services.ts';
import type { AgentRuntime } from './load-agent-runtime.ts';

/** How long the SQL worker may take to outline the attached files before the run starts without their columns. */
const OUTLINE_TIMEOUT_MS = 30_000;

/**
 * The tables `query_data` offers for the session's attached files (an experiment passes its item's files); none when
 * they cannot be read (the tool is then left out).
 */
export async function attachedDataTables(
  sessionId: string,
  runtime: AgentRuntime,
  attachments: AttachmentStore = services().persistence.attachments,
) {
  try {
    return await runtime.describeDataTables(
      attachments,
      sessionId,
      services().queryData,
      AbortSignal.timeout(OUTLINE_TIMEOUT_MS),
    );
  } catch {
    return [];
  }
}

/** The Knowledge library's search for a run; none when the library is empty or cannot be read (the tool is left out). */
export async function runKnowledge(settings: Settings, runtime: AgentRuntime) {
  try {
    const { persistence, fetch, endpointMemory } = services();
    return await runtime.runKnowledgeAccess(settings, persistence, fetch, endpointMemory);
  } catch {
    return undefined;
  }
}
