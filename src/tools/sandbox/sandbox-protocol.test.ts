import { describe, it, expect } from 'vitest';
import { isSandboxFrameMessage, isSandboxWorkerMessage } from './sandbox-protocol.ts';

describe('sandbox protocol', () => {
  it('accepts only well-formed worker messages', () => {
    expect(isSandboxWorkerMessage({ type: 'log', entry: 'x' })).toBe(true);
    expect(isSandboxWorkerMessage({ type: 'result', ok: true, result: '1' })).toBe(true);
    expect(isSandboxWorkerMessage({ type: 'result', ok: false, error: 'E' })).toBe(true);
    expect(isSandboxWorkerMessage({ type: 'result', ok: true, result: 1 })).toBe(false);
    expect(isSandboxWorkerMessage({ type: 'ready' })).toBe(false);
  });

  it("tells the frame's own messages apart from its worker's", () => {
    expect(isSandboxFrameMessage({ type: 'ready' })).toBe(true);
    expect(isSandboxFrameMessage({ type: 'sandbox-error', message: 'the worker script could not run' })).toBe(true);
    expect(isSandboxFrameMessage({ type: 'sandbox-messageerror' })).toBe(true);
    expect(isSandboxFrameMessage({ type: 'sandbox-error', message: 42 })).toBe(false);
    expect(isSandboxFrameMessage({ type: 'result', ok: true, result: '1' })).toBe(false);
    expect(isSandboxFrameMessage(null)).toBe(false);
  });
});
