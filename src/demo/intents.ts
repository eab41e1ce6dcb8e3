import { readDataFigure, readDataQuestion, type DataQuestion } from './data-question.ts';
import { findDates, type CalendarDate } from './dates.ts';
import { writeProgram } from './javascript-task.ts';
import { extractExpression } from './extract-expression.ts';
import {
  readFileRequest,
  readJavaScript,
  readNoteQuery,
  readNoteToSave,
  readTodoRequest,
  readWebSearch,
  type TodoRequest,
} from './intent-details.ts';
import {
  findChinesePlaceBeforeWeatherWord,
  findKnownPlaces,
  findPlaceAfterPreposition,
  type FoundPlace,
} from './places.ts';
import { normaliseWidth } from './text.ts';

export { extractExpression } from './extract-expression.ts';
export type { TodoRequest } from './intent-details.ts';
export type { FoundPlace } from './places.ts';
export type { CalendarDate } from './dates.ts';

/** What the demo says it cannot do (help.ts words it). */
export type CannotTopic = 'javascript' | 'data' | 'earlier-date';

/** What the user asked for, as far as the scripted demo understands it. */
export type Intent =
  | { kind: 'calculate'; expression: string }
  | { kind: 'current-time'; place?: FoundPlace }
  /** N days after (or before, when negative) a date; no date means today. */
  | { kind: 'date-offset'; days: number; from?: CalendarDate; earlier?: boolean }
  /** Days between two dates; no `from` means today. */
  | { kind: 'days-between'; from?: CalendarDate; to: CalendarDate }
  | { kind: 'weekday'; date: CalendarDate }
  /** The weekdays of two dates with their years: independent date_calc calls (in one step with native tool calls). */
  | { kind: 'weekdays'; dates: [CalendarDate, CalendarDate] }
  | { kind: 'todo'; request: TodoRequest }
  | { kind: 'note-save'; content: string }
  | { kind: 'note-search'; query: string }
  /** "According to the sample document, …", 「根据知识库…」: search_knowledge, then an answer citing [1]. */
  | { kind: 'knowledge'; query: string }
  /** `earlier`: the user means the city of an earlier weather lookup ("that city", "那个城市"). */
  | { kind: 'weather'; place?: FoundPlace; earlier?: boolean }
  | { kind: 'weather-difference'; places: [FoundPlace, FoundPlace] }
  /** `task`: what a program the demo wrote computes (absent for the user's own code). */
  | { kind: 'run-javascript'; code: string; written: boolean; task?: { en: string; zh: string } }
  /** A request of a kind the demo knows but cannot do as asked: it says so, and what it can do. */
  | { kind: 'cannot'; topic: CannotTopic }
  | { kind: 'web-search'; query: string }
  | { kind: 'read-file'; name?: string }
  /** "Which product sold the most?", "average price by region": SQL over an attached table. */
  | { kind: 'data-question'; question: DataQuestion }
  | { kind: 'help'; greeting: boolean }
  /** "use my tool <name> with {json}": calls a tool the user made (or any offered tool) with those arguments. */
  | { kind: 'use-tool'; name: string; arguments: Record<string, unknown> };

const USE_TOOL =
  /^(?:please\s+)?(?:use|call|run)\s+(?:my\s+|the\s+)?tool\s+([a-zA-Z_][\w-]{0,63})(?:\s+with\s+([\s\S]+))?$|^(?:用|调用)(?:我的)?工具\s*([a-zA-Z_][\w-]{0,63})(?:\s*[，,]?\s*参数\s*[:：]?\s*([\s\S]+))?$/iu;

/** Reads "use my tool <name> with {json}"; the arguments must be one JSON object (or absent). */
function readUseTool(text: string): Extract<Intent, { kind: 'use-tool' }> | undefined {
  const match = USE_TOOL.exec(text);
  if (!match) return undefined;
  const name = match[1] ?? match[3] ?? '';
  const json = (match[2] ?? match[4] ?? '').trim();
  if (json === '') return { kind: 'use-tool', name, arguments: {} };
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { kind: 'use-tool', name, arguments: value as Record<string, unknown> }
      : undefined;
  } catch {
    return undefined;
  }
}

