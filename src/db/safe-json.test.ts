import { describe, expect, it } from 'vitest';
import { parseUntrustedJson } from './safe-json.ts';

describe('parseUntrustedJson', () => {
  it('drops __proto__, constructor and prototype keys, also when spelled with \\u escapes', () => {
    const text =
      '{"a":{"__proto__":{"polluted":true},"constructor":1,"prototype":2,"b":3},"\\u005f_proto__":{"x":1},"c":"\\u0041"}';
    const result = parseUntrustedJson(text);
    expect(result.ok).toBe(true);
    const value = (result as { value: Record<string, Record<string, unknown>> }).value;
    expect(Object.keys(value.a ?? {})).toEqual(['b']);
    expect(Object.hasOwn(value, '__proto__')).toBe(false);
    expect(value.c).toBe('A');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('parses text without such keys the same way (the fast path)', () => {
    const value = { sessions: [{ id: 's', messages: [{ role: 'user', content: 'a "quoted" constructor word' }] }] };
    expect(parseUntrustedJson(JSON.stringify(value))).toEqual({ ok: true, value });
  });

  it('reports invalid JSON', () => {
    const result = parseUntrustedJson('{"a":');
    expect(result.ok).toBe(false);
  });
});
