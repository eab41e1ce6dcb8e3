// A file server for the in-browser model's e2e specs, on a loopback port (another origin than the app): serves
// generated GGUF files with CORS and HTTP Range (as a Hugging Face `resolve` link does), can cut a download mid-way
// (the socket destroyed after so many bytes) or pace it, claims a huge length for the single-file limit, and serves
// a PNG without any Cross-Origin-Resource-Policy header (what a cross-origin isolated page must still show).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelFileServer {
  url: string;
  /** Files by path (`/models/tiny.gguf`). */
  files: Map<string, Uint8Array>;
  /** Every request: path and Range header. */
  requests: { path: string; range: string | undefined }[];
  /** The next response of a file stops after this many bytes of its body (the connection is cut). */
  cutNextAfter(bytes: number): void;
  /** Sends bodies in chunks of `bytes` every `ms` (0 = at once). */
  pace(bytes: number, ms: number): void;
  close(): Promise<void>;
}

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Length, Accept-Ranges, ETag',
};

async function sendBody(
  response: ServerResponse,
  body: Uint8Array,
  cutAfter: number | undefined,
  pacing: { bytes: number; ms: number },
) {
  const limit = cutAfter ?? body.length;
  const step = pacing.ms > 0 ? pacing.bytes : body.length;
  for (let offset = 0; offset < limit; offset += step) {
    if (response.destroyed) return;
    response.write(body.subarray(offset, Math.min(limit, offset + step)));
    if (pacing.ms > 0) await new Promise((resolve) => setTimeout(resolve, pacing.ms));
  }
  if (cutAfter === undefined) response.end();
  else setTimeout(() => response.socket?.destroy(), 50);
}

function handler(server: ModelFileServer, state: { cut?: number; pacing: { bytes: number; ms: number } }) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const range = request.headers.range;
    server.requests.push({ path, range });
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...CORS, 'Access-Control-Allow-Headers': 'Range' }).end();
      return;
    }
    if (path === '/pixel.png') {
      response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': PIXEL.length }).end(PIXEL);
      return;
    }
    if (path === '/huge.gguf') {
      // Claims 3 GB and sends nothing more: the page must refuse it from the length alone.
      response.writeHead(200, { ...CORS, 'Content-Type': 'application/octet-stream', 'Content-Length': 3e9 });
      response.write(Buffer.from('GGUF'));
      return;
    }
    const file = server.files.get(path);
    if (!file) {
      response.writeHead(404, CORS).end('not found');
      return;
    }
    const match = /^bytes=(\d+)-$/u.exec(range ?? '');
    const start = match ? Number(match[1]) : 0;
    const body = file.subarray(start);
    const headers = { ...CORS, 'Content-Type': 'application/octet-stream', 'Accept-Ranges': 'bytes' };
    response.writeHead(
      match ? 206 : 200,
      match
        ? {
            ...headers,
            'Content-Length': body.length,
            'Content-Range': `bytes ${start}-${file.length - 1}/${file.length}`,
          }
        : { ...headers, 'Content-Length': body.length },
    );
    const cut = state.cut;
    state.cut = undefined;
    void sendBody(response, body, cut, state.pacing);
  };
}

/** Starts the server on a free loopback port. */
export async function startModelFileServer(): Promise<ModelFileServer> {
  const state: { cut?: number; pacing: { bytes: number; ms: number } } = { pacing: { bytes: 0, ms: 0 } };
  let http: Server | undefined;
  const server: ModelFileServer = {
    url: '',
    files: new Map(),
    requests: [],
    cutNextAfter: (bytes) => {
      state.cut = bytes;
    },
    pace: (bytes, ms) => {
      state.pacing = { bytes, ms };
    },
    close: () =>
      new Promise((resolve) => {
        http?.closeAllConnections();
        http?.close(() => resolve());
      }),
  };
  http = createServer(handler(server, state));
  await new Promise<void>((resolve) => http?.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return server;
}
