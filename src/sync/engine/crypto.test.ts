import { describe, expect, it } from 'vitest';
import { createKeyCheck, open, PBKDF2_ITERATIONS, seal, verifyKeyCheck } from './crypto.ts';

describe('sync encryption', () => {
  it('derives the key with at least 600,000 PBKDF2 iterations and refuses a wrong passphrase', async () => {
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const { key, check } = await createKeyCheck('correct horse');
    expect(check.iterations).toBeGreaterThanOrEqual(600_000);
    expect(await verifyKeyCheck('wrong horse', check)).toBeUndefined();
    const again = await verifyKeyCheck('correct horse', check);
    expect(again).toBeDefined();
    const sealed = await seal(key, 'note:1', { content: 'meet at noon' });
    expect(await open(again as CryptoKey, 'note:1', sealed)).toEqual({ content: 'meet at noon' });
  });

  it('does not let a server weaken the iterations it stores', async () => {
    const { check } = await createKeyCheck('pass phrase');
    expect(await verifyKeyCheck('pass phrase', { ...check, iterations: 1 })).toBeDefined();
  });

  it('seals each document under a fresh IV, and a tampered ciphertext or a body moved to another id fails', async () => {
    const { key } = await createKeyCheck('pass phrase');
    const a = await seal(key, 'session:s1', { title: 'Quarterly plan' });
    const b = await seal(key, 'session:s1', { title: 'Quarterly plan' });
    expect(a.iv).not.toBe(b.iv);
    expect(a.c).not.toBe(b.c);
    expect(JSON.stringify(a)).not.toContain('Quarterly');
    const bytes = atob(a.c);
    const flipped = btoa(String.fromCharCode(bytes.charCodeAt(0) ^ 1) + bytes.slice(1));
    await expect(open(key, 'session:s1', { ...a, c: flipped })).rejects.toThrow();
    await expect(open(key, 'session:s2', a)).rejects.toThrow();
  });
});
