import { describe, expect, it } from 'vitest';
import { createQueryRunner, QueryError, type QueryRequest, type QueryWorker } from './run-query.ts';
import type { SqlWorkerRequest } from './sql-protocol.ts';

/** A worker that records what it is sent and answers when the test says so. */
class FakeWorker implements QueryWorker {
  readonly received: SqlWorkerRequest[] = [];
  terminated = false;
  private readonly listeners: ((event: Event) => void)[] = [];
  postMessage(message: unknown): void {
    this.received.push(message as SqlWorkerRequest);
  }
  terminate(): void {
    this.terminated = true;
  }
  addEventListener(type: 'message' | 'error', listener: (event: Event) => void): void {
    if (type === 'message') this.listeners.push(listener);
  }
  answer(data: unknown): void {
    for (const listener of this.listeners) listener(new MessageEvent('message', { data }));
  }
}

const request: QueryRequest = {
  files: [{ key: 'f:1', name: 'sales.csv', format: 'csv', text: 'a\n1\n' }],
  sql: 'SELECT a FROM sales',
  maxRows: 200,
};
const result = { columns: ['a'], rows: [[1]], rowCount: 1, truncated: false, tables: [], loadMs: 3, queryMs: 1 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createQueryRunner', () => {
  it("starts one worker on first use, sends a file's text once and reuses the worker", async () => {
    const workers: FakeWorker[] = [];
    const run = createQueryRunner(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    });
    const first = run(request, { signal: new AbortController().signal });
    workers[0]?.answer({ type: 'result', id: workers[0].received[0]?.id, result, engineMs: 40 });
    expect(await first).toEqual({ ...result, engineMs: 40 });
    const second = run(request, { signal: new AbortController().signal });
    const worker = workers[0] as FakeWorker;
    expect(worker.received[1]?.files).toEqual([{ key: 'f:1', name: 'sales.csv', format: 'csv' }]);
    worker.answer({ type: 'failure', id: worker.received[1]?.id, message: 'no such column: b' });
    await expect(second).rejects.toThrow(QueryError);
    expect(workers).toHaveLength(1);
  });

  it('terminates the worker on Stop and starts a fresh one, with the text again, for the next query', async () => {
    const workers: FakeWorker[] = [];
    const run = createQueryRunner(() => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    });
    const controller = new AbortController();
    const stopped = run(request, { signal: controller.signal });
    await settle();
    controller.abort(new Error('stopped by the user'));
    await expect(stopped).rejects.toThrow('stopped by the user');
    expect(workers[0]?.terminated).toBe(true);
    const next = run(request, { signal: new AbortController().signal });
    const fresh = workers[1] as FakeWorker;
    expect(fresh.received[0]?.files[0]?.text).toBe('a\n1\n');
    fresh.answer({ type: 'result', id: fresh.received[0]?.id, result, engineMs: 0 });
    expect((await next).rows).toEqual([[1]]);
  });

  it('sends the text again when the worker says it lacks it', async () => {
    const worker = new FakeWorker();
    const run = createQueryRunner(() => worker);
    const first = run(request, { signal: new AbortController().signal });
    worker.answer({ type: 'result', id: worker.received[0]?.id, result, engineMs: 0 });
    await first;
    const again = run(request, { signal: new AbortController().signal });
    worker.answer({ type: 'failure', id: worker.received[1]?.id, message: 'missing', missingText: true });
    await settle();
    expect(worker.received[2]?.files[0]?.text).toBe('a\n1\n');
    worker.answer({ type: 'result', id: worker.received[2]?.id, result, engineMs: 0 });
    expect((await again).rowCount).toBe(1);
  });

  it('hands a stored file to the worker by where it is kept, never its text, and outlines files in the same worker', async () => {
    const worker = new FakeWorker();
    const run = createQueryRunner(() => worker);
    const stored = {
      key: 'f:2',
      name: 'big.csv',
      format: 'csv' as const,
      stored: { database: 'glassbox', id: 'file_2' },
    };
    const outlined = run.outline([stored], { signal: new AbortController().signal });
    expect(worker.received[0]).toEqual({ type: 'outline', id: worker.received[0]?.id, files: [stored] });
    worker.answer({ type: 'outline', id: worker.received[0]?.id, columns: [[{ name: 'region', type: 'TEXT' }]] });
    expect(await outlined).toEqual([[{ name: 'region', type: 'TEXT' }]]);
    const queried = run({ files: [stored], sql: 'SELECT 1', maxRows: 5 }, { signal: new AbortController().signal });
    expect(worker.received[1]).toMatchObject({ type: 'query', files: [stored], sql: 'SELECT 1', maxRows: 5 });
    worker.answer({ type: 'result', id: worker.received[1]?.id, result, engineMs: 0 });
    expect((await queried).rowCount).toBe(1);
  });
});
