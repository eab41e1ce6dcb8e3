import { say } from './answers.ts';
import type { ChatMessage } from '../model/model.ts';
import { isProtocolUserMessage, readJsonDecisions, type ConversationState } from './conversation.ts';
import type { Decision } from './planner.ts';
import type { DemoLanguage } from './text.ts';

/** What the demo's steps say about each tool it plans with. */
const TOOL_STEPS: Record<string, [english: string, chinese: string]> = {
  date_calc: ['Work out the date with date_calc', '用 date_calc 推算日期'],
  get_current_time: ["Check today's date with get_current_time", '用 get_current_time 查看今天的日期'],
  calculator: ['Calculate it with calculator', '用 calculator 计算'],
  get_weather: ['Look up the weather with get_weather', '用 get_weather 查询天气'],
  search_web: ['Search Wikipedia with search_web', '用 search_web 搜索维基百科'],
  todo: ['Update the todo list', '更新待办清单'],
  save_note: ['Save the note', '保存笔记'],
  search_notes: ['Search the notes', '搜索笔记'],
  read_file: ['Read the attached file', '读取附加的文件'],
  run_javascript: ['Run the code with run_javascript', '用 run_javascript 运行代码'],
};

const WEEKEND_QUESTION = /weekend|周末/iu;
const WEEKEND_DAY = /\b(?:Saturday|Sunday)\b|星期六|星期日|星期天|周六|周日/u;
const WEEK_DAY = /\b(?:Monday|Tuesday|Wednesday|Thursday|Friday)\b|星期[一二三四五]|周[一二三四五]/u;

function toolStep(language: DemoLanguage, tool: string): string {
  const [english, chinese] = TOOL_STEPS[tool] ?? [`Use ${tool}`, `使用 ${tool}`];
  return say(language, english, chinese);
}

function weekendStep(language: DemoLanguage): string {
  return say(language, 'Check whether that day is a weekend', '判断那天是不是周末');
}

function answerStep(language: DemoLanguage): string {
  return say(language, 'Answer the question', '回答问题');
}

/** The plan the demo made earlier in this turn, if any. */
function currentPlan(messages: readonly ChatMessage[]): string[] | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role === 'user' && !isProtocolUserMessage(message.content)) return undefined;
    if (message?.role !== 'assistant' || !message.content) continue;
    const plan = readJsonDecisions(message.content).find((decision) => decision.type === 'plan')?.plan;
    if (Array.isArray(plan)) return plan.filter((step): step is string => typeof step === 'string');
  }
  return undefined;
}

/**
 * The demo's reply in the JSON plan protocol: for a request that needs tools, first a plan (one step per tool it
 * will use, a weekend check when asked, the answer), then one `tool_call` decision per reply naming the step it
 * serves, then the `final` answer (which says whether the day is a weekend when that was asked).
 */
export function toJsonPlanText(decision: Decision, state: ConversationState, messages: readonly ChatMessage[]): string {
  const { language } = state;
  const plan = currentPlan(messages);
  const asksWeekend = WEEKEND_QUESTION.test(state.userText);
  if (decision.kind === 'call') {
    const first = decision.calls[0];
    if (!first) return JSON.stringify({ type: 'final', answer: decision.thought });
    if (!plan && state.exchanges.length === 0) {
      const steps = [
        toolStep(language, first.name),
        ...(asksWeekend ? [weekendStep(language)] : []),
        answerStep(language),
      ];
      if (first.name === 'get_current_time') steps.splice(1, 0, toolStep(language, 'date_calc'));
      return JSON.stringify({ type: 'plan', plan: steps, next: steps[0] });
    }
    const step = toolStep(language, first.name);
    const next = plan?.find((candidate) => candidate === step) ?? step;
    return JSON.stringify({ type: 'tool_call', tool: first.name, args: first.arguments, next });
  }
  let answer = decision.text;
  if (asksWeekend && state.exchanges.length > 0) {
    if (WEEKEND_DAY.test(answer)) answer += say(language, ' That day falls on a **weekend**.', '那天是**周末**。');
    else if (WEEK_DAY.test(answer))
      answer += say(language, ' That day is a weekday, **not a weekend**.', '那天是工作日，**不是周末**。');
  }
  return JSON.stringify({ type: 'final', answer, ...(plan ? { next: plan.at(-1) } : {}) });
}
