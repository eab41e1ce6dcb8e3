// The agent runtime behind a run: the agent loop, the model clients (OpenAI-compatible and the offline demo)
// and the built-in tools. A chunk of its own, loaded by load-agent-runtime.ts on the first run or when idle.
export { runAgent } from '../../agent/run-agent.ts';
export { builtinTools, enabledTools, withAttachedData, withKnowledge } from '../../tools/registry.ts';
export { runKnowledgeAccess } from './knowledge-access.ts';
// The run's options (with the in-page model's and Knowledge's parts) load with the runtime, not on first load.
export { buildRunOptions } from './run-options.ts';
export { withCitationRule } from '../../config/citation-rule.ts';
export { describeDataTables } from '../../tools/data/query-data-run.ts';
export { createModel, resolveEndpoint } from './create-model.ts';
export { withSessionOverrides } from '../../config/session-overrides.ts';
export { createContextPreparer, estimateFixedTokens } from '../../context/prepare-context.ts';
export { consolidationNotes } from '../../context/consolidation.ts';
export { customTools } from '../../tools/custom/custom-tool.ts';
export { createMcpCaller, mcpTools } from '../../tools/mcp/mcp-tools.ts';
export { toToolSpec } from '../../tools/define-tool.ts';
export { probeEmbeddings, recallSearcher, refreshNoteVectors, semanticFallbackNotice } from './meaning-search.ts';
