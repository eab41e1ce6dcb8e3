import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolSpec } from '../model/model.ts';
import {
  estimateMessageTokens,
  estimateRequestTokens,
  estimateTokens,
  estimateToolsTokens,
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
  SAMPLED_ABOVE_CHARS,
} from './token-estimate.ts';
import { hugeMarkdownAnswer } from '../../e2e/mock-llm/huge-answer.ts';

/** `actual` ± `share`. */
function near(actual: number, share: number): [number, number] {
  return [Math.floor(actual * (1 - share)), Math.ceil(actual * (1 + share))];
}

describe('estimateTokens', () => {
  // Counts from OpenAI's cookbook "How to count tokens with tiktoken" (cl100k_base, the GPT-4 / GPT-3.5 encoding).
  it.each([
    ['antidisestablishmentarianism', 6],
    ['2 + 2 = 4', 7],
    ['お誕生日おめでとう', 9],
  ])('matches the documented count for %j', (text, tokens) => {
    expect(estimateTokens(text)).toBe(tokens);
  });

  it('stays close on "tiktoken is great!" (6 tokens: t, ik, token, is, great, !)', () => {
    const estimate = estimateTokens('tiktoken is great!');
    expect(estimate).toBeGreaterThanOrEqual(4);
    expect(estimate).toBeLessThanOrEqual(7);
  });

  it('counts the cookbook chat example within 10%', () => {
    // The cookbook's six example messages cost 129 prompt tokens on gpt-4-0613 (the API agreed): 3 per message,
    // 3 for the reply priming, 1 per role, and 4 `name` fields of 1 + 2-3 tokens each, i.e. 115 ± 2 without names.
    const contents = [
      'You are a helpful, pattern-following assistant that translates corporate jargon into plain English.',
      'New synergies will help drive top-line growth.',
      'Things working well together will increase revenue.',
      "Let's circle back when we have more bandwidth to touch base on opportunities for increased leverage.",
      "Let's talk later when we're less busy about how to do better.",
      "This late pivot means we don't have time to boil the ocean for the client deliverable.",
    ];
    const messages: ChatMessage[] = contents.map((content, index) => ({
      role: index === 5 ? 'user' : 'system',
      content,
    }));
    const [low, high] = near(115, 0.1);
    const estimate = estimateRequestTokens(messages);
    expect(estimate).toBeGreaterThanOrEqual(low);
    expect(estimate).toBeLessThanOrEqual(high);
  });

  it('counts Chinese at about one token per character, not per four characters', () => {
    const text = '北京今天的天气怎么样？请帮我查一下。';
    expect(estimateTokens(text)).toBe([...text].length);
    // A byte- or character-length rule of thumb would be off by a factor of three or more.
    expect(estimateTokens(text)).toBeGreaterThan((text.length / 4) * 3);
  });

  it('counts English prose at four to five characters per token (cl100k averages 4.3 on English web text)', () => {
    const text =
      'Glassbox runs a tool-calling agent inside the browser against any endpoint the user configures, records every run as a span tree, and keeps sessions in the browser so nothing leaves the machine.';
    const estimate = estimateTokens(text);
    expect(text.length / estimate).toBeGreaterThan(3.5);
    expect(text.length / estimate).toBeLessThan(5.5);
  });

  it('counts JSON and code denser than prose', () => {
    const json = '{"city": "Paris", "temperatureC": 18, "sky": "clear", "wind": {"speed": 12.5, "direction": "NW"}}';
    const prose = 'The weather in Paris is clear, eighteen degrees, with a light wind from the north west today.';
    expect(json.length / estimateTokens(json)).toBeLessThan(prose.length / estimateTokens(prose));
    // cl100k splits the first object into 19 tokens: {" city ": " Paris ", " temperature C ": ␠ 18 , " sky ": " clear "}
    const [low, high] = near(19, 0.15);
    expect(estimateTokens('{"city": "Paris", "temperatureC": 18, "sky": "clear"}')).toBeGreaterThanOrEqual(low);
    expect(estimateTokens('{"city": "Paris", "temperatureC": 18, "sky": "clear"}')).toBeLessThanOrEqual(high);
  });

  it('counts numbers in groups of three digits, and emoji as more than one token', () => {
    expect(estimateTokens('1234567')).toBe(3);
    expect(estimateTokens('🙂🙂')).toBeGreaterThanOrEqual(4);
  });

  it('is zero only for empty text', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens(' ')).toBe(1);
  });
});

