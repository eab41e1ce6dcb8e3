/**
 * Questions about an attached table that the scripted demo answers with SQL, read from the question's own words:
 * which <column> sold the most / fewest (units), which <column> has the highest / lowest <number column>, and the
 * total or average of a number column, optionally by a column. The columns come from `query_data`'s description.
 */

/** What a table question asks, in the user's words (matched to columns later). */
export interface DataQuestion {
  aggregate: 'sum' | 'avg';
  /** Words naming the column to group by ("product", "地区"); absent for one overall figure. */
  group?: string;
  /** Words naming the number column; `sold` means the quantity sold, `earned` the money taken. */
  measure: string | 'sold' | 'earned';
  /** For "which … the most / least": the order of the groups. */
  order?: 'most' | 'least';
}

/** A table as `query_data`'s description lists it: `- sales (from sales.csv): region TEXT, amount REAL`. */
export interface DescribedTable {
  name: string;
  file: string;
  columns: { name: string; type: string }[];
}

/** The SQL for a question, and the names the answer quotes. */
export interface DataPlan {
  sql: string;
  table: string;
  group?: string;
  /** The measure as the answer names it: a column, or `units × price`. */
  measure: string;
  question: DataQuestion;
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

/** One or two words naming a column ("price", "unit price"); never swallows the "by" of "price by region". */
const WORD = String.raw`([a-z_][a-z0-9_]*(?:\s+(?!(?:by|per|for|in|of|from|across|over|each|is|was|are)\b)[a-z_][a-z0-9_]*)?)`;
const LEAST = /least|fewest|lowest|smallest|最少|最低|最小/iu;

/** "which product sold the most", "which region earned the least", "which city has the highest average price". */
function readEnglishRanking(text: string): DataQuestion | undefined {
  const sold = new RegExp(
    String.raw`\b(?:which|what)\s+([a-z_][a-z0-9_]*)\s+(sold|sells|sell|earned|earns|made|makes|brought in)\s+(?:the\s+)?(most|least|fewest|highest|lowest)\b`,
    'iu',
  ).exec(text);
  if (sold?.[1] && sold[2] && sold[3]) {
    const earned = /earn|made|make|brought/iu.test(sold[2]);
    return { aggregate: 'sum', group: sold[1], measure: earned ? 'earned' : 'sold', order: order(sold[3]) };
  }
  const has = new RegExp(
    String.raw`\b(?:which|what)\s+([a-z_][a-z0-9_]*)\s+(?:has|had|have|got|shows?)\s+(?:the\s+)?(most|least|fewest|highest|lowest|largest|biggest|smallest)\s+(average\s+|mean\s+|total\s+)?${WORD}`,
    'iu',
  ).exec(text);
  if (has?.[1] && has[2] && has[4]) {
    const aggregate = /average|mean/iu.test(has[3] ?? '') ? 'avg' : 'sum';
    return { aggregate, group: has[1], measure: has[4], order: order(has[2]) };
  }
  return undefined;
}

function order(word: string): 'most' | 'least' {
  return LEAST.test(word) ? 'least' : 'most';
}

/** "total units", "the sum of amount by region", "average price per product", "mean units for each month". */
function readEnglishFigure(text: string): DataQuestion | undefined {
  const figure = new RegExp(
    String.raw`\b(total|sum|average|mean)\s+(?:of\s+)?(?:the\s+|all\s+)?(?!of\b)${WORD}?(?:\s+(?:by|per|for each|for every|in each|of each)\s+([a-z_][a-z0-9_]*))?`,
    'iu',
  ).exec(text);
  if (!figure?.[1] || !figure[2]) return undefined;
  const measure = figure[2].replace(/\s+(?:by|per|for|in|of)$/iu, '');
  const aggregate = /average|mean/iu.test(figure[1]) ? 'avg' : 'sum';
  return { aggregate, measure, ...(figure[3] ? { group: figure[3] } : {}) };
}

/** Chinese measure words a question may name (or a column name written as is). */
const ZH_MEASURE = '(销售额|销售量|销量|金额|收入|营业额|价格|单价|数量|件数|利润|成本|[a-z_][a-z0-9_]*)';
const ZH_GROUP = String.raw`(?:哪(?:个|一个|些|种|类)?|什么)\s*([\p{Script=Han}a-z_]{1,6}?)`;

/** 哪个产品卖得最多 / 哪个地区的销售额最高 / 哪个月平均价格最低 / 销量总和 / 按地区的平均单价. */
function readChinese(text: string): DataQuestion | undefined {
  const sold = new RegExp(`${ZH_GROUP}\\s*的?\\s*(?:卖得|卖的|卖出|销量|销售量)\\s*最(多|少|高|低)`, 'u').exec(text);
  if (sold?.[1] && sold[2]) return { aggregate: 'sum', group: sold[1], measure: 'sold', order: order(`最${sold[2]}`) };
  const ranked = new RegExp(
    `${ZH_GROUP}\\s*的?\\s*(平均)?\\s*${ZH_MEASURE}\\s*(?:合计|总和|总计)?\\s*最(多|少|高|低|大|小)`,
    'iu',
  ).exec(text);
  if (ranked?.[1] && ranked[3] && ranked[4])
    return {
      aggregate: ranked[2] ? 'avg' : 'sum',
      group: ranked[1],
      measure: ranked[3],
      order: order(`最${ranked[4]}`),
    };
  const group = new RegExp(
    `(?:按|每个|各个?)\\s*([\\p{Script=Han}a-z_]{1,6}?)\\s*(?=的|分组|统计|汇总|平均|总|合计|${ZH_MEASURE.slice(1, -1)})`,
    'iu',
  ).exec(text)?.[1];
  const average =
    new RegExp(`平均\\s*的?\\s*${ZH_MEASURE}`, 'iu').exec(text)?.[1] ??
    new RegExp(`${ZH_MEASURE}\\s*的?\\s*平均`, 'iu').exec(text)?.[1];
  if (average) return { aggregate: 'avg', measure: average, ...(group ? { group } : {}) };
  const total =
    new RegExp(`${ZH_MEASURE}\\s*的?\\s*(?:总和|合计|总计|一共|总共)`, 'iu').exec(text)?.[1] ??
    new RegExp(`总\\s*${ZH_MEASURE}`, 'iu').exec(text)?.[1];
  if (total) return { aggregate: 'sum', measure: total, ...(group ? { group } : {}) };
  return undefined;
}

/** Reads a table question the demo can answer, or undefined. */
export function readDataQuestion(text: string): DataQuestion | undefined {
  return readEnglishRanking(text) ?? readChinese(text);
}

/** Reads "total …" / "average …" questions; checked after the other intents, since "total" is a common word. */
export function readDataFigure(text: string): DataQuestion | undefined {
  return readEnglishFigure(text);
}

/** Chinese (and English synonym) words for the column names questions use. */
const COLUMN_WORDS: Record<string, string[]> = {
  地区: ['region', 'area', 'district'],
  区域: ['region', 'area'],
  产品: ['product', 'item'],
  商品: ['product', 'item'],
  城市: ['city'],
  月份: ['month'],
  月: ['month'],
  国家: ['country'],
  门店: ['store', 'shop'],
  类别: ['category'],
  销量: ['units', 'quantity', 'qty'],
  数量: ['quantity', 'units', 'qty'],
  件数: ['units', 'quantity'],
  销售额: ['amount', 'revenue', 'sales'],
  金额: ['amount', 'revenue'],
  收入: ['revenue', 'amount', 'income'],
  营业额: ['revenue', 'amount', 'sales'],
  价格: ['price', 'unit_price'],
  单价: ['price', 'unit_price'],
  sales: ['amount', 'revenue', 'sales'],
  revenue: ['revenue', 'amount', 'sales'],
  money: ['amount', 'revenue', 'sales'],
  quantity: ['quantity', 'units', 'qty'],
  price: ['price', 'unit_price'],
};
const SOLD = ['units', 'unit', 'quantity', 'qty', 'sold', 'volume', 'count'];
const EARNED = ['amount', 'revenue', 'sales', 'income', 'turnover', 'total', 'value'];

type Column = DescribedTable['columns'][number];

/** The column a question's word names: exact, singular/plural, a synonym, or a column containing the word. */
function findColumn(columns: readonly Column[], words: string): Column | undefined {
  const phrase = words.trim().toLowerCase();
  // The whole phrase first ("unit price" → unit_price), then each of its words.
  for (const word of [phrase.replace(/\s+/gu, '_'), ...phrase.split(/\s+/u)]) {
    const singular = word.replace(/(?:es|s)$/u, '');
    const candidates = [
      word,
      singular,
      `${singular}s`,
      ...(COLUMN_WORDS[word] ?? []),
      ...(COLUMN_WORDS[singular] ?? []),
    ];
    const column =
      columns.find((candidate) => candidates.includes(candidate.name)) ??
      columns.find((candidate) => candidates.some((name) => name.length > 2 && candidate.name.includes(name)));
    if (column) return column;
  }
  return undefined;
}

const RESERVED = new Set([
  'order',
  'group',
  'select',
  'from',
  'where',
  'table',
  'by',
  'limit',
  'index',
  'key',
  'values',
]);

/** A name as SQL: bare when it is a plain word (as CSV headers become), quoted otherwise. */
const quote = (name: string): string =>
  /^[a-z_][a-z0-9_]*$/u.test(name) && !RESERVED.has(name) ? name : `"${name.replace(/"/gu, '""')}"`;

/** The measure as SQL and as the answer names it, or undefined when the table has no such number column. */
function measureOf(columns: readonly Column[], question: DataQuestion): { sql: string; name: string } | undefined {
  const numbers = columns.filter((column) => column.type !== 'TEXT');
  const byNames = (names: string[]) =>
    names.map((name) => numbers.find((column) => column.name === name)).find(Boolean);
  if (question.measure === 'sold') {
    const column = byNames(SOLD) ?? byNames(EARNED);
    return column && { sql: quote(column.name), name: column.name };
  }
  if (question.measure === 'earned') {
    const column = byNames(EARNED);
    if (column) return { sql: quote(column.name), name: column.name };
    const units = byNames(SOLD);
    const price = numbers.find((candidate) => /price/u.test(candidate.name));
    return units && price
      ? { sql: `${quote(units.name)} * ${quote(price.name)}`, name: `${units.name} × ${price.name}` }
      : undefined;
  }
  const column = findColumn(numbers, question.measure);
  return column && { sql: quote(column.name), name: column.name };
}

/** The SQL answering the question over the first table that has its columns; undefined when none has them. */
export function planDataQuery(tables: readonly DescribedTable[], question: DataQuestion): DataPlan | undefined {
  for (const table of tables) {
    const measure = measureOf(table.columns, question);
    if (!measure) continue;
    const fn = question.aggregate === 'avg' ? 'AVG' : 'SUM';
    const alias = question.aggregate === 'avg' ? 'average' : 'total';
    const from = `FROM ${quote(table.name)}`;
    if (question.group === undefined) {
      const sql = `SELECT ${fn}(${measure.sql}) AS ${alias}, COUNT(*) AS row_count ${from}`;
      return { sql, table: table.name, measure: measure.name, question };
    }
    const group = findColumn(table.columns, question.group);
    if (!group || group.name === measure.name) continue;
    const ordering =
      question.order === undefined ? quote(group.name) : `${alias} ${question.order === 'most' ? 'DESC' : 'ASC'}`;
    const sql = `SELECT ${quote(group.name)}, ${fn}(${measure.sql}) AS ${alias} ${from} GROUP BY ${quote(group.name)} ORDER BY ${ordering}`;
    return { sql, table: table.name, group: group.name, measure: measure.name, question };
  }
  return undefined;
}
