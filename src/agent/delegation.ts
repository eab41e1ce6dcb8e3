import { z } from 'zod';
import type { ChatMessage, Model } from '../model/model.ts';
import { defineTool, type AnyTool } from '../tools/define-tool.ts';
import { ToolError } from '../tools/tool-error.ts';
import type { AgentEvent, AgentEventSink } from './events.ts';
import type { DelegationBudget, DelegationOptions, RosterAgent, RunAgentOptions, RunResult } from './run-options.ts';
import { stopEnd, type StopCondition } from './stop-conditions.ts';
import { createEntry, type EntryFactory } from './transcript-entries.ts';

export type { DelegateFrame, DelegationBudget, DelegationOptions, RosterAgent } from './run-options.ts';

/** The meta every transcript entry of a delegated run carries. */
export interface DelegationMeta {
  parentCallId: string;
  agent: string;
}

/** The function name offered for an agent. */
export function delegateToolName(agent: string): string {
  return `delegate_${agent}`;
}

/** The agent a `delegate_<name>` tool name stands for, if it is one. */
export function delegatedAgentOf(toolName: string): string | undefined {
  return toolName.startsWith('delegate_') && toolName.length > 'delegate_'.length
    ? toolName.slice('delegate_'.length)
    : undefined;
}

/** Why a delegation over the run's limit was not run (the model sees it as the tool error). */
export function delegationLimitMessage(max: number): string {
  return `delegation limit reached: this run may delegate ${max} times (every revision counts). Do not delegate again; finish with what you have.`;
}

/** The observation when the shared token budget is used up. */
export function tokenBudgetMessage(max: number): string {
  return `token budget reached: this run may use ${max} tokens across all agents.`;
}

/** Stops a run (at any level) once the tokens of all its agents together reach the budget. */
export function tokenBudgetReached(budget: DelegationBudget): StopCondition {
  return () => {
    const max = budget.maxTokens;
    if (max === undefined || budget.tokens < max) return undefined;
    return stopEnd('token-budget', { key: 'stop.token-budget', values: { limit: max, used: budget.tokens } });
  };
}

/** An agent's name as it can appear in a function name. */
export const AGENT_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,39}$/;

const delegateArguments = z.object({
  task: z
    .string()
    .min(1)
    .describe('What the agent should do, self-contained: it sees nothing else of this conversation.'),
  context: z.string().optional().describe('Facts, drafts or constraints the agent needs (e.g. the draft to review).'),
});

