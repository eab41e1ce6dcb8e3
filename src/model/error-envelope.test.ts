import { describe, expect, it } from 'vitest';
import { describeValue } from '../demo/observation.ts';
import { deepObject, deepObjectText } from '../testing/deep-session.ts';
import { readErrorEnvelope } from './error-envelope.ts';

// Issue 35: an error body, or a result the demo model describes, nested 100,000 levels deep.
describe('values nested 100,000 levels deep', () => {
  it('an error envelope gives a short message instead of overflowing the stack', () => {
    const body = `{"error":{"message":${deepObjectText(100_000).replaceAll('"a"', '"message"')}}}`;
    const envelope = readErrorEnvelope(body);
    expect(envelope.message?.startsWith('{"message":{"message":')).toBe(true);
    expect(envelope.message?.length).toBeLessThanOrEqual(1001);
    expect(readErrorEnvelope({ detail: [deepObject(100_000)] }).message).toContain('{"a":{"a":');
  });

  it('the demo model describes the first levels of a deep result', () => {
    expect(describeValue({ name: 'x', deep: deepObject(100_000) })).toBe('- name: x');
  });
});
