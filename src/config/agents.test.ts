import { describe, expect, it } from 'vitest';
import { defaultSettings } from './settings.ts';
import { BUILTIN_AGENTS, mergeImportedRoster, type RosterAgentConfig, type RosterSettings } from './agents.ts';

function roster(settings: Partial<RosterSettings> = {}): RosterSettings {
  const { delegation, maxDelegationDepth, maxDelegations, maxRunTokens, agents } = { ...defaultSettings, ...settings };
  return { delegation, maxDelegationDepth, maxDelegations, maxRunTokens, agents };
}

const translator = {
  name: 'translator',
  systemPrompt: 'Translate.',
  model: 'cheap-model',
  tools: ['lookup_word'],
  enabled: false,
  builtin: false,
};
const shippedResearcher = BUILTIN_AGENTS[0] as RosterAgentConfig;
const editedResearcher = {
  ...shippedResearcher,
  systemPrompt: 'Research, citing sources.',
  tools: ['search_web', 'lookup_word'],
};

describe('mergeImportedRoster', () => {
  it('brings a whole exported team back into a fresh install: agents, edits of built-in ones, limits and the switch', () => {
    const exported = roster({
      delegation: true,
      maxDelegationDepth: 1,
      maxDelegations: 9,
      maxRunTokens: 20_000,
      agents: [editedResearcher, ...BUILTIN_AGENTS.slice(1), translator],
    });
    const merge = mergeImportedRoster(roster(), exported);
    expect(merge.unreadable).toBe(false);
    expect(merge.roster).toEqual(exported);
    expect(merge.added).toEqual(['researcher', 'translator']);
    expect(merge.kept).toEqual([]);
  });

  it("keeps the user's own agents and limits, adding only new names", () => {
    const mine = roster({
      delegation: true,
      maxDelegations: 3,
      agents: [{ ...shippedResearcher, systemPrompt: 'My researcher.' }, ...BUILTIN_AGENTS.slice(1)],
    });
    const merge = mergeImportedRoster(mine, roster({ maxDelegations: 12, agents: [editedResearcher, translator] }));
    expect(merge.roster.agents.map((agent) => agent.systemPrompt.slice(0, 14))).toEqual([
      'My researcher.',
      ...BUILTIN_AGENTS.slice(1).map((agent) => agent.systemPrompt.slice(0, 14)),
      'Translate.',
    ]);
    expect(merge.roster.maxDelegations).toBe(3);
    expect(merge.added).toEqual(['translator']);
    expect(merge.kept).toEqual(['researcher']);
  });

  it('changes nothing for an unreadable roster, and says so', () => {
    const merge = mergeImportedRoster(roster(), { agents: [{ name: 'Bad Name!', systemPrompt: 'x' }] });
    expect(merge).toEqual({ roster: roster(), added: [], kept: [], unreadable: true });
  });

  it('never grows the roster past 30 agents', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ ...translator, name: `agent${index}` }));
    const merge = mergeImportedRoster(roster(), roster({ agents: many }));
    expect(merge.roster.agents).toHaveLength(30);
    expect(merge.kept).toEqual(['agent27', 'agent28', 'agent29']);
  });
});
