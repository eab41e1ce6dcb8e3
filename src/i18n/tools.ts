import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** One line about each built-in tool, shown next to its switch in Settings. */
const en = {
  calculator: 'Arithmetic with a safe parser',
  get_current_time: 'Date, time and weekday now',
  date_calc: 'Date arithmetic and weekdays',
  get_weather: 'Weather from Open-Meteo (needs network)',
  search_web: 'Wikipedia search (needs network)',
  todo: "This session's todo list",
  save_note: 'Save a long-term note',
  search_notes: 'Search notes from all sessions',
  read_file: 'Read files attached to the session',
  query_data: 'Read-only SQL over attached CSV, TSV and JSON files',
  run_javascript: 'Run code in a sandboxed worker',
  search_knowledge: 'Search the Knowledge library (offered when it has documents)',
} as const;

/** A built-in tool that has a summary. */
export type ToolSummaryKey = keyof typeof en;

const zhCN: Record<ToolSummaryKey, string> = {
  calculator: '安全解析的四则运算与函数',
  get_current_time: '当前日期、时间和星期',
  date_calc: '日期推算与星期',
  get_weather: 'Open-Meteo 天气（需要联网）',
  search_web: '维基百科搜索（需要联网）',
  todo: '本会话的待办清单',
  save_note: '保存长期笔记',
  search_notes: '搜索所有会话的笔记',
  read_file: '读取本会话附加的文件',
  query_data: '用只读 SQL 查询附加的 CSV、TSV 和 JSON 文件',
  run_javascript: '在沙箱化的 Web Worker 中运行代码',
  search_knowledge: '搜索知识库（有文档时提供）',
};

/** The tool summaries in every language. */
export const toolSummaryDictionary = defineDictionary<ToolSummaryKey>('tools', { en, 'zh-CN': zhCN });

/** The summary of a tool in a language, if it has one. */
export function toolSummary(language: Language, tool: string): string | undefined {
  if (!Object.hasOwn(en, tool)) return undefined;
  const translate: Translate<ToolSummaryKey> = createTranslate(toolSummaryDictionary, language);
  return translate(tool as ToolSummaryKey);
}
