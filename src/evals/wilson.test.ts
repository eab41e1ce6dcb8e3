import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson.ts';

describe('wilsonInterval', () => {
  it('matches the known value for 8 of 10', () => {
    const { low, high } = wilsonInterval(8, 10);
    expect(low).toBeCloseTo(0.49, 3);
    expect(high).toBeCloseTo(0.943, 3);
  });

  it('knows nothing with no trials', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('ends at exactly 1 when every trial passed and at 0 when none did', () => {
    const all = wilsonInterval(10, 10);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.722, 3);
    const none = wilsonInterval(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.278, 3);
  });

  it('is symmetric around one half', () => {
    const a = wilsonInterval(3, 20);
    const b = wilsonInterval(17, 20);
    expect(a.low).toBeCloseTo(1 - b.high, 10);
    expect(a.high).toBeCloseTo(1 - b.low, 10);
  });

  it('narrows as the sample grows', () => {
    const small = wilsonInterval(5, 10);
    const large = wilsonInterval(500, 1000);
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
    expect(large.low).toBeCloseTo(0.469, 3);
  });
});
