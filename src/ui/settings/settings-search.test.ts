import { describe, expect, it } from 'vitest';
import { SETTING_ENTRIES, searchSettings, searchTerms } from './settings-search.ts';
import { SETTINGS_TABS, nextTabIndex } from './settings-tabs.tsx';

describe('settings search', () => {
  it('finds a setting by its English name, its Chinese label or a word of its description', () => {
    expect([...searchSettings('max steps').ids]).toEqual(['maxSteps']);
    expect([...searchSettings('最大步数').ids]).toEqual(['maxSteps']);
    expect([...searchSettings('OTLP').ids].toSorted()).toEqual(['otlpEndpoint', 'otlpHeaders']);
    expect(searchSettings('calculator').ids.has('builtinTools')).toBe(true);
    expect(searchSettings('主题').perTab.get('Appearance')).toBe(1);
    expect([...searchSettings('output price').ids]).toEqual(['prices']);
    expect([...searchSettings('check answers').ids]).toEqual(['answerCheck']);
    expect([...searchSettings('检查答案').ids]).toEqual(['answerCheck']);
  });

  it('needs every term, ignores case and spaces, and an empty query matches everything', () => {
    expect(searchTerms('  Max   STEPS ')).toEqual(['max', 'steps']);
    expect(searchSettings('max prompt').ids.size).toBe(0);
    expect(searchSettings('   ').ids.size).toBe(SETTING_ENTRIES.length);
  });

  it('counts matches per tab, and every entry names a tab that exists', () => {
    const { perTab } = searchSettings('model');
    expect(perTab.get('Model')).toBeGreaterThan(0);
    expect(perTab.get('Data')).toBeUndefined();
    for (const entry of SETTING_ENTRIES) expect(SETTINGS_TABS).toContain(entry.tab);
    expect(new Set(SETTING_ENTRIES.map((entry) => entry.id)).size).toBe(SETTING_ENTRIES.length);
  });
});

describe('tab keys', () => {
  it('arrows wrap around, Home and End go to the ends, other keys do nothing', () => {
    expect(nextTabIndex('ArrowRight', 6, 7)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 7)).toBe(6);
    expect(nextTabIndex('ArrowDown', 2, 7)).toBe(3);
    expect(nextTabIndex('Home', 4, 7)).toBe(0);
    expect(nextTabIndex('End', 1, 7)).toBe(6);
    expect(nextTabIndex('a', 1, 7)).toBeUndefined();
  });
});
