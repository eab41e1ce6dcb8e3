import { describe, expect, it } from 'vitest';
import { truncateObservation } from './truncate-observation.ts';

describe('truncateObservation', () => {
  it('leaves text within the limit alone', () => {
    expect(truncateObservation('short', 4000)).toBe('short');
    expect(truncateObservation('x'.repeat(4000), 4000)).toHaveLength(4000);
  });

  it('keeps head and tail around a marker that counts what was left out', () => {
    const text = `${'a'.repeat(5000)}${'b'.repeat(5000)}`;
    const out = truncateObservation(text, 4000);
    expect(out.length).toBeLessThanOrEqual(4000);
    expect(out.length).toBeGreaterThan(3950);
    const match = /^(a+)\n\[… (\d+) characters omitted …\]\n(b+)$/.exec(out);
    expect(match).not.toBeNull();
    const [, head = '', omitted = '0', tail = ''] = match ?? [];
    expect(head.length + Number(omitted) + tail.length).toBe(text.length);
    expect(Math.abs(head.length - tail.length)).toBeLessThanOrEqual(1);
  });

  it('never splits a surrogate pair', () => {
    const out = truncateObservation('😀'.repeat(1000), 301);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(out).not.toMatch(/(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});
