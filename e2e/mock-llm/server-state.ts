import type { ServerResponse } from 'node:http';
import { DEMO_MODEL_ID } from '../../src/demo/demo-fetch.ts';
import type { MockBehaviour } from './behaviours.ts';
import type { MockLlmServerOptions, RecordedRequest, ResponseTiming } from './server-types.ts';

/** Epoch ms with sub-millisecond precision (benchmarks). */
export const preciseNow = (): number => performance.timeOrigin + performance.now();

/** Streams waiting for `release()`; a release with none waiting lets the next hold pass at once. */
export class Holds {
  private readonly waiting: Array<() => void> = [];
  private earlyReleases = 0;

  get count(): number {
    return this.waiting.length;
  }

  /** Waits for `release()`; false when the client went away first. */
  wait(response: ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.earlyReleases > 0) {
        this.earlyReleases -= 1;
        resolve(true);
        return;
      }
      const go = (): void => {
        response.off('close', gone);
        resolve(true);
      };
      const gone = (): void => {
        const index = this.waiting.indexOf(go);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(false);
      };
      this.waiting.push(go);
      response.once('close', gone);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.earlyReleases += 1;
  }

  /** Forgets releases given ahead of a hold; streams still waiting keep waiting. */
  forgetEarlyReleases(): void {
    this.earlyReleases = 0;
  }
}

/** Everything one scripted server remembers: its queue, sticky rejections, recorded requests and counters. */
export class MockLlmState {
  readonly defaultDelay: number;
  readonly models: string[];
  readonly requests: RecordedRequest[] = [];
  readonly preflights: RecordedRequest[] = [];
  readonly timings: ResponseTiming[] = [];
  readonly holds = new Holds();
  queue: MockBehaviour[] = [];
  rejectTools: Extract<MockBehaviour, { kind: 'reject-tools' }> | undefined;
  rejectStreamOptions: Extract<MockBehaviour, { kind: 'reject-stream-options' }> | undefined;
  embeddingsFailure: { status: number; body: unknown } | undefined;
  completionCount = 0;
  inFlight = 0;
  aborted = 0;

  constructor(readonly options: MockLlmServerOptions) {
    this.defaultDelay = Math.max(0, options.chunkDelayMs ?? 0);
    this.models = options.models ?? [DEMO_MODEL_ID];
  }

  reset(): void {
    this.queue = [];
    this.rejectTools = undefined;
    this.rejectStreamOptions = undefined;
    this.embeddingsFailure = undefined;
    this.requests.length = 0;
    this.preflights.length = 0;
    this.timings.length = 0;
    this.aborted = 0;
    this.holds.forgetEarlyReleases();
  }

  /** Sticky rejections take effect when they reach the head of the queue. */
  nextBehaviour(): MockBehaviour | undefined {
    for (;;) {
      const head = this.queue[0];
      if (head?.kind === 'reject-tools') this.rejectTools = head;
      else if (head?.kind === 'reject-stream-options') this.rejectStreamOptions = head;
      else return this.queue.shift();
      this.queue.shift();
    }
  }
}
