import type { RosterAgentConfig } from '../../config/agents.ts';
import type { AgentsTranslate } from '../../i18n/agents.ts';
import { Button } from '../components/button.tsx';
import { useNames } from '../use-t.ts';
import { inputClass, labelClass } from './field-classes.ts';

/** One agent of the roster: its name (not for built-in agents), prompt, model, allowed tools and Enabled. */
export function AgentGroup({
  agent,
  toolNames,
  t,
  onChange,
  onDelete,
}: {
  agent: RosterAgentConfig;
  toolNames: readonly string[];
  t: AgentsTranslate;
  onChange: (patch: Partial<RosterAgentConfig>) => void;
  onDelete: () => void;
}) {
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
        <AgentTools
          toolNames={toolNames}
          tools={agent.tools}
          label={t('tools')}
          onChange={(tools) => onChange({ tools })}
        />
        <EnabledRow agent={agent} t={t} onChange={onChange} onDelete={onDelete} />
      </div>
    </fieldset>
  );
}

/** The tools the agent may call: one checkbox per tool name. */
function AgentTools({
  toolNames,
  tools,
  label,
  onChange,
}: {
  toolNames: readonly string[];
  tools: readonly string[];
  label: string;
  onChange: (tools: string[]) => void;
}) {
  const toggleTool = (name: string, on: boolean) =>
    onChange(on ? [...tools, name] : tools.filter((tool) => tool !== name));
  return (
    <>
      <div className="text-xs font-medium text-slate-700 dark:text-slate-300">{label}</div>
      <div className="flex flex-wrap gap-x-3 gap-y-1">
        {toolNames.map((name) => (
          <label key={name} className="flex items-center gap-1 font-mono text-xs">
            <input
              type="checkbox"
              aria-label={name}
              checked={tools.includes(name)}
              onChange={(event) => toggleTool(name, event.target.checked)}
            />
            {name}
          </label>
        ))}
      </div>
    </>
  );
}

/** Enabled, and Delete for an agent the user added (built-in agents can only be switched off). */
function EnabledRow({
  agent,
  t,
  onChange,
  onDelete,
}: {
  agent: RosterAgentConfig;
  t: AgentsTranslate;
  onChange: (patch: Partial<RosterAgentConfig>) => void;
  onDelete: () => void;
}) {
  const names = useNames();
  return (
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
  );
}
