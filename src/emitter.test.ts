import { describe, expect, it, vi } from 'vitest';
import { createEmitter } from './emitter.ts';

describe('createEmitter', () => {
  it('calls every listener until it stops, even when one throws', () => {
    const emitter = createEmitter<number>('test');
    const heard: number[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    emitter.on(() => {
      throw new Error('broken listener');
    });
    const stop = emitter.on((value) => heard.push(value));
    emitter.emit(1);
    stop();
    emitter.emit(2);
    expect(heard).toEqual([1]);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('lets a listener stop itself while the others are called', () => {
    const emitter = createEmitter<void>('test');
    const calls: string[] = [];
    const stopFirst = emitter.on(() => {
      calls.push('first');
      stopFirst();
    });
    emitter.on(() => calls.push('second'));
    emitter.emit();
    emitter.emit();
    expect(calls).toEqual(['first', 'second', 'second']);
  });
});
