import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** One response of the static server: the file served and when its request arrived. */
export interface ServedRequest {
  /** The file's path below the build directory (`index.html` for the fallback). */
  path: string;
  /** Wall-clock time (`Date.now()`) the request arrived. */
  at: number;
}

/** A running static server for the built app. */
export interface StaticServer {
  url: string;
  /** Paths served so far (for the first-load size cross-check). */
  served: string[];
  /** Every response so far, in arrival order, with its arrival time (the bytes-before-idle figure). */
  requests: ServedRequest[];
  close(): Promise<void>;
}

/**
 * Serves a Vite build the way a production static host does: hashed `/assets/*` as immutable, `index.html`
 * revalidated, unknown paths fall back to `index.html`, cross-origin isolated. Uncompressed (sizes are reported
 * gzipped separately).
 */
export async function startStaticServer(root: string, port = 0): Promise<StaticServer> {
  const served: string[] = [];
  const requests: ServedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const at = Date.now();
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://bench.invalid');
      let path = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
      if (path.split(sep).includes('..')) {
        response.writeHead(400).end();
        return;
      }
      let file = join(root, path);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) {
        path = 'index.html';
        file = join(root, path);
      }
      const body = await readFile(file);
      served.push(path);
      requests.push({ path, at });
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        // The isolation headers `npm start` sends (vite.config.ts) and the README's hosting advice asks for: without
        // them the app reloads once when its service worker first takes the page (app-update.ts), in the middle of a
        // scenario, and the local model gets one thread.
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'credentialless',
      });
      response.end(body);
    })().catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    served,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
