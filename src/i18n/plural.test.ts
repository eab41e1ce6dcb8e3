import { describe, expect, it } from 'vitest';
import { appDictionary } from './index.ts';
import { insightsDictionary } from './insights.ts';
import { sessionSettingsDictionary } from './session-settings.ts';
import { traceDictionary } from './trace.ts';
import { createTranslate } from './translate.ts';

describe('counted words in English', () => {
  it('say "1 model", never "1 models", and the plural for other counts', () => {
    const app = createTranslate(appDictionary, 'en');
    expect(app('settings.connectionOk', { count: 1 })).toBe('Connected. The endpoint lists 1 model.');
    expect(app('settings.connectionOk', { count: 2 })).toBe('Connected. The endpoint lists 2 models.');
    expect(createTranslate(sessionSettingsDictionary, 'en')('modelsListed', { count: 1 })).toMatch(/^1 model listed/);
    const insights = createTranslate(insightsDictionary, 'en');
    expect(insights('chartModelsLabel', { count: 1, items: 'm' })).toBe('Model latency, 1 model: m');
    expect(insights('chartStepsItem', { value: 3, runs: 1 })).toBe('3 steps: 1 run');
    expect(createTranslate(traceDictionary, 'en')('row.tools', { count: 1 })).toBe('1 tool');
  });

  it('Chinese has no plural: the same words for every count', () => {
    const app = createTranslate(appDictionary, 'zh-CN');
    expect(app('settings.connectionOk', { count: 1 })).toBe('连接成功，接口列出了 1 个模型。');
    expect(app('settings.connectionOk', { count: 2 })).toBe('连接成功，接口列出了 2 个模型。');
  });
});
