import type { TodoRequest } from './intent-details.ts';
import {
  describeValue,
  findField,
  findNumber,
  findString,
  readCalculatorResult,
  toNumber,
  type Observation,
} from './observation.ts';
import type { DemoLanguage } from './text.ts';

/** Picks the English or Chinese wording. */
export function say(language: DemoLanguage, english: string, chinese: string): string {
  return language === 'zh' ? chinese : english;
}

const CHINESE_WEEKDAYS: Record<string, string> = {
  monday: '星期一',
  tuesday: '星期二',
  wednesday: '星期三',
  thursday: '星期四',
  friday: '星期五',
  saturday: '星期六',
  sunday: '星期日',
};

/** A weekday name from a tool, in the answer's language (tools report English names). */
export function localWeekday(language: DemoLanguage, weekday: string | undefined): string | undefined {
  if (weekday === undefined || language === 'en') return weekday;
  return CHINESE_WEEKDAYS[weekday.trim().toLowerCase()] ?? weekday;
}

/** A generic explanation of a tool failure, quoting the tool's own message. */
export function answerToolFailed(language: DemoLanguage, toolName: string, observation: Observation): string {
  const error = observation.error ?? observation.text;
  if (observation.denied) {
    return say(
      language,
      `You denied the \`${toolName}\` call, so I did not run it. Nothing was changed.`,
      `你拒绝了这次 \`${toolName}\` 调用，所以我没有执行它，什么也没有改变。`,
    );
  }
  return say(
    language,
    `The \`${toolName}\` tool reported an error: ${error}`,
    `\`${toolName}\` 工具返回了错误：${error}`,
  );
}

/** The final answer to an arithmetic question, from the calculator's result. */
export function answerCalculation(language: DemoLanguage, expression: string, observation: Observation): string {
  if (!observation.ok) {
    return say(
      language,
      `The calculator could not evaluate \`${expression}\`: ${observation.error ?? observation.text}`,
      `计算器无法计算 \`${expression}\`：${observation.error ?? observation.text}`,
    );
  }
  const result = readCalculatorResult(observation) ?? observation.text;
  return say(language, `${expression} = **${result}**`, `${expression} = **${result}**`);
}

function zoneSuffix(zone: string | undefined, language: DemoLanguage): string {
  if (!zone) return '';
  return say(language, ` (${zone})`, `（${zone}）`);
}

/** The final answer about the current time, from get_current_time's result. */
export function answerTime(language: DemoLanguage, observation: Observation, placeName?: string): string {
  if (!observation.ok) return answerToolFailed(language, 'get_current_time', observation);
  const { value } = observation;
  const iso = findString(value, /^(?:iso|iso_?8601|datetime|date_?time|local_?iso|now)$/iu);
  const date =
    findString(value, /^(?:date|local_?date|today)$/iu) ?? /\d{4}-\d{2}-\d{2}/u.exec(iso ?? observation.text)?.[0];
  const time =
    findString(value, /^(?:time|local_?time|clock)$/iu) ?? /T?(\d{2}:\d{2}(?::\d{2})?)/u.exec(iso ?? '')?.[1];
  const weekday = localWeekday(language, findString(value, /^(?:weekday|day_?of_?week|day_?name)$/iu));
  const zone = findString(value, /^(?:time_?zone|tz|zone)$/iu);
  const where = placeName ? say(language, ` in ${placeName}`, `${placeName}`) : '';
  if (date || time) {
    const when = [weekday, date].filter(Boolean).join(', ');
    return say(
      language,
      `It's **${time ?? '?'}**${where} on **${when || '?'}**${zoneSuffix(zone, language)}.`,
      `${where}现在是 **${[date, weekday, time].filter(Boolean).join(' ')}**${zoneSuffix(zone, language)}。`,
    );
  }
  const described = typeof value === 'string' ? value : describeValue(value);
  return say(language, `Current time${where}:\n\n${described}`, `${where}当前时间：\n\n${described}`);
}

