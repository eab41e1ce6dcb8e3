import { answerToolFailed, say } from './answers.ts';
import { describeValue, findField, findNumber, findString, type Observation } from './observation.ts';
import type { DemoLanguage } from './text.ts';
import { truncate } from './text.ts';

/** A current temperature (°C) read from a get_weather result of any reasonable shape. */
export function readTemperature(value: unknown): number | undefined {
  const current = findField(
    value,
    /^(?:current|current_?weather|now|currently)$/iu,
    (candidate) => typeof candidate === 'object' && candidate !== null,
  );
  const exact = /^(?:temperature|temp|temperature_?2m|temperature_?c|temp_?c|temperature_?celsius|celsius)$/iu;
  const loose = /^(?!.*(?:min|max|low|high|unit|feels|apparent)).*temp/iu;
  return findNumber(current ?? value, exact) ?? findNumber(current ?? value, loose) ?? findNumber(value, exact);
}

function liveToolsNeedNetwork(language: DemoLanguage): string {
  return say(
    language,
    'Live tools such as weather and web search call public APIs, so they need network access. Everything else in this demo (calculator, time, todos, notes, JavaScript) works offline.',
    '天气、网页搜索这类实时工具需要调用公共 API，因此需要联网。演示里的其他功能（计算器、时间、待办、笔记、JavaScript）离线也能用。',
  );
}

/** Explains a failed live tool (weather, web search): its message, and that live tools need the network. */
export function answerLiveToolFailed(
  language: DemoLanguage,
  toolName: string,
  what: string,
  observation: Observation,
): string {
  if (observation.denied) return answerToolFailed(language, toolName, observation);
  const error = observation.error ?? observation.text;
  return say(
    language,
    `I couldn't get ${what}: ${error}\n\n${liveToolsNeedNetwork(language)}`,
    `没能获取${what}：${error}\n\n${liveToolsNeedNetwork(language)}`,
  );
}

/** The final answer about one city's weather. */
export function answerWeather(language: DemoLanguage, city: string, observation: Observation): string {
  if (!observation.ok)
    return answerLiveToolFailed(
      language,
      'get_weather',
      say(language, `the weather for ${city}`, `${city}的天气`),
      observation,
    );
  const { value } = observation;
  const temperature = readTemperature(value);
  if (temperature === undefined) {
    return say(
      language,
      `Weather in ${city}:\n\n${describeValue(value)}`,
      `${city}的天气：\n\n${describeValue(value)}`,
    );
  }
  const condition = findString(
    value,
    /^(?:condition|conditions|description|summary|weather|text|weather_?description)$/iu,
  );
  const low = findNumber(value, /(?:min|low)/iu);
  const high = findNumber(value, /(?:max|high)/iu);
  const range =
    low !== undefined && high !== undefined
      ? say(language, ` Today: ${low}–${high} °C.`, `今天 ${low}–${high} °C。`)
      : '';
  return say(
    language,
    `Weather in ${city}: **${temperature} °C**${condition ? `, ${condition}` : ''}.${range}`,
    `${city}现在 **${temperature} °C**${condition ? `，${condition}` : ''}。${range}`,
  );
}

/** The final answer to a two-city temperature difference. */
export function answerTemperatureDifference(
  language: DemoLanguage,
  cities: [{ name: string; temperature: number }, { name: string; temperature: number }],
  difference: string,
): string {
  const [first, second] = cities;
  const warmer =
    first.temperature === second.temperature
      ? undefined
      : first.temperature > second.temperature
        ? first.name
        : second.name;
  const magnitude = difference.replace(/^-/u, '');
  return say(
    language,
    `${first.name} is ${first.temperature} °C and ${second.name} is ${second.temperature} °C, a difference of **${magnitude} °C**${warmer ? ` (${warmer} is warmer)` : ' (the same temperature)'}.`,
    `${first.name}现在 ${first.temperature} °C，${second.name} ${second.temperature} °C，温差 **${magnitude} °C**${warmer ? `（${warmer}更暖和）` : '（温度相同）'}。`,
  );
}

function codeBlock(text: string): string {
  const fence = text.includes('```') ? '~~~' : '```';
  return `${fence}\n${text}\n${fence}`;
}