const WEATHER_WORD =
  /weather|temperature|forecast|how (?:hot|cold|warm)|raining|天气|气温|温度|温差|下雨|冷不冷|热不热/iu;
/** A reference to a city named earlier in the conversation rather than a city name. */
const EARLIER_PLACE = new RegExp(
  [
    String.raw`\bth(?:at|e same) (?:city|place|town)\b`,
    String.raw`\bthe (?:city|place|town) (?:I|we|you) (?:just |have |had )?(?:asked|looked|checked|searched)`,
    String.raw`\bthere(?:\s+(?:now|today|tomorrow|right now))?\s*[?.!]*\s*$`,
    '(?:刚才|刚刚|之前|上次|前面)(?:查|问|说|看)?(?:过)?的?(?:那个|这个)?城市',
    '(?:那个|这个|同一个|同一)城市',
    '那里|那儿|那边',
  ].join('|'),
  'iu',
);
const DIFFERENCE_WORD =
  /difference|differ|diff\b|warmer|colder|hotter|cooler|warmest|coldest|hottest|highest|lowest|compare|\bvs\.?\b|versus|温差|差多少|相差|差几度|差了|高几度|低几度|哪个更|比较/iu;
const JAVASCRIPT_WORD =
  /javascript|\bjs\b|node\.?js|```|\b(?:run|execute|eval(?:uate)?)\s+(?:this|some|the|my|a)?\s*(?:code|script|snippet|program)|(?:运行|执行|跑一?下).{0,12}(?:代码|脚本|程序)|(?:代码|脚本|程序).{0,6}(?:运行|执行|跑一?下)/iu;
const TIME_WORD =
  /what time|current time|time is it|time now|local time|today'?s date|what(?:'s| is) the date|what date|what day is (?:it|today)|which day is (?:it|today)|date today|几点|现在.{0,3}时间|当前时间|今天几号|今天.{0,2}(?:几月几|日期|星期几|周几|礼拜几)|几月几[日号]|今天是几/iu;
const HELP_WORD = /^\s*(?:help|\?|what can you do|who are you|what are you)|你能做什么|你会什么|帮助|你是谁|怎么用/iu;
const GREETING =
  /^\s*(?:(?:hi|hello|hey|howdy|good (?:morning|afternoon|evening))\b|你好|您好|嗨|哈喽|早上好|晚上好)/iu;

/** A date named earlier in the conversation: "300 days after that?", 「那之后300天」, 「再过300天呢」. */
const EARLIER_DATE =
  /\b(?:after|before|from|since)\s+(?:that|then|it|this)\b|\bthat (?:date|day)\b|那天|那一天|那个日期|这个日期|那之后|那之前|在那|此后|再过|再往后/iu;

function readDayOffset(text: string): number | undefined {
  if (/\b(?:day after tomorrow)\b|后天/iu.test(text)) return 2;
  if (/\b(?:day before yesterday)\b|前天/iu.test(text)) return -2;
  const english =
    /(\d+)\s+(day|week)s?\s+(from now|from today|later|after|ahead|in the future|ago|before|earlier|from)\b/iu.exec(
      text,
    );
  if (english) {
    const size = Number(english[1]) * (english[2]?.toLowerCase() === 'week' ? 7 : 1);
    return /ago|before|earlier/iu.test(english[3] ?? '') ? -size : size;
  }
  const inDays = /\bin\s+(\d+)\s+(day|week)s?\b/iu.exec(text);
  if (inDays) return Number(inDays[1]) * (inDays[2]?.toLowerCase() === 'week' ? 7 : 1);
  const chinese = /(\d+)\s*(天|周|个?星期)\s*(?:以|之)?(后|前)/u.exec(text);
  if (chinese) {
    const size = Number(chinese[1]) * (chinese[2] === '天' ? 1 : 7);
    return chinese[3] === '前' ? -size : size;
  }
  // 「2024年5月20日之后150天」「那之前30天」「再过300天」: the direction before the number.
  const chineseAfter = /(?:(?:之|以|往)?(后|前)|再过|过)\s*(\d+)\s*(天|周|个?星期)/u.exec(text);
  if (chineseAfter) {
    const size = Number(chineseAfter[2]) * (chineseAfter[3] === '天' ? 1 : 7);
    return chineseAfter[1] === '前' ? -size : size;
  }
  // "2024-05-20 plus 150 days", "add 150 days to May 20, 2024", "2024-05-20 + 3 weeks", "minus 10 days".
  const plus = /(plus|\+|add|minus|-|subtract)\s*(\d+)\s+(day|week)s?\b/iu.exec(text);
  if (plus) {
    const size = Number(plus[2]) * (plus[3]?.toLowerCase() === 'week' ? 7 : 1);
    return /minus|-|subtract/iu.test(plus[1] ?? '') ? -size : size;
  }
  if (
    /\btomorrow\b|明天/iu.test(text) &&
    /\b(?:what|which)\s+(?:day|date)\b|\bdate\b|星期几|周几|几号|礼拜几/iu.test(text)
  )
    return 1;
  if (
    /\byesterday\b|昨天/iu.test(text) &&
    /\b(?:what|which)\s+(?:day|date)\b|\bdate\b|星期几|周几|几号|礼拜几/iu.test(text)
  )
    return -1;
  return undefined;
}

function detectDateIntent(text: string): Intent | undefined {
  const dates = findDates(text);
  const offset = readDayOffset(text);
  if (offset !== undefined) {
    if (dates[0]) return { kind: 'date-offset', days: offset, from: dates[0] };
    return EARLIER_DATE.test(text)
      ? { kind: 'date-offset', days: offset, earlier: true }
      : { kind: 'date-offset', days: offset };
  }
  const asksBetween =
    /how many days|days (?:until|till|to|left|between|since|before)|\buntil\b|\btill\b|多少天|几天|还有多久|相差多少天|间隔/iu.test(
      text,
    );
  const [first, second] = dates;
  if (asksBetween && first && second) return { kind: 'days-between', from: first, to: second };
  if (asksBetween && first) return { kind: 'days-between', to: first };
  const asksWeekday = /weekday|day of (?:the )?week|what day (?:is|was|will)|which day|星期几|周几|礼拜几/iu.test(text);
  if (asksWeekday && first && second && first.year !== undefined && second.year !== undefined)
    return { kind: 'weekdays', dates: [first, second] };
  if (asksWeekday && first) return { kind: 'weekday', date: first };
  return undefined;
}

function detectWeatherIntent(text: string): Intent | undefined {
  if (!WEATHER_WORD.test(text)) return undefined;
  const places = findKnownPlaces(text);
  if (places.length < 2) {
    const between =
      /between\s+([A-Z][\p{L}'.-]*(?:\s+[A-Z][\p{L}'.-]*)?)\s+and\s+([A-Z][\p{L}'.-]*(?:\s+[A-Z][\p{L}'.-]*)?)/u.exec(
        text,
      );
    if (between?.[1] && between[2]) {
      for (const [index, name] of [between[1], between[2]].entries()) {
        if (!places.some((place) => place.query.toLowerCase() === name.toLowerCase())) {
          places.push({ written: name, query: name, position: (between.index ?? 0) + index });
        }
      }
    }
  }
  const [first, second] = places;
  if (first && second && DIFFERENCE_WORD.test(text)) return { kind: 'weather-difference', places: [first, second] };
  if (!first && EARLIER_PLACE.test(text)) return { kind: 'weather', earlier: true };
  const place = first ?? findPlaceAfterPreposition(text) ?? findChinesePlaceBeforeWeatherWord(text);
  return place ? { kind: 'weather', place } : { kind: 'weather' };
}

/** A sum or product over a range asked without naming JavaScript. */
const RANGE_TASK =
  /\b(?:sum|product|total)\s+of\s+(?:the\s+|all\s+)?(?:squares\s+|cubes\s+|numbers\s+|integers\s+)?(?:of\s+|from\s+)?(?:the\s+)?(?:numbers\s+|integers\s+)?(?:from\s+)?-?\d+\s+(?:to|through)\s+-?\d+|\d+\s*(?:到|至)\s*\d+\s*(?:的|之)?(?:平方|立方)?(?:和|积|乘积|总和)/iu;

/** A question about the user's documents: the phrase naming them, and the question itself. */
const KNOWLEDGE_PHRASE =
  /(?:according to|based on|from|in|search)\s+(?:the|my)\s+(?:sample\s+)?(?:documents?|knowledge(?:\s+(?:base|library))?|library)\s*[,:]?\s*|(?:根据|按照|在|查一下|搜索)(?:示例文档|知识库|我的文档)[，,：:里中]*/iu;

function readKnowledgeQuestion(text: string): Extract<Intent, { kind: 'knowledge' }> | undefined {
  const match = KNOWLEDGE_PHRASE.exec(text);
  if (!match) return undefined;
  const query = text
    .replace(match[0], ' ')
    .replace(/[?？。！!]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return { kind: 'knowledge', query: query === '' ? text : query };
}

/** Classifies the user's message into one of the demo's intents; the order settles overlaps (todo before notes, dates before arithmetic). */
export function detectIntent(rawText: string): Intent {
  const text = normaliseWidth(rawText).trim();
  const useTool = readUseTool(rawText.trim());
  if (useTool) return useTool;
  if (JAVASCRIPT_WORD.test(text)) {
    const javascript = readJavaScript(rawText);
    return javascript ? { kind: 'run-javascript', ...javascript } : { kind: 'cannot', topic: 'javascript' };
  }
  // "Which city has the highest temperature?" is about the weather, not a table.
  const dataQuestion = WEATHER_WORD.test(text) ? undefined : readDataQuestion(text);
  if (dataQuestion) return { kind: 'data-question', question: dataQuestion };
  const todo = readTodoRequest(text);
  if (todo) return { kind: 'todo', request: todo };
  const knowledge = readKnowledgeQuestion(text);
  if (knowledge) return knowledge;
  const noteQuery = readNoteQuery(text);
  if (noteQuery !== undefined && !/^(?:remember|记住)/iu.test(text)) return { kind: 'note-search', query: noteQuery };
  const note = readNoteToSave(text);
  if (note !== undefined) return { kind: 'note-save', content: note };
  const weather = detectWeatherIntent(text);
  if (weather) return weather;
  const date = detectDateIntent(text);
  if (date) return date;
  if (TIME_WORD.test(text)) {
    const place = findKnownPlaces(text)[0] ?? findPlaceAfterPreposition(text);
    return place ? { kind: 'current-time', place } : { kind: 'current-time' };
  }
  const file = readFileRequest(text);
  if (file) return { kind: 'read-file', ...file };
  // "Sum of the squares of 1 to 10", 「1到10的平方和」: a program the demo can write, not arithmetic or a table question.
  const program = RANGE_TASK.test(text) ? writeProgram(text) : undefined;
  if (program) return { kind: 'run-javascript', code: program.code, written: false, task: program.task };
  const figure = readDataFigure(text);
  if (figure) return { kind: 'data-question', question: figure };
  const expression = extractExpression(text);
  if (expression !== undefined) return { kind: 'calculate', expression };
  const search = readWebSearch(text);
  if (search !== undefined && !HELP_WORD.test(text)) return { kind: 'web-search', query: search };
  return { kind: 'help', greeting: GREETING.test(text) };
}
