import {
  answerCalculation,
  answerDate,
  answerNoteSaved,
  answerNoteSearch,
  answerTime,
  answerTodo,
  answerToolFailed,
  say,
} from './answers.ts';
import { answerFile } from './answers-file.ts';
import { answerDataQuery, noDataText, noMatchingColumnText } from './answers-data.ts';
import { planDataQuery, readDescribedTables, type DataQuestion } from './data-question.ts';
import {
  answerJavaScript,
  answerLiveToolFailed,
  answerTemperatureDifference,
  answerUsedTool,
  answerWeather,
  answerWebSearch,
  readTemperature,
} from './answers-live.ts';
import type { ConversationState, ToolExchange } from './conversation.ts';
import { findIsoDateIn, formatIsoDate, resolveYear, type CalendarDate } from './dates.ts';
import { askForCityText, cannotText, helpText, toolUnavailableText, unknownEarlierCityText } from './help.ts';
import type { Intent } from './intents.ts';
import { readCalculatorResult } from './observation.ts';
import { placeFromToolCity } from './places.ts';
import { currentTimeArguments, dateOffsetArguments, daysBetweenArguments, weekdayArguments } from './plan-arguments.ts';
import { answerKnowledge } from './answers-knowledge.ts';
import { thoughtFor } from './thoughts.ts';

/** A tool call the scripted model decides to make. */
export interface PlannedCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** The scripted model's next move: call tools, or answer. `thought` becomes reasoning (native) or the ReAct `Thought:`. */
export type Decision =
  { kind: 'call'; calls: PlannedCall[]; thought: string } | { kind: 'answer'; text: string; thought: string };

/** Past this many tool calls in one turn the demo stops calling tools and answers, so it can never loop. */
const MAX_EXCHANGES_PER_TURN = 6;

function lastResult(state: ConversationState, name: string): ToolExchange | undefined {
  for (let index = state.exchanges.length - 1; index >= 0; index -= 1) {
    const exchange = state.exchanges[index];
    if (exchange?.name === name && exchange.observation) return exchange;
  }
  return undefined;
}

function answer(state: ConversationState, text: string): Decision {
  return { kind: 'answer', text, thought: thoughtFor(state.language, 'answer') };
}

function call(state: ConversationState, name: string, args: Record<string, unknown>, detail?: string): Decision {
  if (!state.offered.has(name)) return answer(state, toolUnavailableText(state.language, name));
  return { kind: 'call', calls: [{ name, arguments: args }], thought: thoughtFor(state.language, name, detail) };
}

/** True when the offered date_calc says it understands "today" itself (saves a get_current_time round trip). */
function dateCalcKnowsToday(state: ConversationState): boolean {
  const properties = state.schemas.get('date_calc')?.properties as
    Record<string, { description?: unknown }> | undefined;
  const description = properties?.date?.description;
  return typeof description === 'string' && /\btoday\b/iu.test(description);
}

