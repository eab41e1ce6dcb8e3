import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sse-parser.ts';

function parseInSlices(text: string, sliceSize: number): ServerSentEvent[] {
  const parser = createSseParser();
  const events: ServerSentEvent[] = [];
  for (let offset = 0; offset < text.length; offset += sliceSize) {
    events.push(...parser.push(text.slice(offset, offset + sliceSize)));
  }
  events.push(...parser.flush());
  return events;
}

describe('createSseParser', () => {
  it('yields data events and ignores OpenRouter-style comment lines', () => {
    const text = ': OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\ndata: {"a":1}\n\ndata: [DONE]\n\n';
    expect(parseInSlices(text, 5)).toEqual([
      { event: null, data: '{"a":1}' },
      { event: null, data: '[DONE]' },
    ]);
  });

  it('keeps the name of a named event such as Groq’s `event: error`', () => {
    const text = 'data: {"x":1}\n\nevent: error\ndata: {"error":{"message":"boom"}}\n\n';
    expect(parseInSlices(text, 3)).toEqual([
      { event: null, data: '{"x":1}' },
      { event: 'error', data: '{"error":{"message":"boom"}}' },
    ]);
  });

  it('handles CRLF line endings split between pushes', () => {
    const text = 'data: one\r\n\r\ndata: two\r\n\r\n';
    for (const size of [1, 2, 3, 11]) {
      expect(parseInSlices(text, size)).toEqual([
        { event: null, data: 'one' },
        { event: null, data: 'two' },
      ]);
    }
  });

  it('joins multi-line data and accepts `data:` without a space', () => {
    expect(parseInSlices('data:first\ndata: second\n\n', 4)).toEqual([{ event: null, data: 'first\nsecond' }]);
  });

  it('emits a final event that has no blank line after it at EOF', () => {
    expect(parseInSlices('data: {"done":false}', 6)).toEqual([{ event: null, data: '{"done":false}' }]);
  });

  it('strips a leading byte-order mark', () => {
    expect(parseInSlices('\uFEFFdata: x\n\n', 100)).toEqual([{ event: null, data: 'x' }]);
  });
});
