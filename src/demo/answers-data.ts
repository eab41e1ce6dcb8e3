import { say } from './answers.ts';
import type { DataPlan, DescribedTable } from './data-question.ts';
import type { Observation } from './observation.ts';
import type { DemoLanguage } from './text.ts';

function formatNumber(value: unknown): string {
  return typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : String(value);
}

const LABEL_EN =
  "_The SQL and this sentence come from the scripted demo, not from an LLM; the numbers are the query's own. Connect a real model in Settings to ask anything._";
const LABEL_ZH =
  '_SQL 和这句话来自脚本演示模型，不是大语言模型；数字来自查询本身。要自由提问，请在设置里连接真实模型。_';

/** "units summed by product over **sales**" / "按 product 汇总 **sales** 的 units". */
function howText(language: DemoLanguage, plan: DataPlan, groups?: number): string {
  const avg = plan.question.aggregate === 'avg';
  const by = plan.group === undefined ? '' : say(language, ` by ${plan.group}`, `按 ${plan.group} `);
  const count = groups === undefined ? '' : say(language, `, ${groups} groups`, `，共 ${groups} 组`);
  return say(
    language,
    `${plan.measure} ${avg ? 'averaged' : 'summed'}${by} over **${plan.table}**${count}`,
    `${by}${avg ? '平均' : '汇总'} **${plan.table}** 的 ${plan.measure}${count}`,
  );
}

/** The headline of a ranking: "**West** sold the most: 450", "**Tea** has the lowest average price: 12". */
function rankingText(language: DemoLanguage, plan: DataPlan, name: unknown, value: unknown): string {
  const { question } = plan;
  const most = question.order !== 'least';
  const n = formatNumber(value);
  const who = `**${String(name)}**`;
  if (question.measure === 'sold')
    return say(
      language,
      `${who} sold the ${most ? 'most' : 'fewest'}: ${n} in total`,
      `${who} 卖得最${most ? '多' : '少'}：合计 ${n}`,
    );
  const avg = question.aggregate === 'avg';
  return say(
    language,
    `${who} has the ${most ? 'highest' : 'lowest'} ${avg ? 'average' : 'total'} ${plan.measure}: ${n}`,
    `${who} 的${avg ? '平均' : '合计'} ${plan.measure} 最${most ? '高' : '低'}：${n}`,
  );
}

function figureText(language: DemoLanguage, plan: DataPlan, rows: unknown[][]): string {
  const avg = plan.question.aggregate === 'avg';
  if (plan.group === undefined) {
    const [value, count] = rows[0] ?? [];
    return say(
      language,
      `The ${avg ? 'average' : 'total'} ${plan.measure} is **${formatNumber(value)}** (${howText(language, plan)}, ${formatNumber(count)} rows).`,
      `${plan.measure} 的${avg ? '平均值' : '总和'}是 **${formatNumber(value)}**（${howText(language, plan)}，共 ${formatNumber(count)} 行）。`,
    );
  }
  const lines = rows.map((row) => `- ${String(row[0])}: **${formatNumber(row[1])}**`).join('\n');
  return say(
    language,
    `The ${avg ? 'average' : 'total'} ${plan.measure} by ${plan.group} (${howText(language, plan, rows.length)}):\n\n${lines}`,
    `按 ${plan.group} 的 ${plan.measure} ${avg ? '平均值' : '总和'}（${howText(language, plan, rows.length)}）：\n\n${lines}`,
  );
}

/** The scripted answer after `query_data`: the top (or bottom) group, or the figure asked for, or what went wrong. */
export function answerDataQuery(language: DemoLanguage, plan: DataPlan, observation: Observation): string {
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
  if (plan.question.order === undefined)
    return [figureText(language, plan, rows), say(language, LABEL_EN, LABEL_ZH)].join('\n\n');
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
      `${rankingText(language, plan, first[0], first[1])} (${howText(language, plan, rows.length)}).${runnerUp}`,
      `${rankingText(language, plan, first[0], first[1])}（${howText(language, plan, rows.length)}）。${runnerUp}`,
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

/** The columns of the attached tables, for saying which ones a question could have named. */
export function listedColumns(language: DemoLanguage, tables: readonly DescribedTable[]): string {
  const listed = tables
    .map((table) => `**${table.name}** (${table.columns.map((column) => column.name).join(', ')})`)
    .join(say(language, '; ', '；'));
  return listed || say(language, 'the attached tables', '附加的表');
}

/** What the demo says when the attached tables have no column for a word of the question. */
export function noMatchingColumnText(
  language: DemoLanguage,
  words: string[],
  tables: readonly DescribedTable[],
): string {
  const quoted = words.map((word) => `“${word}”`).join(say(language, ' or ', '或'));
  const listed = listedColumns(language, tables);
  return say(
    language,
    `I found no column for ${quoted} in ${listed}, so I did not query anything.`,
    `在 ${listed} 里没有找到${quoted}对应的列，所以没有查询。`,
  );
}
