import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../model/model.ts';
import { calculatorTool } from '../tools/builtin/calculator.ts';
import { dateCalcTool } from '../tools/builtin/date-calc.ts';
import { getCurrentTimeTool } from '../tools/builtin/get-current-time.ts';
import { runJavascriptTool } from '../tools/builtin/run-javascript.ts';
import { toToolSpec, type AnyTool } from '../tools/define-tool.ts';
import { createTestToolContext } from '../tools/testing/create-test-tool-context.ts';
import { scriptReply } from './scripted-model.ts';

// The scripted model against the real calculator, date_calc and clock (2024-02-27, UTC), so every answer below is
// checked against what the question asked, with numbers the demo was not written for.
const TOOLS: AnyTool[] = [calculatorTool, dateCalcTool, getCurrentTimeTool, runJavascriptTool];
// run_javascript's sandbox is a browser worker; here the program runs in a fresh Node context instead.
const context = createTestToolContext({
  runSandboxed: async (code: string) => ({
    ok: true,
    result: String(runInNewContext(`(() => {\n${code}\n})()`) as unknown),
    logs: [],
  }),
});

/** Sends `question` after `history`, runs the tools the demo calls until it answers; returns the new messages. */
async function ask(
  question: string,
  history: ChatMessage[] = [],
): Promise<{ answer: string; messages: ChatMessage[] }> {
  const messages: ChatMessage[] = [...history, { role: 'user', content: question }];
  for (let step = 0; step < 6; step += 1) {
    const reply = scriptReply({ messages, tools: TOOLS.map(toToolSpec) });
    if (!reply.toolCalls) {
      messages.push({ role: 'assistant', content: reply.content ?? '' });
      return { answer: reply.content ?? '', messages };
    }
    const calls = reply.toolCalls.map((call, index) => ({
      id: `call_${messages.length}_${index}`,
      type: 'function' as const,
      function: { name: call.name, arguments: JSON.stringify(call.arguments) },
    }));
    messages.push({ role: 'assistant', content: null, tool_calls: calls });
    for (const [index, call] of reply.toolCalls.entries()) {
      const tool = TOOLS.find((candidate) => candidate.name === call.name);
      if (!tool) throw new Error(`unexpected tool ${call.name}`);
      const result = await tool.execute(tool.schema.parse(call.arguments), context);
      messages.push({ role: 'tool', tool_call_id: calls[index]?.id ?? '', content: JSON.stringify(result) });
    }
  }
  throw new Error('the scripted model did not finish');
}

