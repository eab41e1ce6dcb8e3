import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { countTokens as packagedO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as packagedCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSpan } from '../../testing/span-fixtures.ts';
import { ATTR } from '../attributes.ts';
import { countedTokens, countTexts } from './counted-tokens.ts';
import { llmTokens, runFact } from './run-facts.ts';
import { costOfSpans } from './span-cost.ts';
import { countTokens, loadEncodings, setVocabularyReader } from './token-counter.ts';
import { tokenizerEncoding } from './tokenizer-family.ts';

describe('tokenizer families', () => {
  it.each([
    ['gpt-4o', 'o200k_base'],
    ['gpt-4o-mini-2024-07-18', 'o200k_base'],
    ['chatgpt-4o-latest', 'o200k_base'],
    ['gpt-4.1-nano', 'o200k_base'],
    ['gpt-5', 'o200k_base'],
    ['gpt-5.1-codex', 'o200k_base'],
    ['o1-mini', 'o200k_base'],
    ['o3', 'o200k_base'],
    ['o4-mini', 'o200k_base'],
    ['openai/gpt-4o', 'o200k_base'],
    ['ft:gpt-4o-mini:acme::abc123', 'o200k_base'],
    ['gpt-4', 'cl100k_base'],
    ['gpt-4-turbo', 'cl100k_base'],
    ['gpt-4-0613', 'cl100k_base'],
    ['gpt-3.5-turbo', 'cl100k_base'],
    ['text-embedding-3-small', 'cl100k_base'],
  ])('%s → %s', (model, encoding) => {
    expect(tokenizerEncoding(model)).toBe(encoding);
  });

  it.each([
    'deepseek-chat',
    'llama-3.1-8b',
    'mock-insights',
    'claude-3-5-sonnet',
    'o10-like',
    'gpt-4oo',
    'mistral/o3x',
    'unknown',
  ])('%s has no known tokenizer', (model) => {
    expect(tokenizerEncoding(model)).toBeUndefined();
  });
});

// The app fetches the package's `.tiktoken` files; here they are read from disk.
const resolve = createRequire(import.meta.url).resolve;
beforeAll(() =>
  setVocabularyReader((encoding) => readFile(resolve(`gpt-tokenizer/data/${encoding}.tiktoken`), 'utf8')),
);

describe('real token counts', () => {
  it('counts nothing before its vocabulary is loaded, then the known counts', async () => {
    expect(countTokens('deepseek-chat', 'hello world')).toBeUndefined();
    await loadEncodings(['o200k_base', 'cl100k_base']);
    // Known counts of tiktoken's encodings.
    expect(countTokens('gpt-4o', 'hello world')).toBe(2);
    expect(countTokens('gpt-4', 'tiktoken is great!')).toBe(6);
    expect(countTokens('gpt-4o', 'The quick brown fox jumps over the lazy dog.')).toBe(10);
    // o200k_base has many more Chinese tokens than cl100k_base.
    expect(countTokens('gpt-4o', '你好，世界')).toBe(3);
    expect(countTokens('gpt-3.5-turbo', '你好，世界')).toBe(6);
    // Text that looks like a special token is plain text, never refused.
    expect(countTokens('gpt-4o', '<|endoftext|>')).toBeGreaterThan(1);
    expect(countTokens('gpt-4o', '')).toBe(0);
    expect(countTokens('local-llama', 'hello world')).toBeUndefined();
  });

  it('the vocabulary read from the .tiktoken file counts exactly as the packaged encoding does', async () => {
    await loadEncodings(['o200k_base', 'cl100k_base']);
    const samples = [
      'Hello, world! How are you today?',
      'function add(a, b) {\n  return a + b;\n}\n',
      '   indented\n\n\ttabs and   spaces  ',
      'Ünïcödé façade — naïve café; emoji 😀🎉 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '日本語のテキストと한국어 텍스트와 中文文本。',
      '{"expression":"(128+374)*2","values":[1,2,3.14159,-42]}',
      'The year 2024 had 366 days; 1234567890 is a number.',
    ];
    for (const text of samples) {
      expect(countTokens('gpt-4o', text)).toBe(packagedO200k(text));
      expect(countTokens('gpt-4', text)).toBe(packagedCl100k(text));
    }
  });

  it('an llm span without usage is counted for a known family, estimated otherwise, and reported usage wins', async () => {
    await loadEncodings(['o200k_base']);
    const attributes = {
      [ATTR.llmMessages]: [{ role: 'user', content: 'hello world' }],
      [ATTR.llmOutputText]: 'The quick brown fox jumps over the lazy dog.',
    };
    const known = makeSpan({ kind: 'llm', attributes: { ...attributes, [ATTR.llmRequestModel]: 'gpt-4o' } });
    // 2 tokens of content + 4 for the message + 3 for the request.
    expect(llmTokens(known, countTokens)).toEqual({
      inputTokens: 2 + 4 + 3,
      outputTokens: 10,
      cachedTokens: 0,
      tokenSource: 'counted',
    });
    const other = makeSpan({ kind: 'llm', attributes: { ...attributes, [ATTR.llmRequestModel]: 'deepseek-chat' } });
    expect(llmTokens(other, countTokens).tokenSource).toBe('estimated');
    const reported = makeSpan({
      kind: 'llm',
      attributes: {
        ...attributes,
        [ATTR.llmRequestModel]: 'gpt-4o',
        [ATTR.llmUsageInputTokens]: 50,
        [ATTR.llmUsageOutputTokens]: 5,
      },
    });
    expect(llmTokens(reported, countTokens)).toMatchObject({
      inputTokens: 50,
      outputTokens: 5,
      tokenSource: 'reported',
    });

    const root = makeSpan({ spanId: 'run_1', runId: 'run_1' });
    const fact = runFact([root, { ...known, runId: 'run_1', parentSpanId: 'run_1' }], { count: countTokens });
    expect(fact?.llm[0]).toMatchObject({ inputTokens: 9, outputTokens: 10, tokenSource: 'counted' });
    // Costed from the counted figures: 9 × $2 + 10 × $10 per 1M tokens.
    const cost = costOfSpans([known], { 'gpt-4o': { input: 2, output: 10 } }, countTokens);
    expect(cost.tokenSources).toEqual({ reported: 0, counted: 1, estimated: 0 });
    expect(cost.cost).toBeCloseTo((9 * 2 + 10 * 10) / 1_000_000, 12);
  });

  it('texts counted elsewhere are answered synchronously afterwards, by hash, for their family only', async () => {
    const text = 'tiktoken is great! '.repeat(3);
    expect(countedTokens('gpt-4', text)).toBeUndefined();
    expect(
      await countTexts([
        { model: 'gpt-4', text },
        { model: 'deepseek-chat', text },
      ]),
    ).toBe(true);
    expect(countedTokens('gpt-4', text)).toBe(countTokens('gpt-4', text));
    expect(countedTokens('gpt-3.5-turbo', text)).toBe(countedTokens('gpt-4', text));
    expect(countedTokens('gpt-4o', text)).toBeUndefined();
    expect(countedTokens('deepseek-chat', text)).toBeUndefined();
    // Nothing new to count the second time.
    expect(await countTexts([{ model: 'gpt-4', text }])).toBe(false);
  });
});
