/**
 * Strings of the Agents roster (PRODUCT.md §8). Accessible names that tests rely on (UI-CONTRACT.md "Agents")
 * stay English in `aria-label`s; these strings are what people read.
 */
const en = {
  open: 'Agents',
  title: 'Agents',
  intro:
    'With delegation on, the main agent can hand parts of a task to these agents (as delegate_<name> tools) and merge their answers. You see every delegated run in the chat and the trace.',
  delegate: 'Delegate to agents',
  delegateHint: 'Applies to new runs.',
  maxDepth: 'Max delegation depth',
  maxDepthHint: '1: only the main agent delegates; 2: its agents may delegate once more.',
  maxDelegations: 'Max delegations',
  maxDelegationsHint: 'Per run, all levels together; every revision counts.',
  tokenBudget: 'Token budget',
  tokenBudgetHint:
    'Tokens one run may use, all agents together; 0 = no budget. A run that uses it up stops and says so.',
  systemPrompt: 'System prompt',
  model: 'Model',
  modelPlaceholder: 'empty = the main model',
  tools: 'Tools',
  enabled: 'Enabled',
  builtin: 'built in',
  agentName: 'Agent name',
  agentNameHint: 'Lowercase letters, digits, _ and -; the tool is delegate_<name>.',
  addAgent: 'Add agent',
  deleteAgent: 'Delete',
  newAgent: 'new agent',
  save: 'Save',
  cancel: 'Cancel',
  problemEmpty: 'Every agent needs a name.',
  problemFormat: '“{name}” cannot be an agent name: use lowercase letters, digits, _ and -, starting with a letter.',
  problemTaken: 'Two agents are named “{name}”; names must differ.',
  problemPrompt: 'The agent “{name}” needs a system prompt.',
  firstRunNotice: 'Delegation to agents was switched on for this example (Agents button to change it).',
  importKept: 'Agents of the file not taken, since yours by the same name were kept (or the roster is full): {agents}.',
  importUnreadable: 'The team of agents in the file could not be read; your agents are unchanged.',
};

export type AgentsStringKey = keyof typeof en;

const zhCN: Record<AgentsStringKey, string> = {
  open: '智能体',
  title: '智能体团队',
  intro:
    '开启委派后，主智能体可以把任务的一部分交给这些智能体（以 delegate_<名称> 工具的形式）并合并它们的回答。每次委派的运行都会显示在对话和追踪中。',
  delegate: '委派给智能体',
  delegateHint: '对新的运行生效。',
  maxDepth: '最大委派深度',
  maxDepthHint: '1：只有主智能体委派；2：它的智能体还可以再委派一次。',
  maxDelegations: '最大委派次数',
  maxDelegationsHint: '每次运行、所有层级合计；每次修改都计入。',
  tokenBudget: '令牌预算',
  tokenBudgetHint: '一次运行（所有智能体合计）可用的令牌数；0 = 不限。用完时运行会停止并说明原因。',
  systemPrompt: '系统提示词',
  model: '模型',
  modelPlaceholder: '留空 = 使用主模型',
  tools: '工具',
  enabled: '启用',
  builtin: '内置',
  agentName: '智能体名称',
  agentNameHint: '小写字母、数字、_ 和 -；工具名为 delegate_<名称>。',
  addAgent: '添加智能体',
  deleteAgent: '删除',
  newAgent: '新智能体',
  save: '保存',
  cancel: '取消',
  problemEmpty: '每个智能体都需要名称。',
  problemFormat: '“{name}”不能作为智能体名称：请使用以字母开头的小写字母、数字、_ 和 -。',
  problemTaken: '有两个智能体都叫“{name}”，名称必须不同。',
  problemPrompt: '智能体“{name}”需要系统提示词。',
  firstRunNotice: '已为这个示例开启“委派给智能体”（可在“智能体”按钮中更改）。',
  importKept: '文件中的这些智能体未导入，因为保留了你同名的智能体（或名单已满）：{agents}。',
  importUnreadable: '无法读取文件中的智能体团队；你的智能体保持不变。',
};

/** The roster strings in both languages. */
export const agentsStrings: { en: Record<AgentsStringKey, string>; 'zh-CN': Record<AgentsStringKey, string> } = {
  en,
  'zh-CN': zhCN,
};

export type AgentsTranslate = (key: AgentsStringKey, values?: Record<string, string | number>) => string;

/** Returns a translate function for one language (English for any other). */
export function createAgentsTranslate(locale: string = 'en'): AgentsTranslate {
  const table = locale === 'zh-CN' ? agentsStrings['zh-CN'] : agentsStrings.en;
  return (key, values) => {
    const template = table[key] ?? agentsStrings.en[key];
    if (!values) return template;
    return template.replace(/\{(\w+)\}/g, (match, name: string) =>
      Object.hasOwn(values, name) ? String(values[name]) : match,
    );
  };
}
