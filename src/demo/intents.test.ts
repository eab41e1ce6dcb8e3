import { describe, expect, it } from 'vitest';
import { detectIntent, extractExpression } from './intents.ts';

describe('extractExpression', () => {
  it.each([
    ['What is (128+374)*2?', '(128+374)*2'],
    ['帮我算一下 (128+374)*2 等于多少', '(128+374)*2'],
    ['帮我算一下（１２８＋３７４）×２等于多少？', '(128+374)*2'],
    ['12 ÷ 4 − 1 = ?', '12 / 4 - 1'],
    ['3加5乘以2等于几', '3+5*2'],
    ['what is 2 to the power of 10', '2 ** 10'],
    ['2^10', '2**10'],
    ['How much is 15% of 80?', '(15/100)*80'],
    ['square root of 144 plus 1', 'sqrt(144) + 1'],
    ['根号2 乘以 3', 'sqrt(2) * 3'],
    ['compute 17 mod 5', '17 % 5'],
    ['1,000 * 3', '1000 * 3'],
    ['calculate -3 * (4 + 5)', '-3 * (4 + 5)'],
  ])('pulls %j out as %j', (text, expression) => {
    expect(extractExpression(text)).toBe(expression);
  });

  it.each(['what is 5', 'I have 3 apples and 4 pears', 'hello'])('finds no expression in %j', (text) => {
    expect(extractExpression(text)).toBeUndefined();
  });
});

describe('detectIntent', () => {
  it.each([
    ['What is (128+374)*2?', 'calculate'],
    ['What time is it in Tokyo?', 'current-time'],
    ['今天星期几', 'current-time'],
    ["What's the date 100 days from today?", 'date-offset'],
    ['10天前是几号', 'date-offset'],
    ['How many days between 2025-01-01 and 2025-03-01?', 'days-between'],
    ['What day of the week is 2025-10-01?', 'weekday'],
    ['帮我记个待办：明天带伞', 'todo'],
    ['remind me to water the plants', 'todo'],
    ['Remember that the wifi password is hunter2', 'note-save'],
    ['do you remember the wifi password?', 'note-search'],
    ['北京天气怎么样', 'weather'],
    ['Is it raining in Reykjavik?', 'weather'],
    ['北京和上海温差多少', 'weather-difference'],
    ['Run this JavaScript: console.log(1+1)', 'run-javascript'],
    ['```js\n[3,1,2].sort()\n```', 'run-javascript'],
    ['who is Ada Lovelace?', 'web-search'],
    ['summarise report.csv', 'read-file'],
    ['tell me a joke', 'help'],
    ['Which product sold the most?', 'data-question'],
    ['哪个地区的销售额最高？', 'data-question'],
    ['average price by region', 'data-question'],
    ['Which city has the highest temperature, Beijing or Shanghai?', 'weather-difference'],
    ['Run JavaScript to sum the squares of 1 to 10', 'run-javascript'],
    ['Run JavaScript to paint my house', 'cannot'],
    ['300 days after that?', 'date-offset'],
  ])('reads %j as %s', (text, kind) => {
    expect(detectIntent(text).kind).toBe(kind);
  });

  it('keeps the todo text and the numbers of done/remove requests', () => {
    expect(detectIntent('帮我记个待办：明天带伞')).toEqual({
      kind: 'todo',
      request: { action: 'add', text: '明天带伞' },
    });
    expect(detectIntent('我有哪些待办')).toEqual({ kind: 'todo', request: { action: 'list' } });
    expect(detectIntent('完成待办 2')).toEqual({ kind: 'todo', request: { action: 'done', id: 2 } });
    expect(detectIntent('delete todo #4')).toEqual({ kind: 'todo', request: { action: 'remove', id: 4 } });
  });

  it('finds cities the demo does not know by name', () => {
    expect(detectIntent('What is the weather in Reykjavik?')).toMatchObject({
      kind: 'weather',
      place: { query: 'Reykjavik' },
    });
    expect(detectIntent('拉萨天气怎么样')).toMatchObject({ kind: 'weather', place: { query: '拉萨' } });
  });

  it('uses the code the user wrote, fenced or inline', () => {
    expect(detectIntent('```js\nconst a = 2;\na * 21\n```')).toEqual({
      kind: 'run-javascript',
      code: 'const a = 2;\na * 21',
      written: true,
    });
    expect(detectIntent('run this code: `Math.max(3, 9)`')).toEqual({
      kind: 'run-javascript',
      code: 'Math.max(3, 9)',
      written: true,
    });
  });

  it('marks greetings so the help can say hello', () => {
    expect(detectIntent('你好')).toEqual({ kind: 'help', greeting: true });
    expect(detectIntent('hello there')).toEqual({ kind: 'help', greeting: true });
  });
});
