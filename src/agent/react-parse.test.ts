import { describe, expect, it } from 'vitest';
import { parseReactReply } from './react-parse.ts';

describe('parseReactReply', () => {
  it('reads a plain action', () => {
    expect(
      parseReactReply('Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Paris"}'),
    ).toEqual({
      type: 'action',
      toolName: 'get_weather',
      input: '{"city": "Paris"}',
      thought: 'I need the weather.',
    });
  });

  it('tolerates a code fence around the whole reply and around the input', () => {
    expect(parseReactReply('```\nThought: x\nAction: get_weather\nAction Input: {"city": "Oslo"}\n```')).toMatchObject({
      type: 'action',
      input: '{"city": "Oslo"}',
    });
    expect(parseReactReply('Action: get_weather\nAction Input:\n```json\n{"city": "Rome"}\n```')).toMatchObject({
      type: 'action',
      toolName: 'get_weather',
      input: '{"city": "Rome"}',
    });
  });

  it('accepts full-width colons and markdown-decorated markers', () => {
    expect(parseReactReply('Thought： 想一想\nAction： calculator\nAction Input： {"expression": "1+1"}')).toEqual({
      type: 'action',
      toolName: 'calculator',
      input: '{"expression": "1+1"}',
      thought: '想一想',
    });
    expect(parseReactReply('**Action:** `calculator`\n**Action Input:** {"expression": "2*3"}')).toMatchObject({
      toolName: 'calculator',
      input: '{"expression": "2*3"}',
    });
    expect(parseReactReply('Final answer：42')).toEqual({ type: 'final', answer: '42' });
  });

  it('cuts trailing text and an invented observation after the Action Input', () => {
    expect(
      parseReactReply(
        'Action: get_weather\nAction Input: {"city": "Paris"} (I will wait for the result)\nObservation: sunny\nFinal Answer: sunny',
      ),
    ).toMatchObject({ type: 'action', input: '{"city": "Paris"}' });
  });

  it('keeps a final answer that spans several lines, code blocks included', () => {
    const reply =
      'Thought: I know it.\nFinal Answer: Here is the list:\n\n1. one\n2. two\n\n```js\nconsole.log(1)\n```';
    expect(parseReactReply(reply)).toEqual({
      type: 'final',
      answer: 'Here is the list:\n\n1. one\n2. two\n\n```js\nconsole.log(1)\n```',
      thought: 'I know it.',
    });
  });

  it('takes the first Action when a Final Answer follows it', () => {
    expect(parseReactReply('Action: calculator\nAction Input: {"expression":"1"}\nFinal Answer: 1')).toMatchObject({
      type: 'action',
    });
    expect(parseReactReply('Final Answer: done\nAction: calculator')).toMatchObject({
      type: 'final',
      answer: 'done\nAction: calculator',
    });
  });

  it('reads inline inputs on the Action line', () => {
    expect(parseReactReply('Action: get_weather {"city": "Lima"}')).toMatchObject({
      toolName: 'get_weather',
      input: '{"city": "Lima"}',
    });
    expect(parseReactReply('Action: calculator(2+2)')).toMatchObject({ toolName: 'calculator', input: '2+2' });
  });

  it('explains what is missing when the reply has no usable marker', () => {
    expect(parseReactReply('Sure! The answer is 4.')).toEqual({
      type: 'invalid',
      problem: 'The reply has neither an "Action:" line nor a "Final Answer:" line.',
    });
    expect(parseReactReply('Action Input: {"a": 1}')).toMatchObject({
      type: 'invalid',
      problem: expect.stringContaining('no "Action:" line'),
    });
    expect(parseReactReply('   ')).toEqual({ type: 'invalid', problem: 'The reply was empty.' });
    expect(parseReactReply('Action:\nAction Input: {}')).toMatchObject({
      type: 'invalid',
      problem: 'The "Action:" line names no tool.',
    });
  });
});