/** The orchestration instructions added to the system prompt of an agent that may delegate. */
export function orchestrationPrompt(agents: readonly RosterAgent[], maxDelegations: number): string {
  const list = agents.map((agent) => `- ${delegateToolName(agent.name)}: ${firstLine(agent.systemPrompt)}`).join('\n');
  return [
    'You lead a team of agents. You can hand a part of the task to one of them with its delegate function:',
    list,
    'Work in this cycle: assign a part to the right agent (give the task and the context it needs — it sees nothing else); ' +
      'when a reviewer is available, have the draft reviewed; if the verdict is "needs revision", delegate a revision with the problems listed; ' +
      'when the verdict is "approved" (or nothing is left to do), finish by answering the user with the merged result.',
    `Every delegation, each revision included, counts against the limit of ${maxDelegations} delegations for this run. ` +
      'Independent parts can be delegated at once, in one response. Never repeat an identical delegation.',
  ].join('\n');
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/** The user message a delegate receives: the task, then the context. */
export function delegateTaskMessage(task: string, context: string | undefined): string {
  return context && context.trim() !== '' ? `${task}\n\nContext:\n${context}` : task;
}

/** The budget of a new top-level run. */
export function createDelegationBudget(delegation: DelegationOptions, deadlineAt: number): DelegationBudget {
  return {
    delegations: 0,
    tokens: 0,
    maxDelegations: delegation.maxDelegations,
    ...(delegation.maxTokens === undefined ? {} : { maxTokens: delegation.maxTokens }),
    deadlineAt,
  };
}

/** The agent loop, passed in so this module does not import it back. */
export type RunAgentFn = (options: RunAgentOptions) => Promise<RunResult>;

/** A run's options with delegation applied, and the stop conditions the shared budget adds. */
export interface DelegatedRun {
  options: RunAgentOptions;
  conditions: StopCondition[];
}

/**
 * The options a run actually uses when delegation is on: its delegate tools added (while the depth allows),
 * the orchestration instructions appended to its system prompt, its model metered against the token budget
 * (which also stops the run once used up). Without delegation the options are returned unchanged.
 */
export function withDelegation(options: RunAgentOptions, runId: string, runAgent: RunAgentFn): DelegatedRun {
  const delegation = options.delegation;
  if (!delegation) return { options, conditions: [] };
  const frame = options.delegate;
  const budget = frame?.budget ?? createDelegationBudget(delegation, options.now() + options.limits.deadlineMs);
  const depth = frame?.depth ?? 0;
  const candidates = delegation.agents.filter((agent) => agent.name !== frame?.agent);
  const offered = depth < delegation.maxDepth ? candidates : [];
  const tools = [
    ...options.tools,
    ...offered.map((agent) => delegateTool(options, agent, { runId, depth, budget }, runAgent)),
  ];
  const systemPrompt =
    offered.length > 0
      ? [options.systemPrompt, orchestrationPrompt(offered, budget.maxDelegations)]
          .filter((part) => part.trim() !== '')
          .join('\n\n')
      : options.systemPrompt;
  return {
    options: { ...options, tools, systemPrompt, model: meteredModel(options.model, budget) },
    conditions: budget.maxTokens === undefined ? [] : [tokenBudgetReached(budget)],
  };
}

interface DelegateScope {
  /** The top-level run id: entries of every level belong to it. */
  runId: string;
  depth: number;
  budget: DelegationBudget;
}

function delegateTool(
  parent: RunAgentOptions,
  agent: RosterAgent,
  scope: DelegateScope,
  runAgent: RunAgentFn,
): AnyTool {
  const { budget } = scope;
  return defineTool({
    name: delegateToolName(agent.name),
    description: `Delegate a task to the ${agent.name} agent and get its final answer. ${firstLine(agent.systemPrompt)}`,
    schema: delegateArguments,
    // A delegation lasts as long as the run may; the run's deadline still applies.
    timeoutMs: Math.max(1, parent.limits.deadlineMs),
    async execute({ task, context }, toolContext) {
      if (budget.delegations >= budget.maxDelegations)
        throw new ToolError(delegationLimitMessage(budget.maxDelegations));
      if (budget.maxTokens !== undefined && budget.tokens >= budget.maxTokens)
        throw new ToolError(tokenBudgetMessage(budget.maxTokens));
      const parentSpan = toolContext.span;
      if (!parentSpan) throw new Error('a delegation needs its tool span');
      const earlier = parent.delegation?.resumed?.get(toolContext.callId);
      const finished = earlier ? finishedAnswer(earlier) : undefined;
      if (finished !== undefined) return finished;
      budget.delegations += 1;
      const meta: DelegationMeta = { parentCallId: toolContext.callId, agent: agent.name };
      const onEvent = delegatedSink(parent.onEvent, meta);
      const content = delegateTaskMessage(task, context);
      const history: ChatMessage[] = earlier ? [...earlier] : [{ role: 'user', content }];
      if (!earlier) {
        // The task is part of the delegated transcript: stored (by the same per-step write) and shown in the group.
        const factory: EntryFactory = {
          sessionId: parent.sessionId,
          runId: scope.runId,
          newId: parent.newId,
          now: parent.now,
          delegation: meta,
        };
        const taskEntry = createEntry(factory, history[0] as ChatMessage);
        await onEvent({ type: 'entry-added', entry: taskEntry });
        await onEvent({ type: 'step-end', step: 0, entries: [taskEntry] });
      }
      const { prepareContext: _prepare, ...inherited } = parent;
      const result = await runAgent({
        ...inherited,
        model: agent.model ?? unmetered(parent.model),
        tools: agent.tools,
        history,
        systemPrompt: agent.systemPrompt,
        runInput: task,
        signal: toolContext.signal,
        limits: { ...parent.limits, deadlineMs: Math.max(1, budget.deadlineAt - parent.now()) },
        onEvent,
        delegate: { agent: agent.name, parentCallId: toolContext.callId, depth: scope.depth + 1, parentSpan, budget },
      });
      const answer = result.outcome === 'done' ? result.entries.at(-1)?.message.content : undefined;
      if (typeof answer === 'string') return answer;
      throw new ToolError(`${agent.name} did not finish: ${result.message ?? result.reason}`);
    },
  });
}

/** The answer of a stored delegated transcript that ends with one (the delegate finished before the interruption). */
function finishedAnswer(messages: readonly ChatMessage[]): string | undefined {
  const last = messages.at(-1);
  if (messages.length < 2 || last?.role !== 'assistant' || last.tool_calls?.length) return undefined;
  return typeof last.content === 'string' && last.content.trim() !== '' ? last.content : undefined;
}

/** Events of a delegated run reach the parent's sink wrapped once, with the call they answer (nested ones pass through). */
function delegatedSink(parent: AgentEventSink, meta: DelegationMeta): AgentEventSink {
  return (event) =>
    parent(
      event.type === 'delegated' ? event : { type: 'delegated', callId: meta.parentCallId, agent: meta.agent, event },
    );
}

const METERED = Symbol('metered');
type Metered = Model & { [METERED]?: Model };

/** The model with each response's usage added to the shared budget; a call past the token budget fails. */
function meteredModel(model: Model, budget: DelegationBudget): Model {
  if ((model as Metered)[METERED]) return model;
  const metered: Metered = {
    ...model,
    [METERED]: model,
    async generate(request, callOptions) {
      if (budget.maxTokens !== undefined && budget.tokens >= budget.maxTokens)
        throw new Error(tokenBudgetMessage(budget.maxTokens));
      const response = await model.generate(request, callOptions);
      if (response.usage) budget.tokens += response.usage.inputTokens + response.usage.outputTokens;
      return response;
    },
  };
  return metered;
}

function unmetered(model: Model): Model {
  return (model as Metered)[METERED] ?? model;
}

/** The inner event of a `delegated` event (itself for any other event). */
export function innerEvent(event: AgentEvent): AgentEvent {
  return event.type === 'delegated' ? event.event : event;
}
