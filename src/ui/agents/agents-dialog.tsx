import { useState } from 'react';
import { agentNameProblem, type RosterAgentConfig } from '../../config/agents.ts';
import type { Settings } from '../../config/settings.ts';
import { createAgentsTranslate, type AgentsTranslate } from '../../i18n/agents.ts';
import { saveSettings } from '../../store/actions/settings-actions.ts';
import { useAppStore } from '../../store/app-store.ts';
import { offeredNamesForServers } from '../../tools/mcp/mcp-names.ts';
import { builtinTools } from '../../tools/registry.ts';
import { Button } from '../components/button.tsx';
import { Dialog } from '../components/dialog.tsx';
import { useLanguage } from '../use-t.ts';
import { AgentGroup } from './agent-group.tsx';
import { DelegationFields } from './delegation-fields.tsx';

/** What the dialog edits: the roster part of the settings. */
export type RosterDraft = Pick<
  Settings,
  'delegation' | 'maxDelegationDepth' | 'maxDelegations' | 'maxRunTokens' | 'agents'
>;

/**
 * The tools an agent can be allowed, by the names the model sees: the built-in ones, the user's custom tools and
 * the tools of the connected MCP servers (named as a run offers them).
 */
export function rosterToolNames(settings: Pick<Settings, 'customTools' | 'mcpServers'>): string[] {
  const local = [...builtinTools.map((tool) => tool.name), ...settings.customTools.map((tool) => tool.name)];
  const mcp = [...offeredNamesForServers(settings.mcpServers, local).values()].flatMap((names) => [...names.values()]);
  return [...new Set([...local, ...mcp])];
}

/** An agent row while editing: a stable key, since names change as they are typed. */
interface DraftAgent extends RosterAgentConfig {
  key: string;
}

/** Why the roster cannot be saved, in the user's words; undefined when it can. */
export function rosterProblem(agents: readonly RosterAgentConfig[], t: AgentsTranslate): string | undefined {
  for (const [index, agent] of agents.entries()) {
    const others = agents.filter((_, other) => other !== index).map((candidate) => candidate.name);
    const problem = agentNameProblem(agent.name, others);
    if (problem === 'empty') return t('problemEmpty');
    if (problem === 'format') return t('problemFormat', { name: agent.name });
    if (problem === 'taken') return t('problemTaken', { name: agent.name });
    if (agent.systemPrompt.trim() === '') return t('problemPrompt', { name: agent.name });
  }
  return undefined;
}

/**
 * The roster being edited, copied from the settings when the dialog opens: each agent row gets a stable key (`a…`
 * for the stored ones, `n…` for added ones) so a row keeps its place while its name is typed.
 */
function useRosterDraft(settings: Settings) {
  const [draft, setDraft] = useState(() => ({
    delegation: settings.delegation,
    maxDelegationDepth: settings.maxDelegationDepth,
    maxDelegations: settings.maxDelegations,
    maxRunTokens: settings.maxRunTokens,
    agents: settings.agents.map((agent, index): DraftAgent => ({
      ...agent,
      tools: [...agent.tools],
      key: `a${index}`,
    })),
  }));
  const [nextKey, setNextKey] = useState(0);

  const updateAgent = (key: string, patch: Partial<RosterAgentConfig>) =>
    setDraft((current) => ({
      ...current,
      agents: current.agents.map((agent) => (agent.key === key ? { ...agent, ...patch } : agent)),
    }));

  const addAgent = () => {
    setDraft((current) => ({
      ...current,
      agents: [
        ...current.agents,
        { key: `n${nextKey}`, name: '', systemPrompt: '', model: '', tools: [], enabled: true, builtin: false },
      ],
    }));
    setNextKey(nextKey + 1);
  };

  const deleteAgent = (key: string) =>
    setDraft({ ...draft, agents: draft.agents.filter((other) => other.key !== key) });

  return { draft, setDraft, updateAgent, addAgent, deleteAgent };
}

/** The `Agents` dialog: delegation on/off, its limits, and one group per agent of the roster. */
export function AgentsDialog() {
  const settings = useAppStore((state) => state.settings);
  const setUi = useAppStore((state) => state.setUi);
  const t = createAgentsTranslate(useLanguage());
  const { draft, setDraft, updateAgent, addAgent, deleteAgent } = useRosterDraft(settings);
  const toolNames = rosterToolNames(settings);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const close = () => setUi({ agentsOpen: false });

  const save = async () => {
    const agents = draft.agents.map(({ key: _key, ...agent }) => ({
      ...agent,
      name: agent.name.trim(),
      model: agent.model.trim(),
    }));
    const found = rosterProblem(agents, t);
    // Nothing typed is lost: the dialog stays open with the reason.
    if (found) {
      setProblem(found);
      return;
    }
    await saveSettings({
      ...useAppStore.getState().settings,
      delegation: draft.delegation,
      maxDelegationDepth: draft.maxDelegationDepth,
      maxDelegations: draft.maxDelegations,
      maxRunTokens: draft.maxRunTokens,
      agents,
    });
    close();
  };

  return (
    <Dialog
      open
      title={t('title')}
      label="Agents"
      onClose={close}
      className="w-[min(48rem,calc(100vw-2rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('cancel')}
          </Button>
          <Button variant="primary" aria-label="Save" onClick={() => void save()}>
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('intro')}</p>
        <DelegationFields draft={draft} onChange={(patch) => setDraft({ ...draft, ...patch })} t={t} />

        {draft.agents.map((agent) => (
          <AgentGroup
            key={agent.key}
            agent={agent}
            toolNames={toolNames}
            t={t}
            onChange={(patch) => updateAgent(agent.key, patch)}
            onDelete={() => deleteAgent(agent.key)}
          />
        ))}

        <div>
          <Button variant="secondary" aria-label="Add agent" onClick={addAgent}>
            {t('addAgent')}
          </Button>
        </div>
        {problem ? (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            {problem}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
