import type { DelegationOptions } from '../../agent/delegation.ts';
import type { AgentEventSink } from '../../agent/events.ts';
import type { ToolReplay } from '../../agent/execute-tool-calls.ts';
import type { RunAgentOptions } from '../../agent/run-agent.ts';
import { defaultSystemPrompt } from '../../config/system-prompt.ts';
import type { Settings } from '../../config/settings.ts';
import { LOCAL_PROVIDER } from '../../model/local/local-provider.ts';
import type { ChatMessage } from '../../model/model.ts';
import type { KnowledgeAccess } from '../../knowledge/knowledge-search.ts';
import type { DataTableOutline } from '../../tools/builtin/query-data.ts';
import type { AnyTool } from '../../tools/define-tool.ts';
import type { ApprovalRequest, AttachmentStore } from '../../tools/tool-context.ts';
import type { RunNotice } from '../../i18n/run-notices.ts';
import type { Tracer } from '../../trace/span.ts';
import type { Persistence } from '../persistence.ts';
import type { Services } from '../services.ts';
import type { AgentRuntime } from './load-agent-runtime.ts';
import type { RunEndpoint } from './run-event-reducer.ts';
import { sessionSummaryStore } from './session-summary-store.ts';
import { sessionToolCache } from './tool-cache.ts';
import { keepMcpServerTools } from './settings-actions.ts';

/** What the options of one run are built from. */
export interface RunOptionsInput {
  sessionId: string;
  settings: Settings;
  runtime: AgentRuntime;
  services: Pick<Services, 'now' | 'fetch' | 'runSandboxed' | 'queryData' | 'endpointMemory'> & {
    /** A run only reads attached files (an experiment's run reads its item's). */
    persistence: Omit<Persistence, 'attachments'> & { attachments: AttachmentStore };
  };
  /** The tables of the session's attached data files, listed in `query_data`'s description (no tables: not offered). */
  dataTables?: DataTableOutline[];
  /** The Knowledge library's search when it has documents (`search_knowledge` is offered only then). */
  knowledge?: KnowledgeAccess;
  endpoint: RunEndpoint;
  history: ChatMessage[];
  runInput: string;
  /** Answers tool calls from recorded results (a fork). */
  replay?: ToolReplay;
  /** A resume: the stored transcripts of the delegations left unanswered, by their delegate call id. */
  resumedDelegations?: ReadonlyMap<string, readonly ChatMessage[]>;
  tracer: Tracer;
  protocolMemory: NonNullable<RunAgentOptions['protocolMemory']>;
  signal: AbortSignal;
  approve: ApprovalRequest;
  onEvent: AgentEventSink;
  newId: (prefix: 'msg') => string;
  /** A notice for the chat that is not an agent event (a compaction, recall by words only). */
  onNotice: (notice: RunNotice) => void;
}