/** The final answer after running JavaScript in the sandbox (or after the user denied it). */
export function answerJavaScript(
  language: DemoLanguage,
  written: boolean,
  observation: Observation,
  task?: { en: string; zh: string },
): string {
  const { value } = observation;
  const timedOut =
    findField(value, /^timed_?out$/iu) === true ||
    /timed? ?out|time limit|did not finish|超时/iu.test(observation.error ?? '');
  if (observation.denied) {
    return say(
      language,
      'You denied running the code, so nothing was executed.',
      '你拒绝了运行这段代码，因此没有执行任何内容。',
    );
  }
  if (timedOut) {
    return say(
      language,
      'The code was stopped because it hit the sandbox time limit (an endless loop, perhaps).',
      '代码触发了沙箱的时间限制，已被终止（可能是死循环）。',
    );
  }
  if (!observation.ok) {
    const error = observation.error ?? observation.text;
    return say(
      language,
      `The code threw an error in the sandbox:\n\n${codeBlock(error)}`,
      `代码在沙箱中抛出了错误：\n\n${codeBlock(error)}`,
    );
  }
  const result = findField(value, /^(?:result|value|return_?value|output)$/iu);
  const logs = findField(value, /^(?:logs?|console|stdout)$/iu, Array.isArray);
  const resultText =
    result === undefined
      ? typeof value === 'string'
        ? value
        : undefined
      : typeof result === 'string'
        ? result
        : JSON.stringify(result);
  const parts: string[] = [
    written
      ? say(language, 'I ran your code in the sandboxed worker.', '我在沙箱 Worker 里运行了你的代码。')
      : say(
          language,
          `I wrote a small program for ${task ? `**${task.en}**` : 'that'} and ran it in the sandboxed worker.`,
          `我写了一小段程序计算${task ? `**${task.zh}**` : '它'}，并在沙箱 Worker 里运行了它。`,
        ),
  ];
  if (resultText !== undefined && resultText !== '')
    parts.push(say(language, `Result: \`${truncate(resultText, 300)}\``, `结果：\`${truncate(resultText, 300)}\``));
  if (Array.isArray(logs) && logs.length > 0) {
    const lines = logs.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');
    parts.push(
      say(
        language,
        `Console output:\n\n${codeBlock(truncate(lines, 1200))}`,
        `控制台输出：\n\n${codeBlock(truncate(lines, 1200))}`,
      ),
    );
  }
  return parts.join('\n\n');
}

/** The final answer to an encyclopedia/web search, from search_web's results. */
export function answerWebSearch(language: DemoLanguage, query: string, observation: Observation): string {
  if (!observation.ok)
    return answerLiveToolFailed(
      language,
      'search_web',
      say(language, `search results for “${query}”`, `“${query}”的搜索结果`),
      observation,
    );
  const { value } = observation;
  const list = Array.isArray(value)
    ? value
    : findField(value, /^(?:results|items|pages|hits|search)$/iu, Array.isArray);
  if (!Array.isArray(list))
    return say(
      language,
      `Search results for “${query}”:\n\n${describeValue(value)}`,
      `“${query}”的搜索结果：\n\n${describeValue(value)}`,
    );
  if (list.length === 0)
    return say(language, `The search found nothing for “${query}”.`, `没有搜到与“${query}”相关的内容。`);
  const lines = list.slice(0, 3).map((item, index) => {
    const title = findString(item, /^(?:title|name)$/iu) ?? say(language, `Result ${index + 1}`, `结果 ${index + 1}`);
    const extract = findString(item, /^(?:extract|snippet|summary|description|text)$/iu);
    const url = findString(item, /^(?:url|link|href)$/iu);
    return `${index + 1}. **${title}**${extract ? ` — ${truncate(extract, 240)}` : ''}${url ? ` (${url})` : ''}`;
  });
  return say(
    language,
    `Top results for “${query}”:\n\n${lines.join('\n')}`,
    `“${query}”的搜索结果：\n\n${lines.join('\n')}`,
  );
}

/** The answer after a tool the user named ("use my tool … with …"). */
export function answerUsedTool(language: DemoLanguage, name: string, observation: Observation): string {
  if (observation.denied)
    return say(language, `You denied the call, so ${name} did not run.`, `你拒绝了这次调用，因此 ${name} 没有运行。`);
  if (!observation.ok) return answerToolFailed(language, name, observation);
  const text = truncate(observation.text, 1500);
  return say(language, `Your tool ${name} returned: ${text}`, `你的工具 ${name} 返回：${text}`);
}