describe('estimateTokens of a very long text', () => {
  /** The estimate read whole: the text cut into pieces at newlines, each under the sampling length. */
  function wholeReading(text: string): number {
    let tokens = 0;
    let piece = '';
    for (const line of text.split(/(?<=\n)/)) {
      if (piece.length + line.length > SAMPLED_ABOVE_CHARS) {
        tokens += estimateTokens(piece);
        piece = '';
      }
      piece += line;
    }
    return tokens + estimateTokens(piece);
  }

  it('estimates a 2 MB Markdown answer from samples within 2% of reading it whole', () => {
    const text = hugeMarkdownAnswer(2_000_000);
    const whole = wholeReading(text);
    const [low, high] = near(whole, 0.02);
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(low);
    expect(estimateTokens(text)).toBeLessThanOrEqual(high);
  });

  it('estimates long mixed English, Chinese, code and digits within 5% of reading it whole', () => {
    const blocks = [
      'The agent reads the trace, compares the spans and writes a short report about what it found. ',
      '北京今天的天气怎么样？请帮我查一下明天的航班，然后把结果发给我。',
      'const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);\n',
      '1234567890 2718281828 3141592653 ',
    ];
    const parts: string[] = [];
    // A varied order, the same for every run: each block's share differs along the text.
    for (let index = 0, length = 0; length < 600_000; index += 1) {
      const block = blocks[(index * 7 + Math.floor(index / 13)) % blocks.length] ?? '';
      parts.push(block, index % 5 === 0 ? '\n' : '');
      length += block.length + 1;
    }
    const text = parts.join('');
    const [low, high] = near(wholeReading(text), 0.05);
    expect(estimateTokens(text)).toBeGreaterThanOrEqual(low);
    expect(estimateTokens(text)).toBeLessThanOrEqual(high);
  });

  it('never cuts a surrogate pair in a long text without spaces', () => {
    // SAMPLED_ABOVE_CHARS emoji (two UTF-16 units each): two tokens each, sampled or not; a cut pair would differ.
    const text = '😀'.repeat(SAMPLED_ABOVE_CHARS);
    expect(estimateTokens(text)).toBe(2 * SAMPLED_ABOVE_CHARS);
  });
});

describe('estimateMessageTokens', () => {
  it('adds the per-message framing to the content', () => {
    expect(estimateMessageTokens({ role: 'user', content: 'Hello there' })).toBe(MESSAGE_OVERHEAD_TOKENS + 2);
  });

  it('counts tool calls: names and arguments', () => {
    const bare: ChatMessage = { role: 'assistant', content: null };
    const withCall: ChatMessage = {
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    };
    expect(estimateMessageTokens(withCall) - estimateMessageTokens(bare)).toBeGreaterThanOrEqual(
      estimateTokens('get_weather') + estimateTokens('{"city":"Paris"}'),
    );
  });

  it('recomputes when a message object is reused with other content', () => {
    const message = { role: 'user', content: 'short' } as { role: 'user'; content: string };
    const before = estimateMessageTokens(message);
    message.content = 'a much longer text than before, with many more words in it';
    expect(estimateMessageTokens(message)).toBeGreaterThan(before);
  });
});

describe('estimateRequestTokens', () => {
  const tool: ToolSpec = {
    type: 'function',
    function: {
      name: 'calculator',
      description: 'Evaluates an arithmetic expression.',
      parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
    },
  };

  it('adds the tool definitions and the reply priming to the messages', () => {
    const messages: ChatMessage[] = [{ role: 'user', content: 'What is 6*7?' }];
    const withoutTools = estimateRequestTokens(messages);
    expect(withoutTools).toBe(estimateMessageTokens(messages[0] as ChatMessage) + REQUEST_OVERHEAD_TOKENS);
    expect(estimateRequestTokens(messages, [tool])).toBe(withoutTools + estimateToolsTokens([tool]));
    expect(estimateToolsTokens([tool])).toBeGreaterThan(20);
    expect(estimateToolsTokens([])).toBe(0);
  });
});
