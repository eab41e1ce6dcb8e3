import { afterEach, describe, it, expect, vi } from 'vitest';
import { runInWorker, type SandboxWorker } from './run-sandboxed.ts';
import type { SandboxWorkerMessage } from './sandbox-protocol.ts';

/** Stands in for the Web Worker: records what the page sends and lets the test answer. */
class FakeWorker extends EventTarget implements SandboxWorker {
  readonly sent: unknown[] = [];
  terminated = false;

  postMessage(message: unknown): void {
    this.sent.push(message);
  }

  terminate(): void {
    this.terminated = true;
  }

  reply(message: SandboxWorkerMessage | Record<string, unknown>): void {
    this.dispatchEvent(new MessageEvent('message', { data: message }));
  }

  crash(message: string): void {
    const event = new Event('error', { cancelable: true }) as Event & { message: string };
    event.message = message;
    this.dispatchEvent(event);
  }
}

const options = (signal = new AbortController().signal) => ({ timeoutMs: 5000, signal });

afterEach(() => {
  vi.useRealTimers();
});

describe('runInWorker', () => {
  it('sends the code once and resolves with the result and the streamed logs', async () => {
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, 'return 42', options());
    expect(worker.sent).toEqual([{ type: 'run', code: 'return 42' }]);
    worker.reply({ type: 'log', entry: 'working' });
    worker.reply({ type: 'result', ok: true, result: '42' });
    expect(await pending).toEqual({ ok: true, result: '42', logs: ['working'] });
    expect(worker.terminated).toBe(true);
  });

  it('passes on errors with logs', async () => {
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, 'boom()', options());
    worker.reply({ type: 'log', entry: 'before' });
    worker.reply({ type: 'result', ok: false, error: 'ReferenceError: boom is not defined' });
    expect(await pending).toEqual({ ok: false, error: 'ReferenceError: boom is not defined', logs: ['before'] });
    expect(worker.terminated).toBe(true);
  });

  it('ignores malformed messages', async () => {
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, '1', options());
    worker.reply({ type: 'result', ok: true, result: 42 });
    worker.reply({ type: 'log', entry: { not: 'text' } });
    worker.reply({ type: 'result', ok: true, result: '1' });
    expect(await pending).toEqual({ ok: true, result: '1', logs: [] });
  });

  it('counts the time limit from the sandbox’s start, and gives up on one that never starts', async () => {
    vi.useFakeTimers();
    let started = () => {};
    const slow = Object.assign(new FakeWorker(), { whenStarted: new Promise<void>((resolve) => (started = resolve)) });
    const pending = runInWorker(() => slow, '1', options());
    // Six seconds loading the frame: more than the 5 s limit, which has not begun yet.
    await vi.advanceTimersByTimeAsync(6000);
    started();
    await vi.advanceTimersByTimeAsync(4000);
    slow.reply({ type: 'result', ok: true, result: '1' });
    expect(await pending).toEqual({ ok: true, result: '1', logs: [] });

    const stuck = Object.assign(new FakeWorker(), { whenStarted: new Promise<void>(() => {}) });
    const never = runInWorker(() => stuck, '1', options());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await never).toEqual({ ok: false, error: 'The sandbox did not start within 20 s', logs: [] });
    expect(stuck.terminated).toBe(true);
  });

  it('terminates the worker and reports a timeout, keeping the logs so far', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, 'while (true) {}', options());
    worker.reply({ type: 'log', entry: 'started' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(await pending).toEqual({
      ok: false,
      timedOut: true,
      error: 'Timed out after 5 s; the worker was stopped',
      logs: ['started'],
    });
    expect(worker.terminated).toBe(true);
    worker.reply({ type: 'result', ok: true, result: 'late' });
    expect(await pending).toMatchObject({ timedOut: true });
  });

  it('terminates the worker and rejects when the run is cancelled', async () => {
    const controller = new AbortController();
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, 'while (true) {}', options(controller.signal));
    controller.abort(new DOMException('Stopped', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(worker.terminated).toBe(true);
  });

  it('never starts a worker for an already cancelled run', async () => {
    const controller = new AbortController();
    controller.abort();
    const create = vi.fn(() => new FakeWorker());
    await expect(runInWorker(create, '1', options(controller.signal))).rejects.toBeDefined();
    expect(create).not.toHaveBeenCalled();
  });

  it('reports a worker that fails to load or start', async () => {
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, '1', options());
    worker.crash('Failed to load module script');
    expect(await pending).toEqual({ ok: false, error: 'The sandbox failed: Failed to load module script', logs: [] });
    expect(worker.terminated).toBe(true);
    const unavailable = await runInWorker(
      () => {
        throw new Error('Worker is not defined');
      },
      '1',
      options(),
    );
    expect(unavailable).toEqual({ ok: false, error: 'The sandbox could not start: Worker is not defined', logs: [] });
  });

  it('bounds logs even from a misbehaving worker', async () => {
    const worker = new FakeWorker();
    const pending = runInWorker(() => worker, '1', options());
    for (let index = 0; index < 1000; index += 1) worker.reply({ type: 'log', entry: 'x'.repeat(5000) });
    worker.reply({ type: 'result', ok: true, result: '1' });
    const outcome = await pending;
    expect(outcome.logs.length).toBeLessThanOrEqual(101);
    expect(outcome.logs[0]?.length).toBeLessThan(2100);
  });
});
