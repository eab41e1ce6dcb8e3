import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import { detectIntent } from './intents.ts';
import { scriptReply } from './scripted-model.ts';

const tools: ToolSpec[] = ['calculator', 'add_numbers'].map((name) => ({
  type: 'function',
  function: { name, description: name, parameters: { type: 'object', properties: {} } },
}));

describe('the demo uses a tool the user made', () => {
  it('reads "use my tool <name> with {json}" in English and Chinese, and nothing else as that', () => {
    expect(detectIntent('use my tool add_numbers with {"a": 2, "b": 3}')).toEqual({
      kind: 'use-tool',
      name: 'add_numbers',
      arguments: { a: 2, b: 3 },
    });
    expect(detectIntent('用工具 add_numbers 参数 {"a": 1}')).toEqual({
      kind: 'use-tool',
      name: 'add_numbers',
      arguments: { a: 1 },
    });
    expect(detectIntent('call tool ping')).toEqual({ kind: 'use-tool', name: 'ping', arguments: {} });
    expect(detectIntent('use my tool add_numbers with [1, 2]').kind).not.toBe('use-tool');
  });

  it('calls the tool with the arguments, then answers with its result', () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'use my tool add_numbers with {"a": 2, "b": 3}' }];
    const first = scriptReply({ messages, tools });
    expect(first.toolCalls).toEqual([expect.objectContaining({ name: 'add_numbers', arguments: { a: 2, b: 3 } })]);
    messages.push(
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'add_numbers', arguments: '{"a":2,"b":3}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '5' },
    );
    const second = scriptReply({ messages, tools });
    expect(second.toolCalls).toBeUndefined();
    expect(second.content).toBe('Your tool add_numbers returned: 5');
  });

  it('says so when the named tool is not offered', () => {
    const reply = scriptReply({ messages: [{ role: 'user', content: 'use my tool missing_tool with {}' }], tools });
    expect(reply.toolCalls).toBeUndefined();
    expect(reply.content).toContain('missing_tool');
  });
});
