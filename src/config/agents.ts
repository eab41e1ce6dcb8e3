import { z } from 'zod';

/** The reviewer's verdict lines; the orchestrator acts on them. */
export const VERDICT_APPROVED = 'VERDICT: approved';
export const VERDICT_NEEDS_REVISION = 'VERDICT: needs revision';

/** One agent of the roster as the user edits and stores it. */
export const rosterAgentSchema = z.object({
  /** Lowercase letters, digits, `_` and `-`: the function is `delegate_<name>`. */
  name: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/),
  systemPrompt: z.string().max(20_000),
  /** A model id the endpoint accepts; empty = the main model. */
  model: z.string().max(200).default(''),
  /** The tools it may use, by name. */
  tools: z.array(z.string().max(200)).max(200).default([]),
  enabled: z.boolean().default(true),
  /** Built-in agents can be edited and disabled, not deleted. */
  builtin: z.boolean().default(false),
});

export type RosterAgentConfig = z.infer<typeof rosterAgentSchema>;

/** The agents every install starts with. */
export const BUILTIN_AGENTS: readonly RosterAgentConfig[] = [
  {
    name: 'researcher',
    systemPrompt:
      'You are the researcher of a team. Look things up with your tools (search, weather, time, notes, files, calculator) and report the facts you found, ' +
      'with numbers and sources, briefly. Say plainly what you could not find. Do not invent facts.',
    model: '',
    tools: ['search_web', 'get_weather', 'get_current_time', 'search_notes', 'read_file', 'calculator'],
    enabled: true,
    builtin: true,
  },
  {
    name: 'coder',
    systemPrompt:
      'You are the coder of a team. Write JavaScript and run it in the sandbox with run_javascript to compute or check what you are asked; ' +
      'report the result and the code you ran.',
    model: '',
    tools: ['run_javascript', 'calculator'],
    enabled: true,
    builtin: true,
  },
  {
    name: 'reviewer',
    systemPrompt:
      'You are the reviewer of a team. Check the draft you are given against the task: facts, numbers, reasoning and completeness. ' +
      `End with exactly one verdict line: "${VERDICT_APPROVED}" when it is correct and complete, or "${VERDICT_NEEDS_REVISION}" ` +
      'followed by the problems, one per line, each saying what is wrong and how to fix it.',
    model: '',
    tools: [],
    enabled: true,
    builtin: true,
  },
];

/** The roster and its limits, as stored with the settings. */
export const rosterSettingsShape = {
  /** Orchestration on/off for new runs. */
  delegation: z.boolean().default(false),
  maxDelegationDepth: z.number().int().min(1).max(5).default(2),
  maxDelegations: z.number().int().min(1).max(50).default(6),
  agents: z
    .array(rosterAgentSchema)
    .max(30)
    .refine((agents) => new Set(agents.map((agent) => agent.name)).size === agents.length, 'agent names must be unique')
    .default(() => BUILTIN_AGENTS.map((agent) => ({ ...agent, tools: [...agent.tools] }))),
};

/** Why an agent name cannot be used, or undefined when it can. */
export function agentNameProblem(name: string, others: readonly string[]): 'empty' | 'format' | 'taken' | undefined {
  if (name.trim() === '') return 'empty';
  if (!/^[a-z][a-z0-9_-]{0,39}$/.test(name)) return 'format';
  if (others.includes(name)) return 'taken';
  return undefined;
}
