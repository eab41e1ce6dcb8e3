// The public shape of the scripted OpenAI-compatible server (startMockLlmServer in server.ts).
import type { MockBehaviour } from './behaviours.ts';

/** A request the server received (control endpoints and CORS preflights excluded). */
export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, the raw text when it is not JSON, or null when empty. */
  body: unknown;
  receivedAt: number;
}

/** Options of the scripted OpenAI-compatible server. */
export interface MockLlmServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Pause between streamed chunks; default 0. */
  chunkDelayMs?: number;
  /** Preflights allow only `authorization, content-type`, to prove the client strips other headers. */
  strictCors?: boolean;
  /** Model ids listed by GET /v1/models; default `glassbox-demo`. */
  models?: string[];
  /** Answers some chat requests without consuming the queue (e.g. summarisation calls in benchmarks). */
  route?: (body: unknown) => MockBehaviour | undefined;
}

/** When a chat response started and finished, in epoch ms with sub-millisecond precision (benchmarks). */
export interface ResponseTiming {
  completionId: string;
  receivedAt: number;
  /** When the last byte was handed to the socket (undefined while streaming or after a disconnect). */
  lastByteAt?: number;
  routed: boolean;
}

/** A running scripted OpenAI-compatible server. */
export interface MockLlmServer {
  /** Base URL ending in `/v1`. */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** CORS preflights received, for checking which headers a browser asked to send. */
  preflights: RecordedRequest[];
  /** Queues behaviours, consumed one per chat request; the scripted demo model answers when the queue is empty. */
  enqueue(...behaviours: MockBehaviour[]): void;
  /** Chat requests currently being answered (streaming or hanging). */
  readonly inFlight: number;
  /** Streams of replies with `parts` waiting for `release()`. */
  readonly held: number;
  /** Lets the oldest held stream go on with its next part (or its end); with none held, the next hold passes at once. */
  release(): void;
  /** Timing of each answered chat request, in arrival order. */
  timings: ResponseTiming[];
  /** Chat requests whose client went away before the response was complete (e.g. the user pressed Stop). */
  readonly aborted: number;
  /**
   * Makes POST /v1/embeddings answer with this status and body (an endpoint without embeddings) until reset;
   * otherwise it embeds with the demo's deterministic local embedder.
   */
  failEmbeddings(failure: { status: number; body: unknown } | undefined): void;
  /** Clears the queue, the sticky rejections, the embeddings failure, the recorded requests and the counters. */
  reset(): void;
  close(): Promise<void>;
}
