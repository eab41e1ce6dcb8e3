import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
import { chatBodies } from './agent-helpers.ts';
import { connectMcpServer, createDoubleTool, openToolsTab, saveSettings } from './custom-tool-helpers.ts';
import { expect, lastAnswer, openApp, send, test, useEndpoint, waitForServiceWorker } from './fixtures.ts';
import { startMcpTestServer } from './mcp-server/start-mcp-server.ts';
import { startModelFileServer } from './model-file-server/server.ts';

// Issue 39: the in-browser model needs threads, so the page is cross-origin isolated (COOP same-origin + COEP
// credentialless: vite.config.ts for npm start, preview and dev; public/sw-isolation.js on static hosts). Everything
// else must work as before under those headers: endpoints and MCP servers on other origins, the sandbox frames,
// custom tools, remote images on request, and the PWA offline.

const isolated = (page: Page) => page.evaluate(() => crossOriginIsolated);

test.describe.configure({ timeout: 90_000 });

test('the preview server sends COOP and COEP to the app and the sandbox pages, and the page is isolated', async ({
  page,
  request,
}) => {
  for (const path of ['/', '/sandbox.html', '/sandbox-network.html']) {
    const headers = (await request.get(path)).headers();
    expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
    expect(headers['cross-origin-embedder-policy'], path).toBe('credentialless');
  }
  await openApp(page);
  expect(await isolated(page)).toBe(true);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe('function');
});

test('isolated: an endpoint on another origin, run_javascript in the sandbox frame, a custom tool, and a remote image without CORP', async ({
  page,
  mockLlm,
}) => {
  const images = await startModelFileServer();
  try {
    await openApp(page);
    expect(await isolated(page)).toBe(true);
    await useEndpoint(page, mockLlm.url);
    await createDoubleTool(page);
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_js', name: 'run_javascript', arguments: { code: '[1, 2, 3].map((x) => x * 2)' } }],
      },
      { kind: 'reply', toolCalls: [{ id: 'call_double', name: 'double', arguments: { n: 21 } }] },
      { kind: 'reply', content: `Done.\n\n![pixel](${images.url}/pixel.png)` },
    );
    await send(page, 'Run the code, double 21, and show the pixel');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveAttribute('data-tool-status', 'ok', { timeout: 30_000 });
    const custom = page.getByRole('group', { name: 'Tool call double' });
    await expect(custom).toHaveAttribute('data-tool-status', 'ok', { timeout: 30_000 });
    await expect(lastAnswer(page)).toContainText('Done.');
    const toolResults = (chatBodies(mockLlm).at(-1)?.messages ?? []).filter((message) => message.role === 'tool');
    expect(String(toolResults[0]?.content)).toContain('2, 4, 6');
    expect(toolResults[1]?.content).toBe('42');

    await lastAnswer(page)
      .getByRole('button', { name: /^Load image from / })
      .click();
    const image = lastAnswer(page).locator('img');
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
  } finally {
    await images.close();
  }
});

test('isolated: an MCP server on another origin connects and its tool is called', async ({ page, mockLlm }) => {
  const mcp = await startMcpTestServer();
  try {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await openToolsTab(page);
    await connectMcpServer(page, mcp.url, 'glassbox-test-server');
    await saveSettings(page);
    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ id: 'call_echo', name: 'echo', arguments: { text: 'isolated' } }] },
      { kind: 'reply', content: 'Echoed.' },
    );
    await send(page, 'Echo through MCP');
    await page.getByRole('group', { name: 'Tool call echo' }).getByRole('button', { name: 'Approve' }).click();
    await expect(lastAnswer(page)).toHaveText('Echoed.');
    expect(mcp.calls).toEqual([{ name: 'echo', arguments: { text: 'isolated' } }]);
    expect(await isolated(page)).toBe(true);
  } finally {
    await mcp.close();
  }
});

/** Serves the build as a static host does: no COOP/COEP, index.html for unknown paths. */
async function startStaticHost(): Promise<{ url: string; close(): Promise<void> }> {
  const root = join(import.meta.dirname, '..', process.env.E2E_DIST ?? 'dist');
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
    '.webmanifest': 'application/manifest+json',
    '.wasm': 'application/wasm',
  };
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^\/+/u, '');
    const file = join(root, path === '' ? 'index.html' : path);
    readFile(file)
      .catch(() => readFile(join(root, 'index.html')))
      .then((body) => {
        const type = types[extname(file)] ?? 'text/html';
        response.writeHead(200, { 'Content-Type': type }).end(body);
      })
      .catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('on a static host without the headers, the service worker provides them: one reload, then isolated, offline too', async ({
  page,
  context,
}) => {
  const host = await startStaticHost();
  try {
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));
    await page.goto(`${host.url}/`);
    const headers = (await page.request.get(`${host.url}/`)).headers();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    await waitForServiceWorker(page);
    await expect.poll(() => isolated(page), { timeout: 20_000 }).toBe(true);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(loads).toHaveLength(2);
    expect(await page.evaluate(() => sessionStorage.getItem('glassbox.isolation-reload'))).toBe('1');

    // Later loads come isolated from the worker at once, and no reload follows; offline too.
    await page.reload();
    expect(await isolated(page)).toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(await isolated(page)).toBe(true);
    await send(page, 'What is (128+374)*2?');
    await expect(lastAnswer(page)).toContainText('1004', { timeout: 20_000 });
    expect(loads).toHaveLength(4);
  } finally {
    await context.setOffline(false);
    await host.close();
  }
});
