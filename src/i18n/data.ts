import { createTranslate, defineDictionary, type Language, type Translate } from './translate.ts';

/** Strings of `query_data` in the chat (the result table) and of the first-run sample data. */
const en = {
  resultTable: 'Query result',
  rowsShown: '{shown} of {total} rows',
  rowsAll: '{total} rows',
  sortBy: 'Sort by {column}',
  nullCell: 'NULL',
  spanSql: 'SQL',
  spanRows: 'Rows',
  sampleTitle: 'Ask questions about a table',
  sampleBody:
    'Attach a CSV, TSV or JSON file and ask about it: the agent answers with read-only SQL (query_data), run in your browser.',
  sampleButton: 'Attach sample sales.csv',
  sampleQuestion: 'Which region sold the most?',
} as const;

/** A key of the data strings. */
export type DataStringKey = keyof typeof en;

const zhCN: Record<DataStringKey, string> = {
  resultTable: '查询结果',
  rowsShown: '共 {total} 行，显示 {shown} 行',
  rowsAll: '共 {total} 行',
  sortBy: '按 {column} 排序',
  nullCell: '空值',
  spanSql: 'SQL 语句',
  spanRows: '行数',
  sampleTitle: '对表格提问',
  sampleBody: '附加 CSV、TSV 或 JSON 文件后直接提问：智能体用只读 SQL（query_data）在你的浏览器里查询作答。',
  sampleButton: '附加示例 sales.csv',
  sampleQuestion: '哪个地区卖得最多？',
};

/** The data strings in every language. */
export const dataDictionary = defineDictionary<DataStringKey>('data', { en, 'zh-CN': zhCN });

/** The data translate function for a language. */
export function createDataTranslate(language: Language): Translate<DataStringKey> {
  return createTranslate(dataDictionary, language);
}
