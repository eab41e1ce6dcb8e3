import { describe, expect, it } from 'vitest';
import { defaultSettings } from './settings.ts';
import { normaliseSessionOverrides, withSessionOverrides } from './session-overrides.ts';

describe('normaliseSessionOverrides', () => {
  it('trims, drops empty fields and gives undefined when nothing is left', () => {
    expect(normaliseSessionOverrides({ model: '  gpt-4o-mini ', systemPrompt: '\n Be brief. \n' })).toEqual({
      model: 'gpt-4o-mini',
      systemPrompt: 'Be brief.',
    });
    expect(normaliseSessionOverrides({ model: 'qwen-max', systemPrompt: '   ' })).toEqual({ model: 'qwen-max' });
    expect(normaliseSessionOverrides({ model: '', systemPrompt: 'Only Chinese.' })).toEqual({
      systemPrompt: 'Only Chinese.',
    });
    expect(normaliseSessionOverrides({ model: ' ', systemPrompt: '' })).toBeUndefined();
    expect(normaliseSessionOverrides({})).toBeUndefined();
  });
});

describe('withSessionOverrides', () => {
  const global = { ...defaultSettings, provider: 'custom', model: 'global-model', systemPrompt: 'Global prompt.' };

  it('replaces only what the session overrides', () => {
    expect(withSessionOverrides(global, { model: 'session-model' })).toMatchObject({
      model: 'session-model',
      systemPrompt: 'Global prompt.',
      provider: 'custom',
    });
    expect(withSessionOverrides(global, { systemPrompt: 'Session prompt.' })).toMatchObject({
      model: 'global-model',
      systemPrompt: 'Session prompt.',
    });
  });

  it('leaves the settings as they are without overrides', () => {
    expect(withSessionOverrides(global, undefined)).toBe(global);
  });
});