/** A date answer from date_calc: N days after a date, the days between two dates, or a weekday. */
export function answerDate(
  language: DemoLanguage,
  question:
    | { kind: 'offset'; from: string; days: number }
    | { kind: 'between'; from: string; to: string }
    | { kind: 'weekday'; date: string },
  observation: Observation,
): string {
  if (!observation.ok) return answerToolFailed(language, 'date_calc', observation);
  const { value, text } = observation;
  const label = (date: string): string => (date === 'today' ? say(language, 'today', '今天') : date);
  if (question.kind === 'offset') {
    // The shifted date lives under `result` (date_calc also echoes the start date); fall back to any other date in the text.
    const shifted = findField(
      value,
      /^(?:result|result_?date|new_?date|target_?date)$/iu,
      (candidate) => typeof candidate === 'string' || (typeof candidate === 'object' && candidate !== null),
    );
    const dates = [...text.matchAll(/\d{4}-\d{2}-\d{2}/gu)].map((match) => match[0]);
    const result =
      (typeof shifted === 'string' ? shifted : findString(shifted, /^date$/iu)) ??
      dates.find((date) => date !== question.from) ??
      dates[0];
    const weekday = localWeekday(language, findString(shifted ?? value, /^(?:weekday|day_?of_?week|day_?name)$/iu));
    if (result) {
      const day = weekday ? say(language, ` (${weekday})`, `（${weekday}）`) : '';
      const count = Math.abs(question.days);
      const from = label(question.from);
      return question.days >= 0
        ? say(
            language,
            `${count} days after ${from} is **${result}**${day}.`,
            `${from}之后 ${count} 天是 **${result}**${day}。`,
          )
        : say(
            language,
            `${count} days before ${from} was **${result}**${day}.`,
            `${from}之前 ${count} 天是 **${result}**${day}。`,
          );
    }
  }
  if (question.kind === 'between') {
    const days =
      toNumber(value) ?? findNumber(value, /^(?:days|days_?between|difference|diff|result|count|total_?days)$/iu);
    if (days !== undefined) {
      const from = findString(value, /^from$/iu) ?? label(question.from);
      const to = findString(value, /^to$/iu) ?? label(question.to);
      return days >= 0
        ? say(
            language,
            `There are **${days} days** from ${from} to ${to}.`,
            `从 ${from} 到 ${to} 还有 **${days} 天**。`,
          )
        : say(language, `${to} was **${-days} days** before ${from}.`, `${to} 比 ${from} 早 **${-days} 天**。`);
    }
  }
  const weekday = localWeekday(language, findString(value, /^(?:weekday|day_?of_?week|day_?name)$/iu));
  if (question.kind === 'weekday' && weekday) {
    return say(language, `${question.date} is a **${weekday}**.`, `${question.date} 是 **${weekday}**。`);
  }
  return say(
    language,
    `Here is what \`date_calc\` returned:\n\n${describeValue(value)}`,
    `\`date_calc\` 的结果：\n\n${describeValue(value)}`,
  );
}

interface TodoLine {
  id?: unknown;
  text: string;
  done: boolean;
}

function readTodoItems(value: unknown): TodoLine[] | undefined {
  const list = Array.isArray(value) ? value : findField(value, /^(?:items|todos|list|result|todo)$/iu, Array.isArray);
  if (!Array.isArray(list)) return undefined;
  return list.flatMap((item): TodoLine[] => {
    if (typeof item === 'string') return [{ text: item, done: false }];
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const text =
      typeof record.text === 'string' ? record.text : typeof record.title === 'string' ? record.title : undefined;
    return text === undefined ? [] : [{ id: record.id, text, done: record.done === true || record.status === 'done' }];
  });
}

