import { describe, expect, it } from 'vitest';
import type { ToolSpec } from '../model/model.ts';
import { scriptReply } from './scripted-model.ts';
import {
  toolSpecs,
  converse,
  calculator,
  clock,
  dateCalc,
  lateDecember,
  todoList,
  offline,
} from './scripted-model-test-helpers.ts';

describe('scriptReply: arithmetic', () => {
  it.each([
    ['What is (128+374)*2?', 'en'],
    ['帮我算一下 (128+374)*2 等于多少', 'zh'],
  ])('calls the calculator with (128+374)*2 for %j and answers 1004', (question) => {
    const { steps, answer } = converse(question, { calculator });
    expect(steps[0]).toMatchObject({
      finishReason: 'tool_calls',
      toolCalls: [{ name: 'calculator', arguments: { expression: '(128+374)*2' } }],
    });
    expect(steps[0]?.content).toBeUndefined();
    expect(steps[1]?.finishReason).toBe('stop');
    expect(answer).toContain('1004');
    expect(answer).toContain('(128+374)*2');
  });

  it('explains a calculator error instead of inventing a result', () => {
    const { answer } = converse('What is 2/(1-1)*3?', { calculator: () => ({ error: 'Division by zero' }) });
    expect(answer).toContain('Division by zero');
    expect(answer).not.toMatch(/=\s*\*\*/u);
  });

  it('is deterministic: the same request gives the same reply', () => {
    const request = { messages: [{ role: 'user' as const, content: 'What is 6*7?' }], tools: toolSpecs() };
    expect(scriptReply(request)).toEqual(scriptReply(request));
  });
});

describe('scriptReply: time and dates', () => {
  it('asks get_current_time with the city time zone and reports the time', () => {
    const { steps, answer } = converse('What time is it in Tokyo?', {
      get_current_time: () => ({ date: '2025-06-01', time: '10:30', weekday: 'Sunday', timezone: 'Asia/Tokyo' }),
    });
    expect(steps[0]?.toolCalls).toEqual([{ name: 'get_current_time', arguments: { timezone: 'Asia/Tokyo' } }]);
    expect(answer).toContain('10:30');
    expect(answer).toContain('Tokyo');
  });

  it('answers 现在几点 in Chinese', () => {
    const { answer } = converse('现在几点', { get_current_time: clock });
    expect(answer).toContain('09:30');
    expect(answer).toMatch(/现在是/u);
  });

  it('gets today first, then lets date_calc add 100 days (100天后是几号)', () => {
    const { steps, answer } = converse('100天后是几号', { get_current_time: clock, date_calc: dateCalc });
    expect(steps.map((step) => step.toolCalls?.[0]?.name)).toEqual(['get_current_time', 'date_calc', undefined]);
    expect(steps[1]?.toolCalls?.[0]?.arguments).toEqual({ date: '2025-06-01', add_days: 100 });
    expect(answer).toContain('2025-09-09');
  });

  it('counts days until Christmas, rolling over to next year once it has passed', () => {
    const { steps, answer } = converse('How many days until Christmas?', {
      get_current_time: lateDecember,
      date_calc: () => ({ days: 363 }),
    });
    expect(steps[1]?.toolCalls?.[0]?.arguments).toEqual({ date: '2025-12-27', days_between: '2026-12-25' });
    expect(answer).toContain('363 days');
  });

  it('names date_calc arguments after the offered schema', () => {
    const tools: ToolSpec[] = [
      {
        type: 'function',
        function: {
          name: 'date_calc',
          description: '',
          parameters: {
            type: 'object',
            properties: {
              operation: { type: 'string', enum: ['add_days', 'days_between', 'weekday'] },
              start_date: { type: 'string' },
              days: { type: 'number' },
            },
          },
        },
      },
    ];
    const reply = scriptReply({
      messages: [{ role: 'user', content: 'What is the date 10 days after 2025-01-25?' }],
      tools,
    });
    expect(reply.toolCalls?.[0]?.arguments).toEqual({ operation: 'add_days', start_date: '2025-01-25', days: 10 });
  });

  it('asks date_calc for the weekday of 2025年10月1日', () => {
    const { steps, answer } = converse('2025年10月1日是星期几', {
      date_calc: () => ({ date: '2025-10-01', weekday: '星期三' }),
    });
    expect(steps[0]?.toolCalls?.[0]).toEqual({ name: 'date_calc', arguments: { date: '2025-10-01' } });
    expect(answer).toContain('星期三');
  });
});

