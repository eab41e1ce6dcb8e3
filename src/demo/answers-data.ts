import { say } from './answers.ts';
import type { Observation } from './observation.ts';
import type { DemoLanguage } from './text.ts';

/** A table as `query_data`'s description lists it: `- sales (from sales.csv): region TEXT, amount REAL`. */
export interface DescribedTable {
  name: string;
  file: string;
  columns: { name: string; type: string }[];
}

/** Reads the tables listed in `query_data`'s description. */
export function readDescribedTables(description: string | undefined): DescribedTable[] {
  if (!description) return [];
  return [...description.matchAll(/^- (\S+) \(from ([^)\n]+)\): (.+)$/gmu)].map((match) => ({
    name: match[1] ?? '',
    file: match[2] ?? '',
    columns: (match[3] ?? '')
      .split(', ')
      .map((column) => /^(\S+) (INTEGER|REAL|TEXT)$/u.exec(column))
      .filter((column): column is RegExpExecArray => column !== null)
      .map((column) => ({ name: column[1] ?? '', type: column[2] ?? '' })),
  }));
}

/** Chinese words for the columns the demo's questions name. */
const CHINESE_COLUMN_WORDS: Record<string, string[]> = {
  地区: ['region', 'area', 'district'],
  区域: ['region', 'area'],
  产品: ['product', 'item'],
  城市: ['city'],
  月份: ['month'],
  国家: ['country'],
  门店: ['store', 'shop'],
};
const MEASURES = /^(?:amount|sales|revenue|total|value|price|销售额|金额|收入)$/u;

/** The grouped query answering "which <group> sold the most/least": the group column named in the question, the amount summed. */
export function planGroupedQuery(
  tables: readonly DescribedTable[],
  group: string,
  most: boolean,
): { sql: string; table: string; group: string; measure: string } | undefined {
  const wanted = group.toLowerCase();
  const candidates = [wanted, ...(CHINESE_COLUMN_WORDS[group] ?? [])];
  for (const table of tables) {
    const groupColumn =
      table.columns.find((column) => candidates.includes(column.name)) ??
      table.columns.find((column) => candidates.some((candidate) => column.name.includes(candidate)));
    if (!groupColumn) continue;
    const numeric = table.columns.filter((column) => column.type !== 'TEXT' && column !== groupColumn);
    const measure = numeric.find((column) => MEASURES.test(column.name)) ?? numeric.at(-1);
    if (!measure) continue;
    const sql = `SELECT ${groupColumn.name}, SUM(${measure.name}) AS total FROM ${table.name} GROUP BY ${groupColumn.name} ORDER BY total ${most ? 'DESC' : 'ASC'}`;
    return { sql, table: table.name, group: groupColumn.name, measure: measure.name };
  }
  return undefined;
}

function formatNumber(value: unknown): string {
  return typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(value);
}

const LABEL_EN =
  "_The SQL and this sentence come from the scripted demo, not from an LLM; the numbers are the query's own. Connect a real model in Settings to ask anything._";
const LABEL_ZH =
  '_SQL 和这句话来自脚本演示模型，不是大语言模型；数字来自查询本身。要自由提问，请在设置里连接真实模型。_';

/** The scripted answer after a grouped `query_data`: the top (or bottom) group and its total, or what went wrong. */
export function answerGroupedQuery(
  language: DemoLanguage,
  plan: { table: string; group: string; measure: string },
  most: boolean,
  observation: Observation,
): string {
  if (!observation.ok) {
    return say(
      language,
      `The query failed: ${observation.error ?? observation.text}`,
      `查询失败：${observation.error ?? observation.text}`,
    );
  }
  const value = observation.value as { rows?: unknown[][] } | undefined;
  const rows = Array.isArray(value?.rows) ? value.rows : [];
  const [first, second] = rows;
  if (!first)
    return say(
      language,
      `The table **${plan.table}** has no rows to compare.`,
      `表 **${plan.table}** 里没有可比较的行。`,
    );
  const [name, total] = first;
  const runnerUp = second
    ? say(
        language,
        ` Next is **${String(second[0])}** with ${formatNumber(second[1])}.`,
        `其次是 **${String(second[0])}**，${formatNumber(second[1])}。`,
      )
    : '';
  return [
    say(
      language,
      `**${String(name)}** sold the ${most ? 'most' : 'least'}: ${formatNumber(total)} in total (${plan.measure} summed by ${plan.group} over **${plan.table}**, ${rows.length} groups).${runnerUp}`,
      `**${String(name)}** 卖得最${most ? '多' : '少'}：合计 ${formatNumber(total)}（按 ${plan.group} 汇总 **${plan.table}** 的 ${plan.measure}，共 ${rows.length} 组）。${runnerUp}`,
    ),
    say(language, LABEL_EN, LABEL_ZH),
  ].join('\n\n');
}

/** What the demo says when a table question comes with no data file attached. */
export function noDataText(language: DemoLanguage): string {
  return say(
    language,
    'No CSV, TSV or JSON file is attached to this session, so there is no table to query. Attach one with **Attach** above the message box (or the sample **sales.csv** on the welcome screen of a new session), then ask again.',
    '本会话没有附加 CSV、TSV 或 JSON 文件，所以没有可查询的表。请用输入框上方的 **附加** 按钮附加一个（或在新会话的欢迎页附加示例 **sales.csv**），然后再问一次。',
  );
}

/** What the demo says when the tables it sees have no column the question names. */
export function noMatchingColumnText(language: DemoLanguage, group: string, tables: readonly DescribedTable[]): string {
  const listed = tables
    .map((table) => `**${table.name}** (${table.columns.map((column) => column.name).join(', ')})`)
    .join(say(language, '; ', '；'));
  return say(
    language,
    `I found no column for “${group}” with a number to add up in ${listed || 'the attached tables'}. As a scripted demo I only answer “which <column> sold the most?”.`,
    `在 ${listed || '附加的表'} 里没有找到“${group}”对应的列和可汇总的数值列。作为脚本演示，我只会回答“哪个<列>卖得最多？”这类问题。`,
  );
}
