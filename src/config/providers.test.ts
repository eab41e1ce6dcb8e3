import { describe, expect, it } from 'vitest';
import { knownContextWindow } from './providers.ts';

describe('knownContextWindow', () => {
  it.each([
    ['gpt-4o-mini', 128000],
    ['openai/gpt-4o-mini', 128000],
    ['gpt-4.1-mini', 1047576],
    ['o1-mini', 128000],
    ['o3-mini', 200000],
    ['gpt-4', 8192],
    ['gpt-3.5-turbo', 16385],
    ['deepseek-chat', 65536],
    ['llama3:8b', 8192],
    ['llama3.1:8b', 131072],
    ['qwen2.5:7b', 32768],
    ['gemma3:4b', 131072],
    ['anthropic/claude-3.5-sonnet', 200000],
  ])('knows %s: %i tokens', (model, tokens) => {
    expect(knownContextWindow(model)).toBe(tokens);
  });

  it('knows nothing about an unknown id', () => {
    expect(knownContextWindow('my-finetune')).toBeUndefined();
  });
});
