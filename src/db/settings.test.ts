import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../config/settings.ts';
import { openTestDb } from '../testing/fake-db.ts';
import { loadSettings, parseStoredSettings, readSetting, saveSettings, writeSetting } from './settings.ts';

describe('settings', () => {
  it('starts from the defaults on a fresh install', async () => {
    const db = await openTestDb();
    expect(await loadSettings(db)).toEqual(defaultSettings);
  });

  it('saves and loads settings with the API key when the user keeps it', async () => {
    const db = await openTestDb();
    const settings = {
      ...defaultSettings,
      provider: 'openai',
      apiKey: 'sk-test-123',
      model: 'gpt-4o-mini',
      maxSteps: 12,
    };
    await saveSettings(db, settings);
    expect(await loadSettings(db)).toEqual(settings);
  });

  it('never stores the API key when storeApiKey is off', async () => {
    const db = await openTestDb();
    await saveSettings(db, { ...defaultSettings, apiKey: 'sk-secret-999', storeApiKey: false, model: 'm' });
    const stored = await db.get('settings', 'settings');
    expect(JSON.stringify(stored)).not.toContain('sk-secret-999');
    expect(await loadSettings(db)).toMatchObject({ apiKey: '', storeApiKey: false, model: 'm' });
  });

  it('keeps the valid fields of an old or damaged record and drops unknown ones', () => {
    const parsed = parseStoredSettings({ model: 'qwen2.5', maxSteps: 5000, temperature: 'hot', legacyField: true });
    expect(parsed.model).toBe('qwen2.5');
    expect(parsed.maxSteps).toBe(defaultSettings.maxSteps);
    expect(parsed.temperature).toBe(defaultSettings.temperature);
    expect('legacyField' in parsed).toBe(false);
    expect(parseStoredSettings('garbage')).toEqual(defaultSettings);
  });

  it('stores small app values beside the settings', async () => {
    const db = await openTestDb();
    await writeSetting(db, 'activeSessionId', 'sess_7');
    expect(await readSetting(db, 'activeSessionId')).toBe('sess_7');
    expect(await readSetting(db, 'nothing')).toBeUndefined();
    await expect(writeSetting(db, 'settings', {})).rejects.toThrow(/saveSettings/);
  });
});
