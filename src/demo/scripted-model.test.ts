import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { scriptReply, type ScriptedReply } from './scripted-model.ts';

const ALL_TOOLS = [
  'calculator',
  'get_current_time',
  'date_calc',
  'get_weather',
  'search_web',
  'todo',
  'save_note',
  'search_notes',
  'read_file',
  'run_javascript',
];

function toolSpecs(names: string[] = ALL_TOOLS): ToolSpec[] {
  return names.map((name) => ({
    type: 'function',
    function: { name, description: `${name} tool`, parameters: { type: 'object', properties: {} } },
  }));
}

type FakeTool = (args: Record<string, unknown>) => unknown;

/** Plays the agent loop against the scripted model: runs fake tools for each call until a final answer. */
function converse(userText: string, tools: Record<string, FakeTool>, offered: string[] = ALL_TOOLS) {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'You are Glassbox.' },
    { role: 'user', content: userText },
  ];
  const steps: ScriptedReply[] = [];
  for (let step = 0; step < 6; step += 1) {
    const reply = scriptReply({ messages, tools: toolSpecs(offered) });
    steps.push(reply);
    if (!reply.toolCalls) return { answer: reply.content ?? '', steps, messages };
    const calls = reply.toolCalls.map((call, index) => ({
      id: `call_${step}_${index}`,
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }));
    messages.push({ role: 'assistant', content: null, tool_calls: calls });
    for (const [index, call] of reply.toolCalls.entries()) {
      const tool = tools[call.name];
      if (!tool) throw new Error(`unexpected tool ${call.name}`);
      const result = tool(call.arguments);
      messages.push({
        role: 'tool',
        tool_call_id: calls[index]?.id ?? '',
        content: typeof result === 'string' ? result : JSON.stringify(result),
      });
    }
  }
  throw new Error('the scripted model did not finish');
}

const calculator: FakeTool = (args) => ({
  expression: args.expression,
  result: String(args.expression) === '(128+374)*2' ? 1004 : 5.5,
});
const clock: FakeTool = () => ({
  iso: '2025-06-01T09:30:00+08:00',
  date: '2025-06-01',
  time: '09:30',
  weekday: 'Sunday',
  timezone: 'Asia/Shanghai',
});
const dateCalc: FakeTool = (args) => ({
  date: args.date,
  add_days: args.add_days,
  result: '2025-09-09',
  weekday: 'Tuesday',
});
const lateDecember: FakeTool = () => ({ date: '2025-12-27', time: '08:00' });
const todoList: FakeTool = () => ({
  items: [
    { id: 1, text: '明天带伞', done: false },
    { id: 2, text: 'buy milk', done: true },
  ],
});
const offline: FakeTool = () => ({ error: 'Failed to fetch (network unavailable)' });

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

describe('scriptReply: text ReAct', () => {
  const system = [
    'Answer using this format:',
    'Thought: what to do next',
    'Action: one of [calculator, get_weather]',
    'Action Input: a JSON object',
    'Observation: the result',
    '... then Final Answer: the answer',
  ].join('\n');

  it('replies with Action / Action Input, then a Final Answer after the observation', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: 'What is (128+374)*2?' },
    ];
    const first = scriptReply({ messages });
    expect(first.toolCalls).toBeUndefined();
    expect(first.finishReason).toBe('stop');
    expect(first.content).toMatch(
      /^Thought: .+\nAction: calculator\nAction Input: \{"expression":"\(128\+374\)\*2"\}$/u,
    );
    messages.push(
      { role: 'assistant', content: first.content ?? '' },
      { role: 'user', content: 'Observation: {"result":1004}' },
    );
    const second = scriptReply({ messages });
    expect(second.content).toMatch(/^Thought: .+\nFinal Answer: .*1004/u);
  });

  it('takes one action per turn for the two-city weather question', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: 'temperature difference between Beijing and Shanghai' },
    ];
    const first = scriptReply({ messages });
    expect(first.content).toContain('Action Input: {"city":"Beijing"}');
    messages.push(
      { role: 'assistant', content: first.content ?? '' },
      { role: 'user', content: 'Observation: {"temperature": 10}' },
    );
    const second = scriptReply({ messages });
    expect(second.content).toContain('Action Input: {"city":"Shanghai"}');
    messages.push(
      { role: 'assistant', content: second.content ?? '' },
      { role: 'user', content: 'Observation: {"temperature": 4}' },
    );
    expect(scriptReply({ messages }).content).toContain('Action Input: {"expression":"10 - 4"}');
  });
});

