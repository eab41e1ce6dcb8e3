import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultSettings, type Settings } from '../../config/settings.ts';
import type { Model } from '../../model/model.ts';
import { defineTool } from '../../tools/define-tool.ts';
import { builtinTools } from '../../tools/registry.ts';
import { delegationOptions } from './run-options.ts';

const runtime = {
  createModel: (settings: Settings) => ({ provider: settings.provider, modelId: settings.model }) as unknown as Model,
};
const tool = (name: string) => defineTool({ name, description: name, schema: z.object({}), execute: async () => name });

describe('delegationOptions', () => {
  it("gives each agent only its allowed tools among the run's own: built-in, custom and MCP tools alike", () => {
    const settings: Settings = {
      ...defaultSettings,
      delegation: true,
      agents: [
        {
          name: 'researcher',
          systemPrompt: 'Research.',
          model: '',
          tools: ['search_web', 'lookup_stock', 'mcp_docs_search'],
          enabled: true,
          builtin: true,
        },
        {
          name: 'coder',
          systemPrompt: 'Code.',
          model: 'small-model',
          tools: ['run_javascript', 'switched_off'],
          enabled: true,
          builtin: true,
        },
        { name: 'reviewer', systemPrompt: 'Review.', model: '', tools: [], enabled: false, builtin: true },
      ],
    };
    // What a run offers: the tools the user has not switched off (custom and MCP ones included).
    const available = [
      ...builtinTools.filter((candidate) => candidate.name !== 'switched_off'),
      tool('lookup_stock'),
      tool('mcp_docs_search'),
    ];
    const options = delegationOptions(settings, runtime, fetch, available);
    expect(options?.agents.map((agent) => agent.name)).toEqual(['researcher', 'coder']);
    expect(options?.agents[0]?.tools.map((candidate) => candidate.name)).toEqual([
      'search_web',
      'lookup_stock',
      'mcp_docs_search',
    ]);
    expect(options?.agents[1]?.tools.map((candidate) => candidate.name)).toEqual(['run_javascript']);
    expect(options?.agents[0]?.model).toBeUndefined();
    expect(options?.agents[1]?.model?.modelId).toBe('small-model');
    expect(options?.maxTokens).toBeUndefined();
  });

  it('carries the token budget when one is set, and nothing when delegation is off', () => {
    expect(
      delegationOptions({ ...defaultSettings, delegation: true, maxRunTokens: 5000 }, runtime, fetch, builtinTools)
        ?.maxTokens,
    ).toBe(5000);
    expect(
      delegationOptions({ ...defaultSettings, delegation: false, maxRunTokens: 5000 }, runtime, fetch, builtinTools),
    ).toBeUndefined();
  });
});