function planDate(
  intent: Extract<Intent, { kind: 'date-offset' | 'days-between' | 'weekday' }>,
  state: ConversationState,
): Decision {
  const dates: (CalendarDate | undefined)[] =
    intent.kind === 'date-offset'
      ? [intent.from]
      : intent.kind === 'days-between'
        ? [intent.from, intent.to]
        : [intent.date];
  const yearless = dates.some((date) => date !== undefined && date.year === undefined);
  const meansToday = dates.some((date) => date === undefined);
  // A yearless date ("Christmas") needs today's year, so the clock is asked even when date_calc knows "today".
  const todayWord = meansToday && !yearless && dateCalcKnowsToday(state);
  let today: Required<CalendarDate> | undefined;
  if (yearless || (meansToday && !todayWord)) {
    const clock = lastResult(state, 'get_current_time');
    if (!clock) return call(state, 'get_current_time', {}, 'today');
    if (!clock.observation?.ok)
      return answer(
        state,
        answerToolFailed(state.language, 'get_current_time', clock.observation ?? { ok: false, value: '', text: '' }),
      );
    today = findIsoDateIn(clock.observation.text);
    if (!today) {
      return answer(
        state,
        say(
          state.language,
          `I couldn't read today's date from get_current_time: ${clock.observation.text}`,
          `无法从 get_current_time 的结果中读出今天的日期：${clock.observation.text}`,
        ),
      );
    }
  }
  const iso = (date: CalendarDate | undefined): string => {
    if (date === undefined) return today ? formatIsoDate(today) : 'today';
    return formatIsoDate(today ? resolveYear(date, today) : { year: date.year ?? 0, month: date.month, day: date.day });
  };
  const schema = state.schemas.get('date_calc');
  const calculation = lastResult(state, 'date_calc');
  const observation = calculation?.observation;
  if (intent.kind === 'date-offset') {
    const from = iso(intent.from);
    if (observation)
      return answer(state, answerDate(state.language, { kind: 'offset', from, days: intent.days }, observation));
    return call(state, 'date_calc', dateOffsetArguments(schema, from, intent.days));
  }
  if (intent.kind === 'days-between') {
    const from = iso(intent.from);
    const to = iso(intent.to);
    if (observation) return answer(state, answerDate(state.language, { kind: 'between', from, to }, observation));
    return call(state, 'date_calc', daysBetweenArguments(schema, from, to));
  }
  const date = iso(intent.date);
  if (observation) return answer(state, answerDate(state.language, { kind: 'weekday', date }, observation));
  return call(state, 'date_calc', weekdayArguments(schema, date));
}

function planWeatherDifference(
  intent: Extract<Intent, { kind: 'weather-difference' }>,
  state: ConversationState,
): Decision {
  const { language } = state;
  if (!state.offered.has('get_weather')) return answer(state, toolUnavailableText(language, 'get_weather'));
  const readings = intent.places.map((place) => {
    const exchange = state.exchanges.find(
      (item) =>
        item.name === 'get_weather' &&
        item.observation &&
        String(item.arguments.city ?? '').toLowerCase() === place.query.toLowerCase(),
    );
    return { place, observation: exchange?.observation };
  });
  const missing = readings.filter((reading) => reading.observation === undefined);
  if (missing.length > 0) {
    // Native function calling fetches both cities at once; text ReAct can only take one action per turn.
    const wanted = state.protocol === 'react' ? missing.slice(0, 1) : missing;
    return {
      kind: 'call',
      calls: wanted.map((reading) => ({ name: 'get_weather', arguments: { city: reading.place.query } })),
      thought: thoughtFor(
        language,
        wanted.length > 1 ? 'get_weather-both' : 'get_weather',
        wanted.map((reading) => reading.place.written).join(', '),
      ),
    };
  }
  const failed = readings.find((reading) => reading.observation && !reading.observation.ok);
  if (failed?.observation)
    return answer(
      state,
      answerLiveToolFailed(
        language,
        'get_weather',
        say(language, `the weather for ${failed.place.written}`, `${failed.place.written}的天气`),
        failed.observation,
      ),
    );
  const temperatures = readings.map((reading) => readTemperature(reading.observation?.value));
  const [first, second] = temperatures;
  if (first === undefined || second === undefined) {
    return answer(
      state,
      say(
        language,
        'The weather results did not include a temperature I could compare.',
        '天气结果里没有可以比较的温度。',
      ),
    );
  }
  const cities: [{ name: string; temperature: number }, { name: string; temperature: number }] = [
    { name: intent.places[0].written, temperature: first },
    { name: intent.places[1].written, temperature: second },
  ];
  const expression = `${first} - ${second < 0 ? `(${second})` : second}`;
  const calculation = lastResult(state, 'calculator');
  if (calculation?.observation) {
    const difference = calculation.observation.ok ? readCalculatorResult(calculation.observation) : undefined;
    return answer(
      state,
      answerTemperatureDifference(language, cities, difference ?? String(Math.round((first - second) * 100) / 100)),
    );
  }
  if (!state.offered.has('calculator')) {
    return answer(
      state,
      answerTemperatureDifference(language, cities, String(Math.round((first - second) * 100) / 100)),
    );
  }
  return call(state, 'calculator', { expression }, 'difference');
}

