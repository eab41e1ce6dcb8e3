/** The agent runtime module (agent loop, model clients, tools). */
export type AgentRuntime = typeof import('./agent-runtime.ts');

let loading: Promise<AgentRuntime> | null = null;

/** Loads the agent runtime chunk once; a failed load (offline) is retried by the next call. */
export function loadAgentRuntime(): Promise<AgentRuntime> {
  loading ??= import('./agent-runtime.ts').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

// Tests drive runs right after importing the actions, as the app does once idle: there it is loaded up front.
if (import.meta.env.MODE === 'test') await loadAgentRuntime();
