import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/**
 * Strings of the JSON plan protocol and the answer check (PRODUCT.md §9). The accessible names tests rely on
 * (UI-CONTRACT.md "JSON plan protocol and answer check") stay English in `aria-label`s; these are what people read.
 */
const en = {
  protocolJson: 'JSON plan (a visible plan)',
  protocolJsonHint: 'One JSON decision per reply, with a plan you can follow.',
  planTitle: 'Plan',
  planDone: 'done',
  planCurrent: 'in progress',
  planPending: 'to do',
  planChanged: 'Plan changed',
  planAdded: 'added: {steps}',
  planRemoved: 'dropped: {steps}',
  planUnchanged: 'same steps',
  answerCheck: 'Check answers before finishing',
  answerCheckHint:
    'After an answer, one more model call checks it against the tool results; an unsupported answer is revised once.',
  draftAnswer: 'Draft answer',
  draftAnswerHint: 'The answer check found claims its tool results do not support, so this draft was revised.',
  modelNote: 'written by the model',
};

export type PlanStringKey = keyof typeof en;

const zhCN: Record<PlanStringKey, string> = {
  protocolJson: 'JSON 计划（计划可见）',
  protocolJsonHint: '每次回复一个 JSON 决策，计划清晰可见。',
  planTitle: '计划',
  planDone: '已完成',
  planCurrent: '进行中',
  planPending: '待办',
  planChanged: '计划已更改',
  planAdded: '新增：{steps}',
  planRemoved: '删除：{steps}',
  planUnchanged: '步骤相同',
  answerCheck: '完成前检查答案',
  answerCheckHint: '给出答案后，再调用一次模型，对照工具结果检查答案；没有依据的答案会修改一次。',
  draftAnswer: '答案草稿',
  draftAnswerHint: '答案检查发现其中有工具结果不支持的说法，因此这份草稿已被修改。',
  modelNote: '由模型写入',
};

/** The plan strings in every language. */
export const planDictionary = defineDictionary<PlanStringKey>('plan', { en, 'zh-CN': zhCN });

export type PlanTranslate = Translate<PlanStringKey>;

/** The plan strings' translate function for a language. */
export function createPlanTranslate(language: Language): PlanTranslate {
  return createTranslate(planDictionary, language);
}
