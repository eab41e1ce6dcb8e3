import type { DemoLanguage } from './text.ts';

type ThoughtKey =
  | 'calculator'
  | 'difference'
  | 'get_current_time'
  | 'today'
  | 'date_calc'
  | 'date_calc-both'
  | 'todo'
  | 'save_note'
  | 'search_notes'
  | 'search_knowledge'
  | 'get_weather'
  | 'get_weather-both'
  | 'run_javascript'
  | 'search_web'
  | 'read_file'
  | 'query_data'
  | 'answer'
  | 'greeting'
  | 'help';

const THOUGHTS: Record<ThoughtKey, { en: (detail: string) => string; zh: (detail: string) => string }> = {
  calculator: {
    en: () => 'The user wants arithmetic. I will use the calculator tool instead of computing it in my head.',
    zh: () => '用户想做算术。我用 calculator 工具来算，而不是自己心算。',
  },
  difference: {
    en: () => 'I have both temperatures. I will compute the difference with the calculator.',
    zh: () => '两个城市的温度都拿到了，我用 calculator 算出温差。',
  },
  get_current_time: {
    en: (place) => `The user asks for the current time${place ? ` in ${place}` : ''}. I will ask get_current_time.`,
    zh: (place) => `用户想知道${place ? place : ''}现在的时间，我调用 get_current_time。`,
  },
  today: {
    en: () => "This depends on today's date, which I do not know. I will ask get_current_time first.",
    zh: () => '这取决于今天的日期，而我并不知道今天是哪天，所以先调用 get_current_time。',
  },
  date_calc: {
    en: () => 'Date arithmetic is easy to get wrong. I will let date_calc work it out.',
    zh: () => '日期计算容易出错，交给 date_calc 来算。',
  },
  'date_calc-both': {
    en: () => 'I need the weekday of both dates. The calls are independent, so I will make them in parallel.',
    zh: () => '需要两个日期各是星期几。两次调用互不依赖，所以并行发出。',
  },
  todo: {
    en: (action) => `This is about the todo list, so I will use the todo tool (action: ${action || 'list'}).`,
    zh: (action) => `这是关于待办清单的请求，我调用 todo 工具（action: ${action || 'list'}）。`,
  },
  save_note: {
    en: () => 'The user wants me to remember this across sessions. I will save it as a long-term note.',
    zh: () => '用户希望我跨会话记住这件事，我把它保存为一条长期笔记。',
  },
  search_notes: {
    en: (query) => `I should check long-term memory. I will search the notes for “${query}”.`,
    zh: (query) => `需要查一下长期记忆，我在笔记里搜索“${query}”。`,
  },
  search_knowledge: {
    en: (query) =>
      `The answer should come from the user's documents. I will search the Knowledge library for “${query}”.`,
    zh: (query) => `答案应来自用户的文档，我在知识库里搜索“${query}”。`,
  },
  get_weather: {
    en: (city) => `I need live weather data for ${city}. I will call get_weather.`,
    zh: (city) => `需要${city}的实时天气，我调用 get_weather。`,
  },
  'get_weather-both': {
    en: (cities) =>
      `I need the current temperature of both cities (${cities}). The calls are independent, so I will make them in parallel.`,
    zh: (cities) => `需要两个城市（${cities}）的当前气温。两次调用互不依赖，所以并行发出。`,
  },
  run_javascript: {
    en: () => 'This needs code execution. I will use run_javascript; the user has to approve it first.',
    zh: () => '这需要执行代码。我使用 run_javascript，运行前需要用户批准。',
  },
  search_web: {
    en: (query) => `I will look up “${query}” with search_web.`,
    zh: (query) => `我用 search_web 搜索“${query}”。`,
  },
  read_file: {
    en: (name) =>
      name
        ? `I will read the attached file ${name}.`
        : 'No file name was given; read_file without a name reads the only attached file or lists them.',
    zh: (name) =>
      name ? `我读取附件 ${name}。` : '没有给出文件名；不带文件名调用 read_file 会读取唯一的附件，或列出所有附件。',
  },
  query_data: {
    en: (table) =>
      `This is a question about the attached table ${table}. I will answer it with one read-only SQL query (query_data): group, sum, sort.`,
    zh: (table) => `这是关于附加表格 ${table} 的问题。我用一条只读 SQL 查询（query_data）来回答：分组、求和、排序。`,
  },
  answer: {
    en: () => 'I have what I need to answer.',
    zh: () => '需要的信息都有了，可以回答了。',
  },
  greeting: {
    en: () => 'The user says hello. I will introduce myself as the scripted demo and list what I can do.',
    zh: () => '用户在打招呼。我介绍一下自己是脚本演示模型，并列出能做的事。',
  },
  help: {
    en: () => 'This request matches nothing the scripted demo knows, so I will explain what it can do.',
    zh: () => '这个请求不在脚本演示能处理的范围内，我来说明能做什么。',
  },
};

/** The scripted model's one-line reasoning before a tool call or an answer. */
export function thoughtFor(language: DemoLanguage, key: string, detail = ''): string {
  const entry = THOUGHTS[key as ThoughtKey] ?? THOUGHTS.answer;
  return entry[language](detail);
}
