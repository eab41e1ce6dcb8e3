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
import { useLanguage, useNames } from '../use-t.ts';

const inputClass =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm disabled:opacity-60 dark:border-slate-700 dark:bg-slate-950';
const labelClass = 'flex flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300';

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

function clampInt(value: string, min: number, max: number, fallback: number): number {
  const parsed = Math.round(Number(value));
  if (value.trim() === '' || !Number.isFinite(parsed)) return fallback;
  return Math.min(max, Math.max(min, parsed));
}

/** The `Agents` dialog: delegation on/off, its limits, and one group per agent of the roster. */
export function AgentsDialog() {
  const settings = useAppStore((state) => state.settings);
  const setUi = useAppStore((state) => state.setUi);
  const t = createAgentsTranslate(useLanguage());
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
  const toolNames = rosterToolNames(settings);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const close = () => setUi({ agentsOpen: false });

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
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            aria-label="Delegate to agents"
            checked={draft.delegation}
            onChange={(event) => setDraft({ ...draft, delegation: event.target.checked })}
          />
          {t('delegate')}
          <span className="text-xs font-normal text-slate-500 dark:text-slate-400">{t('delegateHint')}</span>
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <LimitField
            label={t('maxDepth')}
            hint={t('maxDepthHint')}
            name="Max delegation depth"
            min={1}
            max={5}
            value={draft.maxDelegationDepth}
            onChange={(maxDelegationDepth) => setDraft({ ...draft, maxDelegationDepth })}
          />
          <LimitField
            label={t('maxDelegations')}
            hint={t('maxDelegationsHint')}
            name="Max delegations"
            min={1}
            max={50}
            value={draft.maxDelegations}
            onChange={(maxDelegations) => setDraft({ ...draft, maxDelegations })}
          />
          <LimitField
            label={t('tokenBudget')}
            hint={t('tokenBudgetHint')}
            name="Token budget"
            min={0}
            max={100_000_000}
            step={1000}
            value={draft.maxRunTokens}
            onChange={(maxRunTokens) => setDraft({ ...draft, maxRunTokens })}
          />
        </div>

        {draft.agents.map((agent) => (
          <AgentGroup
            key={agent.key}
            agent={agent}
            toolNames={toolNames}
            t={t}
            onChange={(patch) => updateAgent(agent.key, patch)}
            onDelete={() => setDraft({ ...draft, agents: draft.agents.filter((other) => other.key !== agent.key) })}
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

function AgentGroup({
  agent,
  toolNames,
  t,
  onChange,
  onDelete,
}: {
  agent: DraftAgent;
  toolNames: readonly string[];
  t: AgentsTranslate;
  onChange: (patch: Partial<RosterAgentConfig>) => void;
  onDelete: () => void;
}) {
  const names = useNames();
  const toggleTool = (name: string, on: boolean) =>
    onChange({ tools: on ? [...agent.tools, name] : agent.tools.filter((tool) => tool !== name) });
  return (
    <fieldset
      role="group"
      aria-label={agent.name || t('newAgent')}
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <legend className="px-1 text-sm font-semibold">
        <span className="font-mono">{agent.name || t('newAgent')}</span>
        {agent.builtin ? (
          <span className="ml-2 text-xs font-normal text-slate-500 dark:text-slate-400">{t('builtin')}</span>
        ) : null}
      </legend>
      <div className="flex flex-col gap-2">
        {agent.builtin ? null : (
          <label className={labelClass}>
            <span>{t('agentName')}</span>
            <input
              aria-label="Agent name"
              className={inputClass}
              value={agent.name}
              onChange={(event) => onChange({ name: event.target.value })}
            />
            <span className="font-normal text-slate-500 dark:text-slate-400">{t('agentNameHint')}</span>
          </label>
        )}
        <label className={labelClass}>
          <span>{t('systemPrompt')}</span>
          <textarea
            aria-label="System prompt"
            rows={3}
            className={inputClass}
            value={agent.systemPrompt}
            onChange={(event) => onChange({ systemPrompt: event.target.value })}
          />
        </label>
        <label className={labelClass}>
          <span>{t('model')}</span>
          <input
            aria-label="Model"
            className={inputClass}
            placeholder={t('modelPlaceholder')}
            value={agent.model}
            onChange={(event) => onChange({ model: event.target.value })}
          />
        </label>
        <div className="text-xs font-medium text-slate-700 dark:text-slate-300">{t('tools')}</div>
        <div className="flex flex-wrap gap-x-3 gap-y-1">
          {toolNames.map((name) => (
            <label key={name} className="flex items-center gap-1 font-mono text-xs">
              <input
                type="checkbox"
                aria-label={name}
                checked={agent.tools.includes(name)}
                onChange={(event) => toggleTool(name, event.target.checked)}
              />
              {name}
            </label>
          ))}
        </div>
        <div className="flex items-center justify-between">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              aria-label="Enabled"
              checked={agent.enabled}
              onChange={(event) => onChange({ enabled: event.target.checked })}
            />
            {t('enabled')}
          </label>
          {agent.builtin ? null : (
            <Button
              variant="ghost"
              size="sm"
              aria-label={names('Delete agent {agent}', { agent: agent.name || t('newAgent') })}
              onClick={onDelete}
            >
              {t('deleteAgent')}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** One whole-number limit of the roster, kept within its bounds (an out-of-range entry keeps the last good value). */
function LimitField(props: {
  label: string;
  hint: string;
  name: string;
  min: number;
  max: number;
  step?: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className={labelClass}>
      <span>{props.label}</span>
      <input
        aria-label={props.name}
        type="number"
        min={props.min}
        max={props.max}
        {...(props.step ? { step: props.step } : {})}
        className={inputClass}
        value={props.value}
        onChange={(event) => props.onChange(clampInt(event.target.value, props.min, props.max, props.value))}
      />
      <span className="font-normal text-slate-500 dark:text-slate-400">{props.hint}</span>
    </label>
  );
}
