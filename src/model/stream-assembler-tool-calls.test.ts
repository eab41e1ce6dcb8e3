import { describe, expect, it } from 'vitest';
import { chunk } from './wire-test-helpers.ts';
import { assemble, toolDelta } from './stream-assembler-test-helpers.ts';

describe('createStreamAssembler: tool calls', () => {
  it('assembles OpenAI parallel calls whose arguments split inside keys and strings', () => {
    const { response, events } = assemble([
      chunk({ role: 'assistant', content: null }),
      chunk(toolDelta({ index: 0, id: 'call_A', type: 'function', function: { name: 'weather', arguments: '' } })),
      chunk(toolDelta({ index: 0, function: { arguments: '{"ci' } })),
      chunk(toolDelta({ index: 0, function: { arguments: 'ty": "Edinb' } })),
      chunk(toolDelta({ index: 0, function: { arguments: 'urgh"}' } })),
      chunk(toolDelta({ index: 1, id: 'call_B', type: 'function', function: { name: 'stock', arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '{"ticker":"AAPL"}' } })),
      chunk({}, { finish: 'tool_calls' }),
      { id: 'chatcmpl-test', choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call_A', type: 'function', function: { name: 'weather', arguments: '{"city": "Edinburgh"}' } },
      { id: 'call_B', type: 'function', function: { name: 'stock', arguments: '{"ticker":"AAPL"}' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
    expect(events.filter((event) => event.type === 'tool-call-delta').map((event) => event.index)).toEqual([
      0, 0, 0, 0, 1, 1,
    ]);
    expect(events[0]).toEqual({ type: 'tool-call-delta', index: 0, id: 'call_A', name: 'weather', argumentsDelta: '' });
  });

  it('accepts a vLLM opener that has no `arguments` key', () => {
    const { response } = assemble([
      chunk({ role: 'assistant', content: '' }, { model: '' }),
      chunk(toolDelta({ id: 'chatcmpl-tool-1', type: 'function', index: 0, function: { name: 'run_command' } })),
      chunk(toolDelta({ index: 0, function: { arguments: '{"command": "' } })),
      chunk(toolDelta({ index: 0, function: { arguments: 'ls' } })),
      chunk(toolDelta({ index: 0, function: { arguments: '"}' } })),
      chunk({ content: '' }, { finish: 'tool_calls', extra: {} }),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'chatcmpl-tool-1', type: 'function', function: { name: 'run_command', arguments: '{"command": "ls"}' } },
    ]);
    expect(response.responseModel).toBe('test-model');
  });

  it('ignores DashScope’s empty-id continuations and trailing no-op fragment', () => {
    const { response, events } = assemble([
      chunk({
        content: null,
        role: 'assistant',
        ...toolDelta({ index: 0, id: 'call_eee', type: 'function', function: { name: 'weather', arguments: '' } }),
      }),
      chunk({
        content: null,
        ...toolDelta({ index: 0, id: '', type: 'function', function: { arguments: '{"location": "San Francisco' } }),
      }),
      chunk({ content: null, ...toolDelta({ index: 0, id: '', type: 'function', function: { arguments: '"}' } }) }),
      {
        choices: [{ delta: toolDelta({ function: { arguments: '' }, index: 0, id: '', type: 'function' }), index: 0 }],
      },
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call_eee', type: 'function', function: { name: 'weather', arguments: '{"location": "San Francisco"}' } },
    ]);
    // The no-op fragment reports nothing.
    expect(events.filter((event) => event.type === 'tool-call-delta')).toHaveLength(3);
  });

  it('keeps text before a gateway tool call whose only index is 1', () => {
    const { response } = assemble([
      chunk({ role: 'assistant' }),
      chunk({ content: 'Reading' }),
      chunk({ content: ' it.' }),
      chunk(toolDelta({ index: 1, id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '{"pa' } })),
      chunk(toolDelta({ index: 1, function: { arguments: 'th": "a.txt"}' } })),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(response.text).toBe('Reading it.');
    expect(response.toolCalls).toEqual([
      { id: 'toolu_1', type: 'function', function: { name: 'read_file', arguments: '{"path": "a.txt"}' } },
    ]);
  });

  it('takes a Mistral whole call without index or type, finishing on the same chunk with usage', () => {
    const { response } = assemble([
      chunk({ role: 'assistant', content: '' }),
      {
        ...chunk(
          {
            content: null,
            tool_calls: [{ id: 'gSIMJiOkT', function: { name: 'weather', arguments: '{"location": "SF"}' } }],
          },
          { finish: 'tool_calls' },
        ),
        usage: { prompt_tokens: 124, total_tokens: 146, completion_tokens: 22 },
      },
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'gSIMJiOkT', type: 'function', function: { name: 'weather', arguments: '{"location": "SF"}' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({ inputTokens: 124, outputTokens: 22, totalTokens: 146 });
  });

  it('never overwrites a name with Mistral’s empty continuation name', () => {
    const { response } = assemble([
      chunk({
        content: '',
        tool_calls: [
          { id: 'chatcmpl-tool-9', type: 'function', function: { name: 'webSearch', arguments: '' }, index: 0 },
        ],
      }),
      chunk({
        content: '',
        tool_calls: [{ type: 'function', function: { name: '', arguments: '{"query": "Berlin"}' }, index: 0 }],
      }),
      chunk({ content: '' }, { finish: 'tool_calls' }),
    ]);
    expect(response.toolCalls[0]?.function).toEqual({ name: 'webSearch', arguments: '{"query": "Berlin"}' });
  });

  it('continues a call without index or id on the latest open call', () => {
    const { response } = assemble([
      chunk(toolDelta({ id: 'a1', function: { name: 'f', arguments: '{"x"' } })),
      chunk(toolDelta({ function: { arguments: ':1}' } })),
    ]);
    expect(response.toolCalls).toEqual([{ id: 'a1', type: 'function', function: { name: 'f', arguments: '{"x":1}' } }]);
    expect(response.finishReason).toBe('tool_calls');
  });

  it('assembles Ollama parallel calls sent whole, with role and empty content repeated', () => {
    const { response } = assemble([
      chunk({
        role: 'assistant',
        content: '',
        ...toolDelta({
          id: 'call_w',
          index: 0,
          type: 'function',
          function: { name: 'run', arguments: '{"command":"ls"}' },
        }),
      }),
      chunk({
        role: 'assistant',
        content: '',
        ...toolDelta({
          id: 'call_r',
          index: 1,
          type: 'function',
          function: { name: 'run', arguments: '{"command":"ls -l"}' },
        }),
      }),
      chunk({ role: 'assistant', content: '' }, { finish: 'tool_calls' }),
    ]);
    expect(response.text).toBe('');
    expect(response.toolCalls.map((call) => [call.id, call.function.arguments])).toEqual([
      ['call_w', '{"command":"ls"}'],
      ['call_r', '{"command":"ls -l"}'],
    ]);
  });

  it('treats a zero-argument call’s empty arguments as {} and synthesizes a missing id', () => {
    const { response } = assemble([
      chunk(toolDelta({ index: 0, id: '', type: 'function', function: { name: 'get_time', arguments: '' } })),
      chunk(toolDelta({ index: 1, id: 'call_2', type: 'function', function: { name: 'get_country', arguments: '' } })),
      chunk(toolDelta({ index: 1, function: { arguments: '{}' } })),
      chunk({}, { finish: 'tool_calls' }),
    ]);
    expect(response.toolCalls).toEqual([
      { id: 'call_synth_0', type: 'function', function: { name: 'get_time', arguments: '{}' } },
      { id: 'call_2', type: 'function', function: { name: 'get_country', arguments: '{}' } },
    ]);
  });

  it('opens a new call when a known index arrives with a different id', () => {
    const { response } = assemble([
      chunk(toolDelta({ index: 0, id: '1', function: { name: 'a', arguments: '{}' } })),
      chunk(toolDelta({ index: 0, id: '2', function: { name: 'b', arguments: '{}' } })),
    ]);
    expect(response.toolCalls.map((call) => call.function.name)).toEqual(['a', 'b']);
  });

  it('stringifies arguments sent as an object', () => {
    const { response } = assemble([
      chunk(toolDelta({ index: 0, id: 'x', function: { name: 'f', arguments: { a: 1 } } })),
    ]);
    expect(response.toolCalls[0]?.function.arguments).toBe('{"a":1}');
  });
});
