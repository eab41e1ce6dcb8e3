import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorEnvelope } from '../../src/demo/wire.ts';
import { sendJson } from './http-helpers.ts';
import { handleRequest } from './request-handler.ts';
import { MockLlmState } from './server-state.ts';
import type { MockLlmServer, MockLlmServerOptions } from './server-types.ts';

export type { MockBehaviour, MockToolCall } from './behaviours.ts';
export type { MockLlmServer, MockLlmServerOptions, RecordedRequest, ResponseTiming } from './server-types.ts';

/** Starts the scripted OpenAI-compatible HTTP server (chat completions, models, CORS, control endpoints). */
export async function startMockLlmServer(options: MockLlmServerOptions = {}): Promise<MockLlmServer> {
  const host = options.host ?? '127.0.0.1';
  const state = new MockLlmState(options);
  const server = createServer((request, response) => {
    handleRequest(state, request, response).catch((error: unknown) => {
      if (!response.headersSent)
        sendJson(response, 500, errorEnvelope(`Mock server failure: ${String(error)}`, 'server_error', null));
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}/v1`,
    port,
    requests: state.requests,
    preflights: state.preflights,
    get inFlight() {
      return state.inFlight;
    },
    get aborted() {
      return state.aborted;
    },
    get held() {
      return state.holds.count;
    },
    release: () => state.holds.release(),
    timings: state.timings,
    enqueue: (...behaviours) => {
      state.queue.push(...behaviours);
    },
    failEmbeddings: (failure) => {
      state.embeddingsFailure = failure;
    },
    reset: () => state.reset(),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Hanging and streaming responses would otherwise keep the server open forever.
        server.closeAllConnections();
      }),
  };
}
