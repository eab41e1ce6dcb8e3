import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { scriptReply } from './scripted-model.ts';
import { converse } from './scripted-model-test-helpers.ts';

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

  it('takes one action per turn for the weekdays of two dates', () => {
    const react = system.replace('calculator, get_weather', 'date_calc');
    const messages: ChatMessage[] = [
      { role: 'system', content: react },
      { role: 'user', content: 'On what day of the week do 2024-05-20 and 2024-12-25 fall?' },
    ];
    const first = scriptReply({ messages });
    expect(first.content).toMatch(/Action: date_calc\nAction Input: \{[^\n]*"2024-05-20"[^\n]*\}$/u);
    messages.push(
      { role: 'assistant', content: first.content ?? '' },
      { role: 'user', content: 'Observation: {"date":"2024-05-20","weekday":"Monday"}' },
    );
    const second = scriptReply({ messages });
    expect(second.content).toMatch(/Action: date_calc\nAction Input: \{[^\n]*"2024-12-25"[^\n]*\}$/u);
    messages.push(
      { role: 'assistant', content: second.content ?? '' },
      { role: 'user', content: 'Observation: {"date":"2024-12-25","weekday":"Wednesday"}' },
    );
    const third = scriptReply({ messages });
    expect(third.content).toMatch(
      /Final Answer: 2024-05-20 is a \*\*Monday\*\*\.\n\n2024-12-25 is a \*\*Wednesday\*\*\./u,
    );
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
