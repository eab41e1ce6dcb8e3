import { z } from 'zod';
import { createScriptedModel, type ScriptedModel, type ScriptedTurn } from '../testing/scripted-model.ts';
import { defineTool, type AnyTool } from '../tools/define-tool.ts';
import type { RosterAgent } from './delegation.ts';
import type { AgentEvent } from './events.ts';

export const calculator = defineTool({
  name: 'calculator',
  description: 'Evaluates arithmetic.',
  schema: z.object({ expression: z.string() }),
  execute: async ({ expression }) => (expression === '100 - 3000/300' ? '90' : '?'),
});

export function agent(
  name: string,
  turns: ScriptedTurn[],
  tools: AnyTool[] = [],
  modelId = `${name}-model`,
): RosterAgent & { model: ScriptedModel } {
  return { name, systemPrompt: `You are the ${name}.`, tools, model: createScriptedModel(turns, { modelId }) };
}

export function delegateCall(id: string, name: string, task: string, context?: string) {
  return { id, name: `delegate_${name}`, arguments: { task, ...(context === undefined ? {} : { context }) } };
}

export function delegatedOf(events: AgentEvent[]): Extract<AgentEvent, { type: 'delegated' }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: 'delegated' }> => event.type === 'delegated');
}

export function toolNames(request: { tools?: { function: { name: string } }[] }): string[] {
  return (request.tools ?? []).map((tool) => tool.function.name);
}
