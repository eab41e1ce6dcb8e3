import * as z from 'zod/mini';

/** The reviewer's verdict lines; the orchestrator acts on them. */
export const VERDICT_APPROVED = 'VERDICT: approved';
export const VERDICT_NEEDS_REVISION = 'VERDICT: needs revision';

/** One agent of the roster as the user edits and stores it. */
export const rosterAgentSchema = z.object({
  /** Lowercase letters, digits, `_` and `-`: the function is `delegate_<name>`. */
  name: z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/)),
  systemPrompt: z.string().check(z.maxLength(20_000)),
  /** A model id the endpoint accepts; empty = the main model. */
  model: z._default(z.string().check(z.maxLength(200)), ''),
  /** The tools it may use, by name. */
  tools: z._default(z.array(z.string().check(z.maxLength(200))).check(z.maxLength(200)), []),
  enabled: z._default(z.boolean(), true),
  /** Built-in agents can be edited and disabled, not deleted. */
  builtin: z._default(z.boolean(), false),
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
  delegation: z._default(z.boolean(), false),
  maxDelegationDepth: z._default(z.int().check(z.minimum(1), z.maximum(5)), 2),
  maxDelegations: z._default(z.int().check(z.minimum(1), z.maximum(50)), 6),
  /** Tokens (input + output) one run may use, all its agents together; 0 = no budget. */
  maxRunTokens: z._default(z.int().check(z.minimum(0), z.maximum(100_000_000)), 0),
  agents: z._default(
    z.array(rosterAgentSchema).check(
      z.maxLength(30),
      z.refine(
        (agents) => new Set(agents.map((agent) => agent.name)).size === agents.length,
        'agent names must be unique',
      ),
    ),
    () => BUILTIN_AGENTS.map((agent) => ({ ...agent, tools: [...agent.tools] })),
  ),
};

/** Why an agent name cannot be used, or undefined when it can. */
export function agentNameProblem(name: string, others: readonly string[]): 'empty' | 'format' | 'taken' | undefined {
  if (name.trim() === '') return 'empty';
  if (!/^[a-z][a-z0-9_-]{0,39}$/.test(name)) return 'format';
  if (others.includes(name)) return 'taken';
  return undefined;
}

/** The roster part of the settings. */
export type RosterSettings = z.output<z.ZodMiniObject<typeof rosterSettingsShape>>;

const MAX_AGENTS = 30;
const rosterFileSchema = z.object(rosterSettingsShape);
const DEFAULT_LIMITS = rosterFileSchema.parse({});

/** What an imported roster changes, and what it left as the user had it. */
export interface RosterMerge {
  roster: RosterSettings;
  /** Agents added, or built-in agents the user never changed that the file's version replaced. */
  added: string[];
  /** Agents of the file not taken: the user has their own by that name, or the roster is full. */
  kept: string[];
  /** The file's roster could not be read at all; nothing changed. */
  unreadable: boolean;
}

function sameAgent(a: RosterAgentConfig, b: RosterAgentConfig): boolean {
  return JSON.stringify({ ...a, tools: [...a.tools].sort() }) === JSON.stringify({ ...b, tools: [...b.tools].sort() });
}

/**
 * Brings back the team of agents of an "Export all" file. The user's own edits win: an agent they have by the same
 * name is kept, unless it is a built-in agent exactly as shipped (then the file's version, edited or not, comes
 * back); new names are added. The limits and Delegate to agents come from the file only while the user's are
 * the defaults.
 */
export function mergeImportedRoster(current: RosterSettings, value: unknown): RosterMerge {
  const parsed = rosterFileSchema.safeParse(value);
  if (!parsed.success) return { roster: current, added: [], kept: [], unreadable: true };
  const imported = parsed.data;
  const agents = [...current.agents];
  const added: string[] = [];
  const kept: string[] = [];
  for (const agent of imported.agents) {
    const index = agents.findIndex((candidate) => candidate.name === agent.name);
    const mine = agents[index];
    const shipped = BUILTIN_AGENTS.find((builtin) => builtin.name === agent.name);
    if (mine && shipped && sameAgent(mine, shipped) && !sameAgent(mine, agent)) {
      agents[index] = { ...agent, builtin: true };
      added.push(agent.name);
    } else if (mine) {
      if (!sameAgent(mine, agent)) kept.push(agent.name);
    } else if (agents.length >= MAX_AGENTS) {
      kept.push(agent.name);
    } else {
      agents.push({ ...agent, builtin: shipped !== undefined });
      added.push(agent.name);
    }
  }
  const defaults =
    current.delegation === DEFAULT_LIMITS.delegation &&
    current.maxDelegationDepth === DEFAULT_LIMITS.maxDelegationDepth &&
    current.maxDelegations === DEFAULT_LIMITS.maxDelegations &&
    current.maxRunTokens === DEFAULT_LIMITS.maxRunTokens;
  const limits = defaults ? imported : current;
  return {
    roster: {
      delegation: limits.delegation,
      maxDelegationDepth: limits.maxDelegationDepth,
      maxDelegations: limits.maxDelegations,
      maxRunTokens: limits.maxRunTokens,
      agents,
    },
    added,
    kept,
    unreadable: false,
  };
}
