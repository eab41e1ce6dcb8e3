import { describe, expect, it } from 'vitest';
import { ModelError } from '../../model/model-error.ts';
import type { ChatMessage, ModelResponse, ToolCall } from '../../model/model.ts';
import { weatherTool } from '../test-harness.ts';
import { initialProtocol, protocolNamed } from './index.ts';
import { jsonPlan } from './json-plan.ts';
import { nativeTools } from './native-tools.ts';
import type { ProtocolReplyInput, WireProtocol } from './protocol.ts';
import { reactText } from './react-text.ts';

const tools = [weatherTool()];
const call: ToolCall = {
  id: 'call_a',
  type: 'function',
  function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
};
const conversation: ChatMessage[] = [
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: null, tool_calls: [call] },
  { role: 'tool', tool_call_id: 'call_a', content: '{"temperatureC":18}' },
];

function reply(text: string, extra: Partial<ModelResponse> = {}): ModelResponse {
  return { text, reasoning: '', toolCalls: [], finishReason: 'stop', ...extra };
}

function read(protocol: WireProtocol, response: ModelResponse, given: Partial<ProtocolReplyInput> = {}) {
  return protocol.interpret({
    response,
    tools,
    callIdPrefix: 'call_x_1',
    freshCallIds: false,
    afterCorrection: false,
    ...given,
  });
}

describe('native tool calling protocol', () => {
  it('sends the tools and the conversation as it is, behind the system prompt', () => {
    const request = nativeTools.buildRequest({ system: 'Be brief.', messages: conversation, tools });
    expect(request.messages).toEqual([{ role: 'system', content: 'Be brief.' }, ...conversation]);
    expect(request.tools?.map((spec) => spec.function.name)).toEqual(['get_weather']);
    const bare = nativeTools.buildRequest({ system: '', messages: conversation, tools: [] });
    expect(bare).toEqual({ messages: conversation });
  });

  it('reads tool calls (ids made safe), else the text or the refusal as the answer; never malformed', () => {
    const calls = read(nativeTools, reply('Looking.', { toolCalls: [{ ...call, id: '' }] }));
    expect(calls).toEqual({ type: 'tool-calls', text: 'Looking.', calls: [{ ...call, id: 'call_x_1_0' }] });
    expect(read(nativeTools, reply('18 °C.'))).toEqual({ type: 'final', answer: '18 °C.' });
    expect(read(nativeTools, reply('', { refusal: 'No.' }))).toEqual({ type: 'final', answer: 'No.' });
    expect(read(nativeTools, reply('{broken', {}), { afterCorrection: true })).toEqual({
      type: 'final',
      answer: '{broken',
    });
  });

  it('falls back to text ReAct only when the endpoint rejects tool definitions', () => {
    expect(nativeTools.fallbackFor?.(new ModelError('tools-unsupported', 'no tools'))).toBe('react');
    expect(nativeTools.fallbackFor?.(new ModelError('server', 'boom'))).toBeUndefined();
    expect(reactText.fallbackFor).toBeUndefined();
    expect(jsonPlan.fallbackFor).toBeUndefined();
  });
});

describe('text ReAct protocol', () => {
  it('describes the tools in the system prompt, sends no tools, and rewrites calls and results as text', () => {
    const request = reactText.buildRequest({ system: 'Be brief.', messages: conversation, tools });
    expect(request.tools).toBeUndefined();
    expect(request.messages[0]?.content).toMatch(/^Be brief\.\n\nYou can use tools\./);
    expect(request.messages.slice(1)).toEqual([
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: 'Action: get_weather\nAction Input: {"city":"Paris"}' },
      { role: 'user', content: 'Observation: {"temperatureC":18}' },
    ]);
  });

  it('reads an Action as one call and a Final Answer as the answer, with the thought and raw text', () => {
    const action = 'Thought: need it\nAction: get_weather\nAction Input: {"city":"Paris"}';
    expect(read(reactText, reply(action))).toEqual({
      type: 'tool-calls',
      text: '',
      calls: [{ ...call, id: 'call_x_1_0' }],
      thought: 'need it',
      rawText: action,
    });
    const final = 'Thought: known\nFinal Answer: 18 °C.';
    expect(read(reactText, reply(final))).toEqual({
      type: 'final',
      answer: '18 °C.',
      thought: 'known',
      rawText: final,
    });
  });

  it('asks once for the format after a malformed reply, and takes a second malformed reply as the answer', () => {
    const first = read(reactText, reply('  I think it is sunny.  '));
    expect(first).toMatchObject({ type: 'malformed', content: '  I think it is sunny.  ' });
    expect(first.type === 'malformed' && first.recovery).toMatchObject({
      type: 'correct',
      message: expect.stringContaining('did not follow the required format'),
    });
    const second = read(reactText, reply('  I think it is sunny.  '), { afterCorrection: true });
    expect(second).toEqual({ type: 'final', answer: 'I think it is sunny.', rawText: '  I think it is sunny.  ' });
  });

  it('is plain chat without tools', () => {
    expect(reactText.buildRequest({ system: 'Hi.', messages: [], tools: [] })).toEqual({
      messages: [{ role: 'system', content: 'Hi.' }],
    });
    expect(read(reactText, reply('Plain words.'), { tools: [] })).toEqual({ type: 'final', answer: 'Plain words.' });
  });
});

