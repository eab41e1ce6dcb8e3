import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, send, settingsTab, test, waitForServiceWorker } from './fixtures.ts';
import { cjkPredefinedCMapPdf } from '../src/knowledge/cjk-test-pdf.ts';

// The built app (vite.config.ts, vite-plugin-pwa): after one visit its service worker serves the app shell and every
// lazy chunk, so the app and the scripted demo model work with the network off; a new version waits for the user.

/** One visit (the service worker installed and in control), then the network off and a reload. */
async function reopenOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  // The reloaded document's requests stay blocked, but it reads `navigator.onLine` as true (Chromium 156 with
  // Playwright 1.65): set the emulation again so the page is told it is offline, as a real browser would tell it.
  await context.setOffline(false);
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

async function runJavaScriptThroughTheChat(page: Page): Promise<void> {
  await send(page, 'Run JavaScript: `[1, 2, 3].map((x) => x * 2)`');
  const card = page.getByRole('group', { name: 'Tool call run_javascript' }).last();
  await expect(card).toHaveAttribute('data-tool-status', 'awaiting-approval');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card).toHaveAttribute('data-tool-status', 'ok', { timeout: 20_000 });
  await expect(lastAnswer(page)).toContainText('2, 4, 6');
}

test.describe('installable and offline', () => {
  test.describe.configure({ timeout: 90_000 });

  test('the manifest names the app, with SVG and PNG icons', async ({ request }) => {
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Glassbox', short_name: 'Glassbox', start_url: '/', display: 'standalone' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/u);
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.type}`)).toEqual(
      expect.arrayContaining(['any image/svg+xml', '192x192 image/png', '512x512 image/png']),
    );
    for (const icon of manifest.icons) {
      const response = await request.get(`/${icon.src}`);
      expect(response.ok()).toBe(true);
      expect(response.headers()['content-type']).toContain(icon.type);
    }
  });

  test('after one visit the app opens offline, and the demo model answers with the calculator', async ({
    page,
    context,
  }) => {
    await reopenOffline(page, context);
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    // Really offline: the network is refused, so what loaded came from the service worker.
    expect(
      await page.evaluate(() =>
        fetch('/?probe', { cache: 'no-store' }).then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');

    await send(page, 'What is (128+374)*2?');
    await expect(lastAnswer(page)).toContainText('1004', { timeout: 20_000 });
    await expectRunStatus(page, 'done');
  });

  // No browser lets a service worker answer a sandboxed frame's navigation (w3c/ServiceWorker#1727): the app embeds
  // the sandbox page same-origin, and the page runs the code in an opaque srcdoc child (public/sandbox-host.js).
  test('offline, run_javascript runs in the sandbox frame', async ({ page, context }) => {
    await reopenOffline(page, context);
    const sandboxPages = servedSandboxPages(page);
    await runJavaScriptThroughTheChat(page);
    // The frame's page came from the service worker (offline there is nowhere else), and the code ran in its child.
    expect(sandboxPages).toEqual([{ path: '/sandbox.html', fromServiceWorker: true }]);
  });

  test('offline, a JavaScript tool allowed the network runs, and says the browser is offline when it fetches', async ({
    page,
    context,
  }) => {
    await reopenOffline(page, context);
    const sandboxPages = servedSandboxPages(page);

    await page.getByRole('button', { name: 'Settings' }).click();
    await settingsTab(page, 'Tools');
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'New tool' }).click();
    const editor = page.getByRole('dialog', { name: 'Tool editor' });
    await editor.getByRole('textbox', { name: 'Tool name' }).fill('fetch_forecast');
    await editor
      .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
      .fill('{"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}');
    await editor
      .getByRole('textbox', { name: 'Code' })
      .fill(
        "console.log('asking for', args.city);\nconst response = await fetch('https://api.example.com/forecast/' + args.city);\nreturn (await response.json()).forecast",
      );
    await editor.getByRole('textbox', { name: 'Sample arguments' }).fill('{"city": "Oslo"}');
    await editor.getByRole('checkbox', { name: 'Allow network' }).check();
    await editor.getByRole('button', { name: 'Test' }).click();
    const result = editor.getByRole('status', { name: 'Test result' });
    await expect(result).toHaveAttribute('data-ok', 'false');
    // The code ran (its console output is there) and failed on its request, with the reason said plainly.
    await expect(result).toContainText("The tool's code threw: TypeError");
    await expect(result).toContainText('The browser is offline: this tool is allowed the network');
    await expect(result).toContainText('asking for Oslo');
    expect(sandboxPages).toEqual([{ path: '/sandbox-network.html', fromServiceWorker: true }]);
  });
});

test.describe('pdf.js CMaps offline', () => {
  test.describe.configure({ timeout: 90_000 });

  /** Every CMap file in the page's caches, as `cache path`. */
  const cachedCMaps = (page: Page) =>
    page.evaluate(async () => {
      const found: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          if (request.url.endsWith('.bcmap')) found.push(`${name} ${new URL(request.url).pathname}`);
      return found;
    });

  /** Adds a Chinese PDF that pdf.js reads only with the UniGB CMaps; resolves with its row in the library. */
  async function addChinesePdf(page: Page, name: string, text: string) {
    await page.getByRole('button', { name: 'Knowledge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Knowledge' });
    const buffer = Buffer.from(cjkPredefinedCMapPdf(text));
    await dialog.getByLabel('Add documents').setInputFiles({ name, mimeType: 'application/pdf', buffer });
    const item = dialog.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('1 page');
    return item;
  }

  test('a CMap fetched once is kept by the service worker (not precached) and reads a Chinese PDF offline', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await waitForServiceWorker(page);
    // The install precache holds none of the 1.7 MB of CMaps.
    expect(await cachedCMaps(page)).toEqual([]);
    await expect(await addChinesePdf(page, 'online.pdf', '团队的愿景')).not.toContainText('No text found');
    await expect
      .poll(() => cachedCMaps(page))
      .toEqual(
        expect.arrayContaining([expect.stringMatching(/^glassbox-pdf-cmaps \/assets\/UniGB-UCS2-H-.+\.bcmap$/u)]),
      );
    expect((await cachedCMaps(page)).every((entry) => entry.startsWith('glassbox-pdf-cmaps '))).toBe(true);

    await reopenOffline(page, context);
    await expect(await addChinesePdf(page, 'offline.pdf', '离线也能读')).not.toContainText('No text found');
  });
});

/** The sandbox pages the page's frames load from now on, and whether the service worker answered each. */
function servedSandboxPages(page: Page): Array<{ path: string; fromServiceWorker: boolean }> {
  const served: Array<{ path: string; fromServiceWorker: boolean }> = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.request().resourceType() === 'document' && /^\/sandbox(?:-network)?\.html$/u.test(pathname)) {
      served.push({ path: pathname, fromServiceWorker: response.fromServiceWorker() });
    }
  });
  return served;
}

/**
 * Serves the build like a static host, and "deploys a new version" on demand: sw.js gets different bytes, which is
 * what a new build's service worker is to the browser.
 */
async function startDeployableServer(
  root: string,
): Promise<{ url: string; deployNewVersion(): void; close(): Promise<void> }> {
  let version = 1;
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.png': 'image/png',
    '.woff2': 'font/woff2',
    '.webmanifest': 'application/manifest+json',
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      let path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(/^\/+/u, '');
      if (!(await stat(join(root, path)).catch(() => undefined))?.isFile()) path = 'index.html';
      let body = await readFile(join(root, path));
      if (path === 'sw.js' && version > 1) body = Buffer.concat([body, Buffer.from(`\n// version ${version}\n`)]);
      response.writeHead(200, {
        'content-type': types[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
      });
      response.end(body);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    deployNewVersion: () => {
      version += 1;
    },
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

test.describe('a new version', () => {
  test.describe.configure({ timeout: 90_000 });

  test('waits for "Reload to update", which waits for the active run to end', async ({ page }) => {
    const server = await startDeployableServer(resolve(process.env.E2E_DIST ?? 'dist'));
    try {
      await page.goto(server.url);
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
      await waitForServiceWorker(page);
      const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

      server.deployNewVersion();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status', { name: 'App update' });
      await expect(prompt).toContainText('A new version of Glassbox is ready.');
      const hasWaitingWorker = () =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
      expect(await hasWaitingWorker()).toBe(true);

      // A run waiting for approval is active: the update waits for it, and says so.
      await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
      await send(page, 'Run JavaScript: `6 * 7`');
      const card = page.getByRole('group', { name: 'Tool call run_javascript' });
      await expect(card).toHaveAttribute('data-tool-status', 'awaiting-approval');
      await prompt.getByRole('button', { name: 'Reload to update' }).click();
      await expect(prompt).toContainText('reloads to update when it ends');
      expect(await hasWaitingWorker()).toBe(true);
      expect(await page.evaluate(() => 'beforeUpdate' in window)).toBe(true);

      // The run ends: the new version takes over and the page reloads, with the conversation kept.
      await card.getByRole('button', { name: 'Approve' }).click();
      await expect
        .poll(() => page.evaluate(() => 'beforeUpdate' in window).catch(() => true), { timeout: 30_000 })
        .toBe(false);
      await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
      await expect(lastAnswer(page)).toContainText('42');
      await expect(page.getByRole('status', { name: 'App update' })).toHaveCount(0);
      await waitForServiceWorker(page);
      expect(await hasWaitingWorker()).toBe(false);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(firstWorker);
    } finally {
      await server.close();
    }
  });
});