describe('scriptReply: todos', () => {
  it('adds 明天带伞 from 帮我记个待办：明天带伞', () => {
    const { steps, answer } = converse('帮我记个待办：明天带伞', {
      todo: () => ({ added: { id: 1, text: '明天带伞', done: false } }),
    });
    expect(steps[0]?.toolCalls?.[0]).toEqual({ name: 'todo', arguments: { action: 'add', text: '明天带伞' } });
    expect(answer).toContain('明天带伞');
    expect(answer).toContain('已添加');
  });

  it('lists todos for 我有哪些待办 and for "what are my todos"', () => {
    const chinese = converse('我有哪些待办', { todo: todoList });
    expect(chinese.steps[0]?.toolCalls?.[0]).toEqual({ name: 'todo', arguments: { action: 'list' } });
    expect(chinese.answer).toContain('明天带伞');
    expect(chinese.answer).toContain('2 条待办');
    const english = converse('what are my todos?', { todo: todoList });
    expect(english.steps[0]?.toolCalls?.[0]?.arguments).toEqual({ action: 'list' });
    expect(english.answer).toMatch(/2 todos \(1 open\)/u);
  });

  it('adds from "remind me to …" and marks one done', () => {
    const added = converse('Remind me to call the dentist on Friday', {
      todo: () => ({ id: 3, text: 'call the dentist on Friday' }),
    });
    expect(added.steps[0]?.toolCalls?.[0]?.arguments).toEqual({ action: 'add', text: 'call the dentist on Friday' });
    expect(added.answer).toContain('#3');
    const done = converse('mark todo 3 as done', { todo: () => ({ ok: true }) });
    expect(done.steps[0]?.toolCalls?.[0]?.arguments).toEqual({ action: 'done', id: 3 });
    expect(done.answer).toContain('#3');
  });

  it('says so when the list is empty', () => {
    expect(converse('what are my todos', { todo: () => [] }).answer).toContain('empty');
  });
});

describe('scriptReply: long-term notes', () => {
  it('saves "remember that …" and recalls it by topic', () => {
    const saved = converse('Remember that my locker code is 4312', {
      save_note: (args) => ({ id: 'note_1', content: args.content }),
    });
    expect(saved.steps[0]?.toolCalls?.[0]).toEqual({
      name: 'save_note',
      arguments: { content: 'my locker code is 4312' },
    });
    expect(saved.answer).toContain('my locker code is 4312');
    const recalled = converse('What do you remember about my locker code?', {
      search_notes: () => [{ note: { content: 'my locker code is 4312' }, score: 3.2 }],
    });
    expect(recalled.steps[0]?.toolCalls?.[0]).toEqual({ name: 'search_notes', arguments: { query: 'locker code' } });
    expect(recalled.answer).toContain('4312');
  });

  it('saves and recalls in Chinese', () => {
    const saved = converse('记住：我的车牌号是沪A12345', { save_note: () => ({ id: 'note_2' }) });
    expect(saved.steps[0]?.toolCalls?.[0]?.arguments).toEqual({ content: '我的车牌号是沪A12345' });
    expect(saved.answer).toContain('已保存');
    const recalled = converse('你还记得我的车牌号吗', { search_notes: () => ({ hits: [] }) });
    expect(recalled.steps[0]?.toolCalls?.[0]?.arguments).toEqual({ query: '车牌号' });
    expect(recalled.answer).toContain('没有找到');
  });
});

