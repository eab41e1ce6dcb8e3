import { describe, it, expect } from 'vitest';
import {
  formatCost,
  formatPercent,
  formatDuration,
  formatTokens,
  formatTokensCompact,
  formatClockTime,
} from './format.ts';

describe('format', () => {
  it('formats durations the way people read them', () => {
    expect(formatDuration(0.42)).toBe('0.4 ms');
    expect(formatDuration(812.3)).toBe('812 ms');
    expect(formatDuration(999.7)).toBe('1.0 s');
    expect(formatDuration(1400)).toBe('1.4 s');
    expect(formatDuration(12_345)).toBe('12 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(120_000)).toBe('2 min');
    expect(formatDuration(59_700)).toBe('1 min');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatDuration(Number.NaN)).toBe('—');
  });

  it('formats token counts in full and compact', () => {
    expect(formatTokens(1234567)).toBe('1,234,567');
    expect(formatTokensCompact(812)).toBe('812');
    expect(formatTokensCompact(1234)).toBe('1.2k');
    expect(formatTokensCompact(12_345)).toBe('12k');
    expect(formatTokensCompact(1_340_000)).toBe('1.3M');
  });

  it('formats a clock time with milliseconds', () => {
    const date = new Date(2024, 0, 2, 3, 4, 5, 6);
    expect(formatClockTime(date.getTime())).toBe('03:04:05.006');
  });

  it('formats costs and shares', () => {
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.000423)).toBe('$0.000423');
    expect(formatCost(0.0123456)).toBe('$0.0123');
    expect(formatCost(1234.5)).toBe('$1,234.50');
    expect(formatPercent(2 / 3)).toBe('66.7%');
    expect(formatPercent(1)).toBe('100%');
  });
});