/** The weekdays of two dates: native function calling asks date_calc for both at once, text ReAct one per turn. */
function planWeekdays(intent: Extract<Intent, { kind: 'weekdays' }>, state: ConversationState): Decision {
  const { language } = state;
  if (!state.offered.has('date_calc')) return answer(state, toolUnavailableText(language, 'date_calc'));
  const schema = state.schemas.get('date_calc');
  const asked = intent.dates.map((date) => {
    const iso = formatIsoDate({ year: date.year ?? 0, month: date.month, day: date.day });
    const exchange = state.exchanges.find(
      (item) => item.name === 'date_calc' && item.observation && Object.values(item.arguments).includes(iso),
    );
    return { iso, observation: exchange?.observation };
  });
  const missing = asked.filter((entry) => entry.observation === undefined);
  if (missing.length > 0) {
    const wanted = state.protocol === 'react' ? missing.slice(0, 1) : missing;
    return {
      kind: 'call',
      calls: wanted.map((entry) => ({ name: 'date_calc', arguments: weekdayArguments(schema, entry.iso) })),
      thought: thoughtFor(language, wanted.length > 1 ? 'date_calc-both' : 'date_calc'),
    };
  }
  const lines = asked.map((entry) =>
    answerDate(language, { kind: 'weekday', date: entry.iso }, entry.observation ?? { ok: false, value: '', text: '' }),
  );
  return answer(state, lines.join('\n\n'));
}

/** A table question: the SQL from the question's own columns, or plainly what the demo cannot answer. */
function planData(question: DataQuestion, state: ConversationState): Decision {
  const { language } = state;
  if (!state.offered.has('query_data')) return answer(state, noDataText(language));
  const tables = readDescribedTables(state.descriptions.get('query_data'));
  const plan = planDataQuery(tables, question);
  if (!plan) {
    const words = [question.group, question.measure].filter(
      (word): word is string => word !== undefined && word !== 'sold' && word !== 'earned',
    );
    const missing = words.length > 0 ? noMatchingColumnText(language, words, tables) : '';
    return answer(state, [missing, cannotText(language, 'data')].filter(Boolean).join('\n\n'));
  }
  const result = lastResult(state, 'query_data');
  if (result?.observation) return answer(state, answerDataQuery(language, plan, result.observation));
  return call(state, 'query_data', { sql: plan.sql }, plan.table);
}

/** The time now, in the place asked about or here. */
function planCurrentTime(intent: Extract<Intent, { kind: 'current-time' }>, state: ConversationState): Decision {
  const result = lastResult(state, 'get_current_time');
  if (result?.observation) return answer(state, answerTime(state.language, result.observation, intent.place?.written));
  return call(
    state,
    'get_current_time',
    currentTimeArguments(state.schemas.get('get_current_time'), intent.place?.timeZone),
    intent.place?.written,
  );
}

/** A to-do change or the list, through the todo tool. */
function planTodo(intent: Extract<Intent, { kind: 'todo' }>, state: ConversationState): Decision {
  const result = lastResult(state, 'todo');
  if (result?.observation) return answer(state, answerTodo(state.language, intent.request, result.observation));
  const { request } = intent;
  const args =
    request.action === 'add'
      ? { action: 'add', text: request.text }
      : request.action === 'list'
        ? { action: 'list' }
        : { action: request.action, id: request.id };
  return call(state, 'todo', args, request.action);
}

/** The weather in the place asked about, or in the city of the weather before ("and tomorrow?"). */
function planWeather(intent: Extract<Intent, { kind: 'weather' }>, state: ConversationState): Decision {
  const { language } = state;
  const place =
    intent.place ??
    (intent.earlier && state.earlierWeatherCity ? placeFromToolCity(state.earlierWeatherCity, language) : undefined);
  if (!place) return answer(state, intent.earlier ? unknownEarlierCityText(language) : askForCityText(language));
  const result = lastResult(state, 'get_weather');
  if (result?.observation) return answer(state, answerWeather(language, place.written, result.observation));
  return call(state, 'get_weather', { city: place.query }, place.written);
}

