import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ESCAPE_CASE_TIMEOUT_MS, SANDBOX_ESCAPE_CASES, checkEscapeCase } from '../src/tools/sandbox/sandbox-escape-cases.ts';
import type { SandboxResult } from '../src/tools/tool-context.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

const assetsDirectory = join(process.env.E2E_DIST ?? 'dist', 'assets');

/** The sandbox worker script of the build under test, checked to be the one the app's own code starts. */
function builtSandboxWorker(): string {
  const files = readdirSync(assetsDirectory);
  const workers = files.filter((file) => /^sandbox-worker-[\w-]+\.js$/u.test(file));
  if (workers.length !== 1) throw new Error(`expected one sandbox worker asset in ${assetsDirectory}, found ${workers.join(', ') || 'none'}`);
  const worker = workers[0] as string;
  const referencedByApp = files.some((file) => file.endsWith('.js') && file !== worker && readFileSync(join(assetsDirectory, file), 'utf8').includes(worker));
  if (!referencedByApp) throw new Error(`no app chunk references ${worker}`);
  return `/assets/${worker}`;
}

/**
 * Runs code in a fresh instance of the built sandbox worker, speaking its message protocol like the app does:
 * one `run` message, `log` entries, then one `result`; the worker is terminated after `timeoutMs`.
 */
function runInBuiltWorker(page: Page, url: string, code: string, timeoutMs: number): Promise<SandboxResult> {
  return page.evaluate(
    ({ url: workerUrl, code: source, timeoutMs: limit }) =>
      new Promise<SandboxResult>((resolve) => {
        const logs: string[] = [];
        const worker = new Worker(workerUrl, { type: 'module', name: 'glassbox-sandbox' });
        const finish = (result: SandboxResult) => {
          clearTimeout(timer);
          worker.terminate();
          resolve(result);
        };
        const timer = setTimeout(() => finish({ ok: false, timedOut: true, error: `Timed out after ${limit} ms`, logs }), limit);
        worker.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as { type?: string; entry?: string; ok?: boolean; result?: string; error?: string };
          if (data?.type === 'log' && typeof data.entry === 'string') logs.push(data.entry);
          else if (data?.type === 'result') finish(data.ok ? { ok: true, ...(data.result === undefined ? {} : { result: data.result }), logs } : { ok: false, error: data.error ?? '', logs });
        });
        worker.addEventListener('error', (event) => {
          event.preventDefault();
          finish({ ok: false, error: `The sandbox failed: ${event.message}`, logs });
        });
        worker.postMessage({ type: 'run', code: source });
      }),
    { url, code, timeoutMs },
  );
}

// Cases that must finish on their own get a generous limit, so a loaded machine cannot turn a slow start into a timeout.
const FINISHING_CASE_LIMIT_MS = 15_000;

test('the built sandbox worker holds against every escape attempt', async ({ page }) => {
  test.setTimeout(120_000);
  const workerUrl = builtSandboxWorker();
  await page.goto('/');
  for (const escapeCase of SANDBOX_ESCAPE_CASES) {
    await test.step(escapeCase.name, async () => {
      const limit = escapeCase.expect.timedOut ? ESCAPE_CASE_TIMEOUT_MS : FINISHING_CASE_LIMIT_MS;
      const outcome = await runInBuiltWorker(page, workerUrl, escapeCase.code, limit);
      expect.soft(checkEscapeCase(escapeCase.expect, outcome), `${escapeCase.name}: ${JSON.stringify(outcome).slice(0, 400)}`).toEqual([]);
    });
  }
});

test.describe('run_javascript through the chat', () => {
  test.describe.configure({ timeout: 60_000 });

  test('asks for approval, then runs the code in the app\'s sandbox worker and answers with the result', async ({ page }) => {
    const workerUrl = builtSandboxWorker();
    await openApp(page);
    const started: string[] = [];
    page.on('worker', (worker) => started.push(new URL(worker.url()).pathname));

    await send(page, 'Run JavaScript: `[1, 2, 3].map((x) => x * 2)`');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await expect(card).toHaveAttribute('data-tool-status', 'awaiting-approval');
    await expectRunStatus(page, 'running');
    const tree = page.getByRole('tree', { name: 'Span tree' });
    await expect(tree.getByRole('treeitem', { name: /^approval: / })).toHaveAttribute('data-span-status', 'running');
    await expect(card).toContainText('[1, 2, 3].map((x) => x * 2)');
    expect(started).toEqual([]);

    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'ok');
    await expect(lastAnswer(page)).toContainText('I ran your code in the sandboxed worker.');
    await expect(lastAnswer(page)).toContainText('2, 4, 6');
    await expect(tree.getByRole('treeitem', { name: /^tool: run_javascript/ })).toHaveAttribute('data-span-status', 'ok');
    await expect(tree.getByRole('treeitem', { name: /^approval: / })).toHaveAttribute('data-span-status', 'ok');
    // The app started exactly the worker file the escape cases above ran in.
    expect(started).toEqual([workerUrl]);
  });

  test('a denial becomes an observation the model sees, and nothing runs', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    const started: string[] = [];
    page.on('worker', (worker) => started.push(worker.url()));

    await send(page, 'Run JavaScript: `6 * 7`');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Deny' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'denied');
    await expect(lastAnswer(page)).toContainText('You denied running the code, so nothing was executed.');

    const chats = mockLlm.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(2);
    const second = chats[1]?.body as { messages: { role: string; content: string | null }[] } | undefined;
    const observation = second?.messages.find((message) => message.role === 'tool');
    expect(observation?.content).toContain('The user denied this call');
    expect(started).toEqual([]);
  });

  test('Stop while a call awaits approval ends the run without running anything', async ({ page }) => {
    await openApp(page);
    const started: string[] = [];
    page.on('worker', (worker) => started.push(worker.url()));
    await send(page, 'Run JavaScript: `6 * 7`');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^run: / })).toHaveAttribute('data-span-status', 'cancelled');
    expect(started).toEqual([]);
  });

  test('an endless loop is stopped at the time limit and the run finishes', async ({ page }) => {
    await openApp(page);
    await send(page, 'Run this JavaScript:\n```js\nconsole.log("looping");\nwhile (true) {}\n```');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'error');
    await expect(lastAnswer(page)).toContainText('time limit');
    await expect(page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: run_javascript/ })).toHaveAttribute('data-span-status', 'error');
  });
});
