import { describe, expect, it } from 'vitest';
import { retryAfterFromHeaders, retryAfterFromMessage } from './retry-after.ts';

describe('retryAfterFromMessage', () => {
  it.each([
    ['Please try again in 50.597142857s. Visit https://console.groq.com', 50597],
    ['Please retry after 86400 seconds. Please contact Azure support', 86_400_000],
    ['Please try again in 1m30.5s.', 90_500],
    ['Please try again in 120ms.', 120],
    ['Please retry in 37.5s.', 37_500],
    ['try again in 2 minutes', 120_000],
    ['Rate limit reached. Please try again in 6m0.386s', 360_386],
  ])('reads %j', (message, expected) => {
    expect(retryAfterFromMessage(message)).toBe(expected);
  });

  it('finds nothing in prose without a duration', () => {
    expect(retryAfterFromMessage('Please retry shortly, or add your own key')).toBeUndefined();
    expect(retryAfterFromMessage(undefined)).toBeUndefined();
  });
});

describe('retryAfterFromHeaders', () => {
  it('reads seconds, milliseconds and HTTP dates; ignores junk', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after-ms': '250' }), now)).toBe(250);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Sun, 01 Jun 2025 12:01:00 GMT' }), now)).toBe(60_000);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'Sun, 01 Jun 2025 11:00:00 GMT' }), now)).toBe(0);
    expect(retryAfterFromHeaders(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterFromHeaders(new Headers(), now)).toBeUndefined();
  });
});
