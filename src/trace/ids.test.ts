import { describe, it, expect } from 'vitest';
import { isSpanId, isTraceId, newSpanId, newTraceId } from './ids.ts';

const fill = (bytes: Uint8Array) => bytes.forEach((_, index) => (bytes[index] = index + 250));
const zeros = () => {};

describe('ids', () => {
  it('makes 32-hex trace ids and 16-hex span ids from crypto.getRandomValues', () => {
    const traceIds = new Set(Array.from({ length: 50 }, () => newTraceId()));
    for (const id of traceIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(traceIds.size).toBe(50);
    expect(newSpanId()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('uses an injected random source byte by byte', () => {
    expect(newSpanId(fill)).toBe('fafbfcfdfeff0001');
  });

  it('never returns the invalid all-zero id', () => {
    expect(newTraceId(zeros)).toBe('00000000000000000000000000000001');
    expect(isTraceId(newTraceId(zeros))).toBe(true);
    expect(isSpanId('0000000000000000')).toBe(false);
    expect(isSpanId('ABCDEF0123456789')).toBe(false);
  });
});