function planTool(intent: Intent, state: ConversationState): Decision {
  const { language } = state;
  switch (intent.kind) {
    case 'calculate': {
      const result = lastResult(state, 'calculator');
      if (result?.observation) return answer(state, answerCalculation(language, intent.expression, result.observation));
      return call(state, 'calculator', { expression: intent.expression });
    }
    case 'current-time':
      return planCurrentTime(intent, state);
    case 'date-offset': {
      if (!intent.earlier) return planDate(intent, state);
      // "300 days after that?": counted from the date of the answer before, never from today.
      const earlier = state.earlierDate === undefined ? undefined : findIsoDateIn(state.earlierDate);
      if (!earlier) return answer(state, cannotText(language, 'earlier-date'));
      return planDate({ kind: 'date-offset', days: intent.days, from: earlier }, state);
    }
    case 'days-between':
    case 'weekday':
      return planDate(intent, state);
    case 'weekdays':
      return planWeekdays(intent, state);
    case 'todo':
      return planTodo(intent, state);
    case 'note-save': {
      const result = lastResult(state, 'save_note');
      if (result?.observation) return answer(state, answerNoteSaved(language, intent.content, result.observation));
      return call(state, 'save_note', { content: intent.content });
    }
    case 'note-search': {
      const result = lastResult(state, 'search_notes');
      if (result?.observation) return answer(state, answerNoteSearch(language, intent.query, result.observation));
      return call(state, 'search_notes', { query: intent.query }, intent.query);
    }
    case 'knowledge': {
      const result = lastResult(state, 'search_knowledge');
      if (result?.observation) return answer(state, answerKnowledge(language, result.observation));
      return call(state, 'search_knowledge', { query: intent.query }, intent.query);
    }
    case 'weather':
      return planWeather(intent, state);
    case 'weather-difference':
      return planWeatherDifference(intent, state);
    case 'run-javascript': {
      const result = lastResult(state, 'run_javascript');
      if (result?.observation)
        return answer(state, answerJavaScript(language, intent.written, result.observation, intent.task));
      return call(state, 'run_javascript', { code: intent.code });
    }
    case 'web-search': {
      const result = lastResult(state, 'search_web');
      if (result?.observation) return answer(state, answerWebSearch(language, intent.query, result.observation));
      return call(state, 'search_web', { query: intent.query }, intent.query);
    }
    case 'read-file': {
      const result = lastResult(state, 'read_file');
      if (result?.observation) return answer(state, answerFile(language, intent.name, result.observation));
      // Without a name, read_file reads the only attached file or lists them.
      return call(state, 'read_file', intent.name === undefined ? {} : { name: intent.name }, intent.name);
    }
    case 'data-question':
      return planData(intent.question, state);
    case 'use-tool': {
      const result = lastResult(state, intent.name);
      if (result?.observation) return answer(state, answerUsedTool(language, intent.name, result.observation));
      return call(state, intent.name, intent.arguments);
    }
    case 'cannot':
      return answer(state, cannotText(language, intent.topic));
    case 'help':
      return {
        kind: 'answer',
        text: helpText(language, intent.greeting),
        thought: thoughtFor(language, intent.greeting ? 'greeting' : 'help'),
      };
  }
}

/** Decides the next move for an intent, given the tool calls already made and their results. */
export function planNextMove(intent: Intent, state: ConversationState): Decision {
  const answered = state.exchanges.filter((exchange) => exchange.observation);
  if (answered.length >= MAX_EXCHANGES_PER_TURN) {
    const last = answered.at(-1);
    const text =
      last?.observation && !last.observation.ok
        ? answerToolFailed(state.language, last.name, last.observation)
        : helpText(state.language, false);
    return answer(state, text);
  }
  const decision = planTool(intent, state);
  if (decision.kind === 'call') {
    // Never repeat a call that already has a result this turn; answer with what we have instead.
    const repeated = decision.calls.find((planned) =>
      state.exchanges.some(
        (exchange) =>
          exchange.observation &&
          exchange.name === planned.name &&
          JSON.stringify(exchange.arguments) === JSON.stringify(planned.arguments),
      ),
    );
    if (repeated) {
      const previous = lastResult(state, repeated.name);
      if (previous?.observation)
        return answer(
          state,
          previous.observation.ok
            ? previous.observation.text
            : answerToolFailed(state.language, repeated.name, previous.observation),
        );
    }
  }
  return decision;
}