describe('JSON plan protocol object', () => {
  it('asks for one JSON decision with a schema, and rewrites calls as decisions', () => {
    const request = jsonPlan.buildRequest({ system: 'Be brief.', messages: conversation, tools });
    expect(request.tools).toBeUndefined();
    expect(request.responseFormat?.name).toBe('agent_decision');
    expect(request.messages[0]?.content).toMatch(/^Be brief\.\n\nReply with exactly one JSON object/);
    expect(request.messages[2]).toEqual({
      role: 'assistant',
      content: '{"type":"tool_call","tool":"get_weather","args":{"city":"Paris"}}',
    });
  });

  it('reads plan, tool_call and final decisions with their next step and memory note', () => {
    const plan = '{"type":"plan","plan":["Look it up","Answer"],"next":"Look it up","memory_note":"Likes Paris"}';
    expect(read(jsonPlan, reply(plan))).toEqual({
      type: 'plan',
      plan: ['Look it up', 'Answer'],
      content: '{"type":"plan","plan":["Look it up","Answer"],"next":"Look it up","memory_note":"Likes Paris"}',
      next: 'Look it up',
      memoryNote: 'Likes Paris',
      rawText: plan,
    });
    const toolCall = '{"type":"tool_call","tool":"get_weather","args":{"city":"Paris"}}';
    expect(read(jsonPlan, reply(toolCall))).toEqual({
      type: 'tool-calls',
      text: '',
      calls: [{ ...call, id: 'call_x_1_0' }],
      rawText: toolCall,
    });
    const final = '{"type":"final","answer":"18 °C."}';
    expect(read(jsonPlan, reply(final))).toEqual({ type: 'final', answer: '18 °C.', rawText: final });
  });

  it('asks once for a correction (with a notice) after a malformed reply, and ends the run after a second', () => {
    const first = read(jsonPlan, reply('sunny'));
    expect(first).toMatchObject({ type: 'malformed', content: 'sunny', rawText: 'sunny' });
    if (first.type !== 'malformed') throw new Error('expected malformed');
    expect(first.recovery).toMatchObject({
      type: 'correct',
      message: expect.stringContaining('not a valid JSON decision'),
      notice: { code: 'decision-invalid' },
    });
    const second = read(jsonPlan, reply('sunny'), { afterCorrection: true });
    if (second.type !== 'malformed') throw new Error('expected malformed');
    expect(second.recovery).toMatchObject({ type: 'end', end: { outcome: 'stopped', reason: 'no-progress' } });
  });

  it('shows a decision cut short as its answer or plan so far, and streams decisions', () => {
    expect(jsonPlan.partialAnswer('{"type":"final","answer":"18 °')).toEqual({
      content: '18 °',
      meta: { rawText: '{"type":"final","answer":"18 °' },
    });
    expect(jsonPlan.partialAnswer('{"type":"plan","plan":["A","B"').meta.plan).toEqual(['A', 'B']);
    expect(jsonPlan.decisionView?.('{"type":"final","answer":"Hi')).toEqual({ type: 'final', answer: 'Hi' });
    expect(nativeTools.decisionView).toBeUndefined();
    expect(nativeTools.partialAnswer('18 °')).toEqual({ content: '18 °', meta: {} });
  });
});

describe('protocol registry', () => {
  it('starts with the set protocol, else the remembered one, else native tool calls', () => {
    expect(initialProtocol('json', () => 'react')).toBe(jsonPlan);
    expect(initialProtocol('auto', () => 'react')).toBe(reactText);
    expect(initialProtocol('auto', () => undefined)).toBe(nativeTools);
    expect(protocolNamed('tools')).toBe(nativeTools);
  });
});
