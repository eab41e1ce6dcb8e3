import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/**
 * Strings of the per-session overrides (issue 19 item 5): the chip in the chat header and the `Session model
 * and prompt` dialog. The controls' accessible names stay English (`Session model and prompt`, `Model for this
 * session`, `System prompt for this session`, `Clear session overrides`, `Use the global model and prompt`;
 * none contains another control's name such as `Settings`, which Playwright matches as a substring); these are what
 * people read.
 */
const en = {
  title: 'Session model and prompt',
  open: 'This session’s model and system prompt',
  intro:
    'This session only: its runs use this model and system prompt instead of the ones in Settings. New sessions use Settings.',
  model: 'Model for this session',
  modelPlaceholder: 'empty = {model} (from Settings)',
  modelsLoading: 'Loading the endpoint’s models…',
  modelsListed: '{count} {count|model|models} listed by the endpoint; any model id can be typed.',
  modelsFailed: 'The endpoint’s models could not be listed ({error}); any model id can be typed.',
  demoModel:
    'The offline demo model answers under any model name; the name shows in the trace only for a real endpoint.',
  systemPrompt: 'System prompt for this session',
  systemPromptPlaceholder: 'empty = the system prompt from Settings',
  appliesNext: 'Applies from the next run of this session.',
  save: 'Save',
  cancel: 'Cancel',
  useGlobal: 'Use the global model and prompt',
  problemModelLines: 'A model id is one line: remove the line breaks.',
  problemModelLong: 'A model id can be at most {max} characters.',
  problemPromptLong: 'The system prompt can be at most {max} characters.',
  saveFailed: 'This session’s model and prompt were not saved (storage refused the write); your text is kept here.',
  chipModel: 'Model: {model}',
  chipPrompt: 'custom system prompt',
  chipPromptOnly: 'Custom system prompt',
  chipTitle: 'This session overrides Settings. Open “Session model and prompt” to edit.',
  clear: 'Clear',
};

export type SessionSettingsKey = keyof typeof en;

const zhCN: Record<SessionSettingsKey, string> = {
  title: '本会话的模型和提示词',
  open: '本会话的模型和系统提示词',
  intro: '仅对本会话：它的运行使用这里的模型和系统提示词，而不是“设置”中的。新会话使用“设置”。',
  model: '本会话的模型',
  modelPlaceholder: '留空 = {model}（来自“设置”）',
  modelsLoading: '正在读取端点的模型列表…',
  modelsListed: '端点列出了 {count} 个模型；也可以输入任意模型 ID。',
  modelsFailed: '无法列出端点的模型（{error}）；也可以输入任意模型 ID。',
  demoModel: '离线演示模型会以任何模型名称回答；只有真实端点的追踪中才会显示该名称。',
  systemPrompt: '本会话的系统提示词',
  systemPromptPlaceholder: '留空 = 使用“设置”中的系统提示词',
  appliesNext: '从本会话的下一次运行开始生效。',
  save: '保存',
  cancel: '取消',
  useGlobal: '使用全局模型和提示词',
  problemModelLines: '模型 ID 只能是一行：请删除换行。',
  problemModelLong: '模型 ID 最多 {max} 个字符。',
  problemPromptLong: '系统提示词最多 {max} 个字符。',
  saveFailed: '本会话的模型和提示词未保存（存储拒绝了写入）；你输入的内容仍保留在这里。',
  chipModel: '模型：{model}',
  chipPrompt: '自定义系统提示词',
  chipPromptOnly: '自定义系统提示词',
  chipTitle: '本会话覆盖了“设置”。打开“本会话的模型和提示词”进行编辑。',
  clear: '清除',
};

/** The session-settings strings in both languages. */
export const sessionSettingsDictionary = defineDictionary<SessionSettingsKey>('session-settings', {
  en,
  'zh-CN': zhCN,
});

/** The session-settings translate function for one language. */
export function createSessionSettingsTranslate(language: Language): Translate<SessionSettingsKey> {
  return createTranslate(sessionSettingsDictionary, language);
}
