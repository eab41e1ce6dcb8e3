import { describe, expect, it } from 'vitest';
import { findPreset, knownContextWindow, providerPresets } from './providers.ts';

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

describe('provider presets', () => {
  const NEW_PRESETS: Array<[string, string, string]> = [
    ['dashscope', 'https://dashscope.aliyuncs.com/compatible-mode/v1', 'qwen-plus'],
    ['dashscope-intl', 'https://dashscope-intl.aliyuncs.com/compatible-mode/v1', 'qwen-plus'],
    ['moonshot', 'https://api.moonshot.cn/v1', 'kimi-k2-0905-preview'],
    ['zhipu', 'https://open.bigmodel.cn/api/paas/v4', 'glm-4.5'],
    ['siliconflow', 'https://api.siliconflow.cn/v1', 'Qwen/Qwen2.5-72B-Instruct'],
    ['mistral', 'https://api.mistral.ai/v1', 'mistral-small-latest'],
    ['gemini', 'https://generativelanguage.googleapis.com/v1beta/openai', 'gemini-2.5-flash'],
    ['xai', 'https://api.x.ai/v1', 'grok-3-mini'],
    ['together', 'https://api.together.xyz/v1', 'meta-llama/Llama-3.3-70B-Instruct-Turbo'],
  ];

  it.each(NEW_PRESETS)(
    '%s: base URL, default model, a key, and the context window the model is known for',
    (id, baseUrl, model) => {
      const preset = findPreset(id);
      expect(preset).toMatchObject({ id, baseUrl, defaultModel: model, needsKey: true });
      expect(preset.contextWindow).toBe(knownContextWindow(model));
    },
  );

  it('has unique ids, and every hosted preset an https base URL without a trailing slash', () => {
    const ids = providerPresets.map((preset) => preset.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const preset of providerPresets.filter((candidate) => candidate.needsKey))
      expect(preset.baseUrl).toMatch(/^https:\/\/[^/]+(\/[^/]+)*[^/]$/);
  });

  it.each([
    ['moonshot-v1-8k', 8192],
    ['moonshot-v1-128k', 131072],
    ['kimi-k2-0711-preview', 131072],
    ['glm-4.6', 202752],
    ['glm-4-flash', 131072],
    ['qwen-max', 131072],
    ['Qwen/Qwen3-8B', 32768],
    ['grok-4', 256000],
    ['mistral-large-latest', 131072],
    ['open-mistral-7b', 32768],
  ])('knows %s: %i tokens', (model, tokens) => {
    expect(knownContextWindow(model)).toBe(tokens);
  });
});
