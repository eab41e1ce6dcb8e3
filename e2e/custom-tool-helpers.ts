import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, settingsTab } from './fixtures.ts';

/** A small HTTP server on a loopback port; `cors` says whether it lets other origins read its answers. */
export async function startToolServer(
  cors: boolean,
): Promise<{ url: string; requests: { method: string; url: string; body: string }[]; close: () => Promise<void> }> {
  const requests: { method: string; url: string; body: string }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const corsHeaders: Record<string, string> = cors
        ? {
            'access-control-allow-origin': '*',
            'access-control-allow-headers': 'content-type, x-key',
            'access-control-allow-methods': 'GET, POST',
          }
        : {};
      if (request.method === 'OPTIONS') {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: request.method ?? '', url: request.url ?? '', body });
      const city = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
      response
        .writeHead(200, { 'content-type': 'application/json', ...corsHeaders })
        .end(JSON.stringify({ city, forecast: 'sunny', body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });
export const editor = (page: Page) => page.getByRole('dialog', { name: 'Tool editor' });

/** Opens Settings on its Tools tab (custom tools and MCP servers). */
export async function openToolsTab(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  await settingsTab(page, 'Tools');
}

export async function openNewTool(page: Page): Promise<void> {
  await openToolsTab(page);
  await settingsDialog(page).getByRole('button', { name: 'New tool' }).click();
  await expect(editor(page)).toBeVisible();
}

/** Adds and connects an MCP server in the open Tools tab; the group of its tools. */
export async function connectMcpServer(page: Page, url: string, serverName: string) {
  const settings = settingsDialog(page);
  await settings.getByRole('button', { name: 'Add MCP server' }).click();
  await settings.getByRole('textbox', { name: 'MCP server URL' }).fill(url);
  await settings.getByRole('button', { name: 'Connect', exact: true }).click();
  // Connected once the server's group shows (with its tools): a Save before that would keep no server. The MCP
  // client is a chunk of its own, fetched on this first Connect; on a loaded machine that takes a while.
  const group = settings.getByRole('group', { name: serverName });
  await expect(group).toBeVisible({ timeout: 30_000 });
  return group;
}

export async function saveSettings(page: Page): Promise<void> {
  await settingsDialog(page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settingsDialog(page)).toBeHidden();
}

/** Creates a JavaScript tool `double` through the editor and saves Settings. */
export async function createDoubleTool(page: Page): Promise<void> {
  await openNewTool(page);
  const dialog = editor(page);
  await dialog.getByRole('textbox', { name: 'Tool name' }).fill('double');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Doubles a number.');
  await dialog
    .getByRole('textbox', { name: 'Parameters (JSON Schema)' })
    .fill('{"type": "object", "properties": {"n": {"type": "number"}}, "required": ["n"]}');
  await dialog.getByRole('textbox', { name: 'Code' }).fill('args.n * 2');
  await dialog.getByRole('button', { name: 'Save tool' }).click();
  await expect(dialog).toBeHidden();
  await saveSettings(page);
}
