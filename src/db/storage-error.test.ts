import { describe, expect, it } from 'vitest';
import { StorageError, toStorageError } from './storage-error.ts';

describe('toStorageError', () => {
  it('maps quota errors from every browser to the quota kind', () => {
    expect(toStorageError(new DOMException('full', 'QuotaExceededError')).kind).toBe('quota');
    expect(toStorageError({ name: 'NS_ERROR_DOM_QUOTA_REACHED', message: 'full' }).kind).toBe('quota');
    expect(toStorageError({ name: 'Error', code: 22, message: 'legacy' }).kind).toBe('quota');
  });

  it('maps refused or broken storage to unavailable and keeps the cause', () => {
    const cause = new DOMException('denied', 'SecurityError');
    const error = toStorageError(cause);
    expect(error).toMatchObject({ kind: 'unavailable', name: 'StorageError' });
    expect(error.cause).toBe(cause);
    expect(error.message).toMatch(/SecurityError: denied/);
    expect(toStorageError(new DOMException('gone', 'InvalidStateError')).kind).toBe('unavailable');
    expect(toStorageError(new DOMException('newer', 'VersionError')).message).toMatch(/newer version/);
  });

  it('passes StorageErrors through and wraps anything else as unknown', () => {
    const blocked = new StorageError('blocked');
    expect(toStorageError(blocked)).toBe(blocked);
    const unknown = toStorageError(new DOMException('bad clone', 'DataCloneError'));
    expect(unknown.kind).toBe('unknown');
    expect(unknown.message).toContain('bad clone');
    expect(toStorageError('weird').message).toContain('weird');
    expect(unknown).toBeInstanceOf(Error);
  });
});