/** Builds the options of `runAgent` for one run from the settings, the services and the loaded runtime. */
export function buildRunOptions(input: RunOptionsInput): RunAgentOptions {
  const { settings, runtime, services, endpoint, tracer } = input;
  const { persistence, now, fetch, runSandboxed, queryData } = services;
  const custom = runtime.customTools(settings.customTools, { timeoutMs: settings.toolTimeoutSeconds * 1000 });
  const builtins = runtime.withKnowledge(runtime.builtinTools, input.knowledge !== undefined);
  const local = [...runtime.withAttachedData(builtins, input.dataTables ?? []), ...custom];
  const mcp = runtime.mcpTools(
    settings.mcpServers,
    local.map((tool) => tool.name),
    runtime.createMcpCaller(keepMcpServerTools),
  );
  const tools = runtime.enabledTools([...local, ...mcp], settings.enabledTools);
  const model = runtime.createModel(settings, fetch);
  const systemPrompt = runtime.withCitationRule(
    settings.systemPrompt.trim() || defaultSystemPrompt(new Date(now())),
    tools.some((tool) => tool.name === 'search_knowledge'),
  );
  const prepareContext = runtime.createContextPreparer({
    model,
    contextWindow: settings.contextWindow,
    compactionShare: settings.compactionShare,
    fixedTokens: runtime.estimateFixedTokens(systemPrompt, tools.map(runtime.toToolSpec)),
    summary: sessionSummaryStore(input.sessionId),
    ...(settings.memoryRecall
      ? { recall: runtime.recallSearcher(settings, persistence, fetch, services.endpointMemory) }
      : {}),
    onSemanticFallback: (semantic) => input.onNotice(runtime.semanticFallbackNotice(semantic)),
    tracer,
    now,
    onCompaction: (info) => input.onNotice({ kind: 'compaction', text: info.text }),
    ...(settings.consolidateCompactions
      ? { consolidate: runtime.consolidationNotes(persistence.notes, input.sessionId) }
      : {}),
  });
  const delegation = delegationOptions(settings, runtime, fetch, tools, input.resumedDelegations);
  return {
    sessionId: input.sessionId,
    model,
    tools,
    ...(delegation ? { delegation } : {}),
    history: input.history,
    systemPrompt,
    prepareContext,
    limits: {
      maxSteps: settings.maxSteps,
      maxToolCalls: settings.maxToolCalls,
      deadlineMs: settings.deadlineSeconds * 1000,
      toolTimeoutMs: settings.toolTimeoutSeconds * 1000,
      maxObservationChars: settings.maxObservationChars,
    },
    // A model that samples in the page takes JSON plan as a grammar (llama.cpp refuses json_schema with ChatML).
    protocol: settings.protocol === 'json' && settings.provider === LOCAL_PROVIDER ? 'grammar' : settings.protocol,
    ...(settings.answerCheck ? { answerCheck: true } : {}),
    protocolMemory: input.protocolMemory,
    endpointKey: `${endpoint.provider} ${endpoint.baseUrl} ${endpoint.model}`,
    tracer,
    runInput: input.runInput,
    toolContext: {
      fetch,
      now: () => new Date(now()),
      toolState: persistence.toolState,
      notes: persistence.notes,
      attachments: persistence.attachments,
      ...(runSandboxed ? { runSandboxed } : {}),
      ...(queryData ? { queryData } : {}),
      ...(input.knowledge ? { knowledge: input.knowledge } : {}),
    },
    approve: input.approve,
    signal: input.signal,
    onEvent: input.onEvent,
    newId: input.newId,
    now,
    ...(input.replay ? { replay: input.replay } : {}),
    toolCache: sessionToolCache(input.sessionId),
  };
}

/**
 * The roster as the loop needs it, when `Delegate to agents` is on: each enabled agent with its prompt, only its
 * allowed tools among the run's (built-in, custom and MCP tools the user has not switched off) and its own model
 * (made the same way as the main one) when it names one; the token budget when one is set.
 */
export function delegationOptions(
  settings: Settings,
  runtime: Pick<AgentRuntime, 'createModel'>,
  fetch: typeof globalThis.fetch,
  available: readonly AnyTool[],
  resumed?: ReadonlyMap<string, readonly ChatMessage[]>,
): DelegationOptions | undefined {
  if (!settings.delegation) return undefined;
  const agents = settings.agents
    .filter((agent) => agent.enabled)
    .map((agent) => {
      const model = agent.model.trim();
      return {
        name: agent.name,
        systemPrompt: agent.systemPrompt,
        tools: available.filter((tool) => agent.tools.includes(tool.name)),
        ...(model === '' ? {} : { model: runtime.createModel({ ...settings, model }, fetch) }),
      };
    });
  if (agents.length === 0) return undefined;
  return {
    agents,
    maxDepth: settings.maxDelegationDepth,
    maxDelegations: settings.maxDelegations,
    ...(settings.maxRunTokens > 0 ? { maxTokens: settings.maxRunTokens } : {}),
    ...(resumed ? { resumed } : {}),
  };
}
