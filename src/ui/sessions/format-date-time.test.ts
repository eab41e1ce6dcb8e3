import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('gives what toLocaleString gives, in English and Chinese', () => {
    for (const time of [0, 1_700_000_000_000, 1_764_633_600_123]) {
      for (const language of ['en', 'zh-CN'])
        expect(formatDateTime(time, language)).toBe(new Date(time).toLocaleString(language));
    }
    expect(formatDateTime(1_700_000_000_000, 'zh-CN')).not.toBe(formatDateTime(1_700_000_000_000, 'en'));
  });
});