describe('date questions use the dates and day counts asked', () => {
  it.each([
    ['2024年5月20日之后150天是星期几？', '2024-10-17', '星期四'],
    ['2024年5月20日后150天是几号', '2024-10-17', '星期四'],
    ['2023年1月9日之后45天是星期几？', '2023-02-23', '星期四'],
    ['2025年12月1日之前100天是星期几', '2025-08-23', '星期六'],
    ['What day is 150 days after May 20, 2024?', '2024-10-17', 'Thursday'],
    ['What is 2024-05-20 plus 10 days?', '2024-05-30', 'Thursday'],
    ['What date was 30 days before 2024-03-01?', '2024-01-31', 'Wednesday'],
    ['What day of the week will it be 3 weeks after 2030-07-04?', '2030-07-25', 'Thursday'],
  ])('%s → %s (%s)', async (question, date, weekday) => {
    const { answer } = await ask(question);
    expect(answer).toContain(`**${date}**`);
    expect(answer).toContain(weekday);
  });

  it.each([
    ['150天后是星期几？', '2024-07-26', '星期五'],
    ['What is the date 10 days from today?', '2024-03-08', 'Friday'],
    ['7天前是几号', '2024-02-20', '星期二'],
  ])('counts from today when the question does: %s', async (question, date, weekday) => {
    const { answer } = await ask(question);
    expect(answer).toContain(`**${date}**`);
    expect(answer).toContain(weekday);
  });

  it('counts a follow-up from the date answered before, in English and Chinese', async () => {
    const first = await ask('2024年5月20日之后150天是星期几？');
    expect(first.answer).toContain('**2024-10-17**');
    const english = await ask('300 days after that?', first.messages);
    expect(english.answer).toContain('**2025-08-13**');
    expect(english.answer).toContain('Wednesday');
    const chinese = await ask('那之后再过20天呢？', english.messages);
    expect(chinese.answer).toContain('**2025-09-02**');
    expect(chinese.answer).toContain('星期二');
    const back = await ask('And 2 weeks before that?', chinese.messages);
    expect(back.answer).toContain('**2025-08-19**');
  });

  it('says it does not know which date is meant when nothing came before', async () => {
    const { answer } = await ask('300 days after that?');
    expect(answer).toMatch(/don't know which date you mean/u);
    expect(answer).not.toMatch(/\*\*\d{4}-\d{2}-\d{2}\*\*/u);
    expect((await ask('那之后300天是几号？')).answer).toContain('我不知道你指的是哪一天');
  });

  it('gives the weekday and the days between for dates it was not written for', async () => {
    expect((await ask('What day of the week is 2031-11-13?')).answer).toContain('**Thursday**');
    expect((await ask('1999年12月31日是星期几？')).answer).toContain('**星期五**');
    expect((await ask('How many days between 2024-01-15 and 2024-12-03?')).answer).toContain('**323 days**');
    expect((await ask('2020年3月1日到2021年3月1日有多少天？')).answer).toContain('**365 天**');
  });

  it.each([
    ['On what day of the week do 2024-05-20 and 2024-12-25 fall?', ['**Monday**', '**Wednesday**']],
    ['2024年5月20日和2024年12月25日分别是星期几？', ['**星期一**', '**星期三**']],
  ])('asks date_calc for both dates of %s in one step', async (question, weekdays) => {
    const { answer, messages } = await ask(question);
    for (const weekday of weekdays) expect(answer).toContain(weekday);
    const calls = messages.filter((message) => message.role === 'assistant' && message.tool_calls);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.role === 'assistant' ? calls[0].tool_calls?.length : 0).toBe(2);
  });
});

describe('calculator questions use the expression asked', () => {
  it.each([
    ['What is (917+36)*4?', '3812'],
    ['帮我算一下 (128+374)*3 等于多少', '1506'],
    ['12.5 divided by 4 plus 7', '10.125'],
    ['3加5乘以7等于几', '38'],
    ['what is 3 to the power of 13', '1594323'],
    ['How much is 12% of 340?', '40.8'],
    ['根号 169 乘以 3', '39'],
    ['compute 1000 mod 7', '6'],
    ['What is 15 - 3 plus 2?', '14'],
    ['20 - 4 + 1 是多少', '17'],
  ])('%s = %s', async (question, result) => {
    expect((await ask(question)).answer).toContain(`**${result}**`);
  });
});

describe('JavaScript questions run a program for the numbers asked', () => {
  it.each([
    ['Run JavaScript to sum the squares of 1 to 10', 'the sum of the squares from 1 to 10', '385'],
    ['Run JavaScript to sum the squares of 1 to 20', 'the sum of the squares from 1 to 20', '2870'],
    ['用 JavaScript 计算 1 到 10 的平方和', '1 到 10 的平方和', '385'],
    ['用 JavaScript 计算 5 到 8 的立方和', '5 到 8 的立方和', '1196'],
  ])('%s', async (question, task, result) => {
    const { answer } = await ask(question);
    expect(answer).toContain(`**${task}**`);
    expect(answer).toContain(`\`${result}\``);
  });

  it('says plainly what it cannot write, in English and Chinese, and runs nothing', async () => {
    const english = await ask('Run JavaScript to make me a website');
    expect(english.messages.some((message) => message.role === 'tool')).toBe(false);
    expect(english.answer).toContain("The offline demo can't write a program for that.");
    const chinese = await ask('用 JavaScript 帮我做一个网站');
    expect(chinese.answer).toContain('离线演示写不出这个程序');
  });
});

describe('questions the demo does not know', () => {
  it.each([
    ['Write me a poem about the sea', 'not an LLM'],
    ['给我写一首关于大海的诗', '不是大语言模型'],
  ])('%s → says what it is and what it can do', async (question, plain) => {
    const { answer, messages } = await ask(question);
    expect(answer).toContain(plain);
    expect(messages.some((message) => message.role === 'tool')).toBe(false);
  });
});