describe('scriptReply: weather', () => {
  it('says live tools need the network when get_weather fails offline', () => {
    const english = converse('What is the weather in Paris?', { get_weather: offline });
    expect(english.steps[0]?.toolCalls?.[0]).toEqual({ name: 'get_weather', arguments: { city: 'Paris' } });
    expect(english.answer).toContain('Failed to fetch');
    expect(english.answer).toMatch(/need network access/u);
    const chinese = converse('北京天气怎么样', { get_weather: offline });
    expect(chinese.steps[0]?.toolCalls?.[0]?.arguments).toEqual({ city: 'Beijing' });
    expect(chinese.answer).toContain('需要联网');
  });

  it('reports the temperature when the weather tool answers', () => {
    const { answer } = converse('weather in London', {
      get_weather: () => ({
        city: 'London',
        current: { temperature: 14.2, description: 'light rain' },
        today: { min: 9, max: 16 },
      }),
    });
    expect(answer).toContain('14.2 °C');
    expect(answer).toContain('light rain');
    expect(answer).toContain('9–16');
  });

  it.each([
    ['What is the temperature difference between Beijing and Shanghai?', 'Shanghai is warmer'],
    ['北京和上海温差多少', '上海更暖和'],
  ])('fetches both cities in parallel, then subtracts with the calculator: %j', (question, warmer) => {
    const temperatures: Record<string, number> = { Beijing: 12.5, Shanghai: 18 };
    const { steps, answer } = converse(question, {
      get_weather: (args) => ({ current: { temperature: temperatures[String(args.city)] } }),
      calculator,
    });
    expect(steps[0]?.toolCalls).toEqual([
      { name: 'get_weather', arguments: { city: 'Beijing' } },
      { name: 'get_weather', arguments: { city: 'Shanghai' } },
    ]);
    expect(steps[1]?.toolCalls).toEqual([{ name: 'calculator', arguments: { expression: '12.5 - 18' } }]);
    expect(answer).toContain('5.5 °C');
    expect(answer).toContain(warmer);
  });
});

describe('scriptReply: JavaScript', () => {
  it('runs the given code and reports result and console output', () => {
    const { steps, answer } = converse('Run JavaScript: [1,2,3].map(x => x * 2)', {
      run_javascript: () => ({ ok: true, result: '[2,4,6]', logs: ['hello'] }),
    });
    expect(steps[0]?.toolCalls?.[0]).toEqual({
      name: 'run_javascript',
      arguments: { code: '[1,2,3].map(x => x * 2)' },
    });
    expect(answer).toContain('[2,4,6]');
    expect(answer).toContain('hello');
  });

  it('writes a small program for 用 JavaScript 算斐波那契 and accepts a denial', () => {
    const { steps, answer } = converse('用 JavaScript 算一下斐波那契数列前10项', {
      run_javascript: () => ({ error: 'The user denied this tool call (approval refused).' }),
    });
    expect(String(steps[0]?.toolCalls?.[0]?.arguments.code)).toContain('fibonacci');
    expect(answer).toContain('拒绝');
  });

  it('explains a sandbox timeout', () => {
    const { answer } = converse('run this code: `while (true) {}`', {
      run_javascript: () => ({ ok: false, timedOut: true, error: 'Timed out after 5000 ms', logs: [] }),
    });
    expect(answer).toMatch(/time limit/u);
  });
});

describe('scriptReply: help and missing tools', () => {
  it.each([
    ['tell me a joke', /scripted/u, /not an LLM/u, /Settings → Provider/u],
    ['给我讲个笑话', /脚本/u, /不是大语言模型/u, /设置 → Provider/u],
  ])('answers %j with a help that says it is a scripted demo and how to connect a model', (question, ...patterns) => {
    const reply = scriptReply({ messages: [{ role: 'user', content: question }], tools: toolSpecs() });
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.finishReason).toBe('stop');
    for (const pattern of patterns) expect(reply.content).toMatch(pattern);
  });

  it('says the calculator is not available when it is not offered', () => {
    const reply = scriptReply({
      messages: [{ role: 'user', content: 'What is (128+374)*2?' }],
      tools: toolSpecs(['todo', 'get_weather']),
    });
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).toContain('`calculator`');
    expect(reply.content).toMatch(/isn't available/u);
  });

  it('says so in Chinese when no tools are offered at all', () => {
    const reply = scriptReply({ messages: [{ role: 'user', content: '帮我记个待办：明天带伞' }] });
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).toContain('`todo`');
    expect(reply.content).toContain('没有提供');
  });

  it('writes a deterministic summary when asked to compact the conversation', () => {
    const reply = scriptReply({
      messages: [
        { role: 'system', content: 'Summarise the conversation below for later context.' },
        { role: 'user', content: 'user: What is 6*7?\nassistant: 6*7 = **42**' },
      ],
    });
    expect(reply.content).toMatch(/^Summary of the earlier conversation/u);
    expect(reply.content).toContain('What is 6*7?');
    expect(reply.content).toContain('not an LLM');
  });
});