describe('scriptReply: results shaped like the built-in tools', () => {
  const dateCalcSchema: ToolSpec = {
    type: 'function',
    function: {
      name: 'date_calc',
      description: 'Calendar arithmetic',
      parameters: {
        type: 'object',
        properties: {
          date: { type: 'string', description: 'The starting date: yyyy-mm-dd, or "today".' },
          add_days: { type: 'integer' },
          days_between: { type: 'string' },
        },
      },
    },
  };

  it('lets a date_calc that understands "today" shift the date in one call', () => {
    const messages: ChatMessage[] = [{ role: 'user', content: "What's the date 100 days from today?" }];
    const first = scriptReply({ messages, tools: [dateCalcSchema] });
    expect(first.toolCalls).toEqual([{ name: 'date_calc', arguments: { date: 'today', add_days: 100 } }]);
    messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'date_calc', arguments: '{"date":"today","add_days":100}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'c1',
        content: JSON.stringify({
          date: { date: '2025-06-01', weekday: 'Sunday' },
          result: { date: '2025-09-09', weekday: 'Tuesday', change: '+100 days' },
        }),
      },
    );
    expect(scriptReply({ messages, tools: [dateCalcSchema] }).content).toBe(
      '100 days after today is **2025-09-09** (Tuesday).',
    );
  });

  it('reads the days from a nested days_between result', () => {
    const { answer } = converse('How many days between 2025-01-01 and 2025-03-01?', {
      date_calc: () => ({
        date: { date: '2025-01-01', weekday: 'Wednesday' },
        days_between: { from: '2025-01-01', to: '2025-03-01', days: 59 },
      }),
    });
    expect(answer).toBe('There are **59 days** from 2025-01-01 to 2025-03-01.');
  });

  it('reads temperatures written with units and today’s range', () => {
    const weather = {
      location: 'Paris, France',
      condition: 'Partly cloudy',
      temperature: '21.4 °C',
      today: { date: '2025-06-01', min: '14 °C', max: '24 °C' },
    };
    expect(converse('weather in Paris', { get_weather: () => weather }).answer).toBe(
      'Weather in Paris: **21.4 °C**, Partly cloudy. Today: 14–24 °C.',
    );
  });

  it('quotes the tool’s own message from an "Error: <tool> failed: …" observation', () => {
    const failure =
      'Error: get_weather failed: get_weather needs network access and could not reach Open-Meteo (offline?): Failed to fetch';
    const { answer } = converse('北京天气怎么样', { get_weather: () => failure });
    expect(answer).toContain('没能获取北京的天气：get_weather needs network access');
    expect(answer).toContain('需要联网');
  });

  it('names the new todo by the id in the tool’s message, not the first item of the list', () => {
    const listing = {
      action: 'add',
      message: 'Added #2: 明天带伞',
      items: [
        { id: 1, text: '交房租', done: false },
        { id: 2, text: '明天带伞', done: false },
      ],
      open: 2,
    };
    expect(converse('帮我记个待办：明天带伞', { todo: () => listing }).answer).toBe(
      '已添加待办：“明天带伞” (#2)。目前还有 2 条未完成。',
    );
  });

  it('recalls notes from search_notes results', () => {
    const found = {
      query: 'locker code',
      results: [{ id: 'n1', content: 'My locker code is 4312', tags: [], score: 2 }],
    };
    expect(converse('do you remember my locker code?', { search_notes: () => found }).answer).toContain(
      '- My locker code is 4312',
    );
  });

  it('recognises the agent’s denial and timeout observations for run_javascript', () => {
    const denied = converse('Run JavaScript: 1+1', {
      run_javascript: () => 'The user denied this call. Do not retry it; continue without it or ask the user.',
    });
    expect(denied.answer).toMatch(/You denied running the code/u);
    const slow = converse('Run JavaScript: while(true){}', {
      run_javascript: () =>
        'Error: run_javascript failed: The code did not finish within 5 s and was stopped (an endless loop?).',
    });
    expect(slow.answer).toMatch(/time limit/u);
  });
});

describe('scriptReply: text ReAct details', () => {
  const system =
    'Thought: …\nAction: the tool name, exactly one of [get_weather, calculator]\nAction Input: {…}\nFinal Answer: …\nTools:\n- get_weather: see also search_notes';

  it('treats only the tools in the "one of [...]" list as offered', () => {
    const reply = scriptReply({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: 'what do you remember about my car?' },
      ],
    });
    expect(reply.content).toMatch(/^Thought: .+\nFinal Answer: .*`search_notes`/su);
  });

  it('continues from history rewritten from native calls: two actions in one message, observations joined', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: 'What is the temperature difference between Beijing and Shanghai?' },
      {
        role: 'assistant',
        content:
          'Action: get_weather\nAction Input: {"city":"Beijing"}\nAction: get_weather\nAction Input: {"city":"Shanghai"}',
      },
      { role: 'user', content: 'Observation: {"temperature":"30 °C"}\n\nObservation: {"temperature":"25.5 °C"}' },
    ];
    expect(scriptReply({ messages }).content).toMatch(
      /Action: calculator\nAction Input: \{"expression":"30 - 25.5"\}$/u,
    );
  });

  it('ignores a format-correction message when finding the user’s question', () => {
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: 'What is 6*7?' },
      { role: 'assistant', content: 'I think it is 42' },
      {
        role: 'user',
        content:
          'Your last reply did not follow the required format: no Action.\nThought: …\nAction: one of [calculator]\nAction Input: …\nor\nThought: …\nFinal Answer: …',
      },
    ];
    expect(scriptReply({ messages }).content).toContain('Action Input: {"expression":"6*7"}');
  });
});
