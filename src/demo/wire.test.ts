import { describe, expect, it } from 'vitest';
import { estimateTokens, splitIntoFragments, splitIntoPieces } from './text.ts';
import { estimateUsage, readChatRequest, toChatCompletion, toChunkObjects, toWireReply } from './wire.ts';

const meta = { id: 'chatcmpl-test', created: 1700000000, model: 'glassbox-demo' };

describe('token estimate and splitting', () => {
  it('counts CJK characters one each and other text at about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abcdefgh')).toBe(2);
    expect(estimateTokens('明天带伞')).toBe(4);
    expect(estimateTokens('带伞 ok')).toBe(2 + 1);
  });

  it.each(['(128+374)*2 = **1004**', '已添加待办：“明天带伞”。', 'mixed 中文 and English\n\n- list item'])(
    'cuts %j into small pieces that join back exactly',
    (text) => {
      const pieces = splitIntoPieces(text);
      expect(pieces.join('')).toBe(text);
      expect(pieces.length).toBeGreaterThan(2);
      for (const piece of pieces) expect(Array.from(piece.trim()).length).toBeLessThanOrEqual(24);
    },
  );

  it('cuts tool arguments at arbitrary points, like real servers', () => {
    const fragments = splitIntoFragments('{"expression":"(128+374)*2"}');
    expect(fragments.join('')).toBe('{"expression":"(128+374)*2"}');
    expect(fragments.length).toBeGreaterThan(3);
  });
});

describe('wire encoding', () => {
  it('numbers tool call ids after the calls already in the conversation', () => {
    const reply = toWireReply(
      { toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }], finishReason: 'tool_calls' },
      4,
    );
    expect(reply.toolCalls).toEqual([{ id: 'call_demo_5', name: 'get_weather', arguments: '{"city":"Paris"}' }]);
  });

  it('streams reasoning before content, then an empty-delta finish chunk and a usage-only chunk', () => {
    const reply = toWireReply({ reasoning: 'Think first.', content: 'Hello there world', finishReason: 'stop' });
    const usage = estimateUsage({ messages: [{ role: 'user', content: 'hi' }] }, reply);
    const chunks = toChunkObjects(reply, meta, { includeUsage: true, usage }) as {
      choices: { delta: Record<string, unknown>; finish_reason: string | null }[];
      usage?: unknown;
    }[];
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.delta));
    const kinds = deltas.map((delta) => Object.keys(delta).join(','));
    expect(kinds[0]).toBe('role,content');
    expect(kinds.lastIndexOf('reasoning_content')).toBeLessThan(kinds.indexOf('content'));
    expect(deltas.map((delta) => delta.content ?? '').join('')).toBe('Hello there world');
    expect(chunks.at(-2)?.choices[0]).toEqual({ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { completion_tokens_details: { reasoning_tokens: 3 } } });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('encodes a non-streaming completion with null content for a tool turn', () => {
    const reply = toWireReply({
      toolCalls: [{ name: 'calculator', arguments: { expression: '1+1' } }],
      finishReason: 'tool_calls',
    });
    const completion = toChatCompletion(reply, meta) as { choices: { message: Record<string, unknown> }[] };
    expect(completion.choices[0]?.message).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_demo_1', type: 'function', function: { name: 'calculator', arguments: '{"expression":"1+1"}' } },
      ],
      refusal: null,
    });
  });

  it('reads requests leniently: content parts, developer role, stream options', () => {
    const body = readChatRequest({
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'developer', content: 'sys' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is ' },
            { type: 'text', text: '1+1?' },
          ],
        },
      ],
    });
    expect(body).toMatchObject({
      model: 'm',
      stream: true,
      includeUsage: true,
      messages: [
        { role: 'system', content: 'sys' },
        { role: 'user', content: 'What is 1+1?' },
      ],
    });
    expect(readChatRequest({ messages: [{ role: 'robot', content: 'x' }] })).toEqual({
      error: expect.stringContaining('role'),
    });
  });
});