/** The final answer about the todo list, from the todo tool's result. */
export function answerTodo(language: DemoLanguage, request: TodoRequest, observation: Observation): string {
  if (!observation.ok) return answerToolFailed(language, 'todo', observation);
  const { value } = observation;
  const items = readTodoItems(value);
  const message = findString(value, /^message$/iu) ?? '';
  const open = items?.filter((item) => !item.done).length;
  const openNote =
    open === undefined
      ? ''
      : say(language, ` You have ${open} open todo${open === 1 ? '' : 's'}.`, `目前还有 ${open} 条未完成。`);
  switch (request.action) {
    case 'add': {
      // The tool returns the whole list; the new item is the one with this text (or the id in its message).
      const id =
        /#(\d+)/u.exec(message)?.[1] ??
        items?.filter((item) => item.text === request.text).at(-1)?.id ??
        findNumber(value, /^id$/iu);
      const number = id === undefined ? '' : ` (#${String(id)})`;
      return say(
        language,
        `Added to your todo list: “${request.text}”${number}.${openNote}`,
        `已添加待办：“${request.text}”${number}。${openNote}`,
      );
    }
    case 'done': {
      const text = items?.find((item) => item.id === request.id)?.text;
      const quoted = text ? say(language, `: “${text}”`, `：“${text}”`) : '';
      return say(
        language,
        `Marked todo #${request.id} as done${quoted}.${openNote}`,
        `已将待办 #${request.id} 标记为完成${quoted}。${openNote}`,
      );
    }
    case 'remove': {
      const text = /#\d+:\s*(.+)$/u.exec(message)?.[1];
      const quoted = text ? say(language, `: “${text}”`, `：“${text}”`) : '';
      return say(
        language,
        `Removed todo #${request.id} from your list${quoted}.${openNote}`,
        `已从清单中删除待办 #${request.id}${quoted}。${openNote}`,
      );
    }
    case 'list': {
      if (items === undefined)
        return say(language, `Your todo list:\n\n${describeValue(value)}`, `你的待办清单：\n\n${describeValue(value)}`);
      if (items.length === 0) return say(language, 'Your todo list is empty.', '你的待办清单是空的。');
      const lines = items.map(
        (item) => `- ${item.done ? '☑' : '☐'} ${item.id === undefined ? '' : `#${String(item.id)} `}${item.text}`,
      );
      return say(
        language,
        `You have ${items.length} todo${items.length === 1 ? '' : 's'} (${open} open):\n\n${lines.join('\n')}`,
        `你有 ${items.length} 条待办（${open} 条未完成）：\n\n${lines.join('\n')}`,
      );
    }
  }
}

/** The final answer after saving a note to long-term memory. */
export function answerNoteSaved(language: DemoLanguage, content: string, observation: Observation): string {
  if (!observation.ok) return answerToolFailed(language, 'save_note', observation);
  return say(
    language,
    `Saved to long-term memory: “${content}”. Notes are shared by all sessions — ask “what do you remember about …” any time.`,
    `已保存到长期记忆：“${content}”。笔记在所有会话间共享，随时可以问我“你还记得……吗”。`,
  );
}

/** The final answer to a recall question, from search_notes' hits. */
export function answerNoteSearch(language: DemoLanguage, query: string, observation: Observation): string {
  if (!observation.ok) return answerToolFailed(language, 'search_notes', observation);
  const { value } = observation;
  const list = Array.isArray(value)
    ? value
    : findField(value, /^(?:hits|results|notes|items|matches)$/iu, Array.isArray);
  const contents = Array.isArray(list)
    ? list.flatMap((hit) => {
        const content = typeof hit === 'string' ? hit : findString(hit, /^(?:content|text|note)$/iu);
        return content === undefined ? [] : [content];
      })
    : typeof value === 'string' && value.length > 0
      ? [value]
      : [];
  if (contents.length === 0) {
    return say(
      language,
      `I found no saved notes about “${query}”. Tell me “remember that …” to save one.`,
      `没有找到关于“${query}”的笔记。对我说“记住……”就可以保存一条。`,
    );
  }
  const lines = contents
    .slice(0, 5)
    .map((content) => `- ${content}`)
    .join('\n');
  return say(language, `Here's what I found in your notes:\n\n${lines}`, `我在笔记里找到了这些：\n\n${lines}`);
}
