import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import {
  ESCAPE_CASE_TIMEOUT_MS,
  SANDBOX_ESCAPE_CASES,
  SANDBOX_REPL_CASES,
  checkEscapeCase,
} from '../src/tools/sandbox/sandbox-escape-cases.ts';
import type { SandboxResult } from '../src/tools/tool-context.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { defineAttempt, embedSandboxPage, type Attempt } from './sandbox-helpers.ts';

const assetsDirectory = join(process.env.E2E_DIST ?? 'dist', 'assets');
const SANDBOX_PAGE = '/sandbox.html';

/** The sandbox worker script of the build under test, checked to be the one the app's own code loads. */
function builtSandboxWorker(): string {
  const files = readdirSync(assetsDirectory);
  const workers = files.filter((file) => /^sandbox-worker-[\w-]+\.js$/u.test(file));
  if (workers.length !== 1)
    throw new Error(`expected one sandbox worker asset in ${assetsDirectory}, found ${workers.join(', ') || 'none'}`);
  const worker = workers[0] as string;
  const referencedByApp = files.some(
    (file) =>
      file.endsWith('.js') && file !== worker && readFileSync(join(assetsDirectory, file), 'utf8').includes(worker),
  );
  if (!referencedByApp) throw new Error(`no app chunk references ${worker}`);
  return `/assets/${worker}`;
}

/**
 * Runs code in a fresh instance of the built sandbox, speaking its protocol like the app does: a same-origin frame
 * of sandbox.html (which runs the code in its own child frame with sandbox="allow-scripts"), a private port handed
 * over once, the worker script's text, one `run` message, `log` entries, then one `result`; the frame is removed
 * after `timeoutMs`.
 */
function runInBuiltSandbox(page: Page, workerUrl: string, code: string, timeoutMs: number): Promise<SandboxResult> {
  return page.evaluate(
    async ({ workerUrl: url, sandboxPage, code: source, timeoutMs: limit }) => {
      const workerSource = await (await fetch(url)).text();
      return new Promise<SandboxResult>((resolve) => {
        const logs: string[] = [];
        const frame = document.createElement('iframe');
        frame.hidden = true;
        const channel = new MessageChannel();
        const port = channel.port1;
        const finish = (result: SandboxResult) => {
          clearTimeout(timer);
          port.close();
          frame.remove();
          resolve(result);
        };
        const timer = setTimeout(
          () => finish({ ok: false, timedOut: true, error: `Timed out after ${limit} ms`, logs }),
          limit,
        );
        port.addEventListener('message', (event: MessageEvent) => {
          const data = event.data as {
            type?: string;
            entry?: string;
            ok?: boolean;
            result?: string;
            error?: string;
            message?: string;
          };
          if (data?.type === 'ready') {
            port.postMessage({ type: 'start', workerSource });
            port.postMessage({ type: 'run', code: source });
          } else if (data?.type === 'log' && typeof data.entry === 'string') logs.push(data.entry);
          else if (data?.type === 'result')
            finish(
              data.ok
                ? { ok: true, ...(data.result === undefined ? {} : { result: data.result }), logs }
                : { ok: false, error: data.error ?? '', logs },
            );
          else if (data?.type === 'sandbox-error')
            finish({ ok: false, error: `The sandbox failed: ${data.message ?? ''}`, logs });
        });
        port.start();
        frame.addEventListener(
          'load',
          () => frame.contentWindow?.postMessage({ type: 'glassbox-sandbox-connect' }, '*', [channel.port2]),
          { once: true },
        );
        frame.src = sandboxPage;
        document.body.append(frame);
      });
    },
    { workerUrl, sandboxPage: SANDBOX_PAGE, code, timeoutMs },
  );
}

// Cases that must finish on their own get a generous limit, so a loaded machine cannot turn a slow start into a timeout.
const FINISHING_CASE_LIMIT_MS = 15_000;

test('the built sandbox answers like a console', async ({ page }) => {
  test.setTimeout(60_000);
  const workerUrl = builtSandboxWorker();
  await page.goto('/');
  for (const replCase of SANDBOX_REPL_CASES) {
    await test.step(replCase.name, async () => {
      const outcome = await runInBuiltSandbox(page, workerUrl, replCase.code, FINISHING_CASE_LIMIT_MS);
      expect
        .soft(checkEscapeCase(replCase.expect, outcome), `${replCase.name}: ${JSON.stringify(outcome).slice(0, 400)}`)
        .toEqual([]);
    });
  }
});

test('the built sandbox holds against every escape attempt', async ({ page }) => {
  test.setTimeout(120_000);
  const workerUrl = builtSandboxWorker();
  await page.goto('/');
  for (const escapeCase of SANDBOX_ESCAPE_CASES) {
    await test.step(escapeCase.name, async () => {
      const limit = escapeCase.expect.timedOut ? ESCAPE_CASE_TIMEOUT_MS : FINISHING_CASE_LIMIT_MS;
      const outcome = await runInBuiltSandbox(page, workerUrl, escapeCase.code, limit);
      expect
        .soft(
          checkEscapeCase(escapeCase.expect, outcome),
          `${escapeCase.name}: ${JSON.stringify(outcome).slice(0, 400)}`,
        )
        .toEqual([]);
    });
  }
  // Every frame was removed with its run.
  expect(page.frames().filter((frame) => frame.url().endsWith(SANDBOX_PAGE))).toEqual([]);
});

/** Embeds the sandbox page the way the app does and returns the frame user code runs in: its opaque child. */
function openSandboxFrame(page: Page): Promise<Frame> {
  return embedSandboxPage(page, SANDBOX_PAGE);
}

// What code that slipped past the global lockdown would meet: these run in the sandbox frame and in a worker it
// starts, with nothing disabled, and must still find no way to the app's data, channels, locks or the network.
test('the sandbox frame is a boundary of its own, without the lockdown', async ({ page }) => {
  await openApp(page);
  const appOrigin = new URL(page.url()).origin;
  // The app's own channel: whatever the sandbox broadcasts must not arrive here.
  await page.evaluate(() => {
    const received: unknown[] = [];
    (window as unknown as { sandboxBroadcasts: unknown[] }).sandboxBroadcasts = received;
    new BroadcastChannel('glassbox').addEventListener('message', (event) => received.push(event.data));
  });
  const frame = await openSandboxFrame(page);
  await defineAttempt(frame);

  const inFrame = await frame.evaluate(async (target) => {
    const { attempt } = globalThis as unknown as { attempt: Attempt };
    const violation = new Promise((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.effectiveDirective), {
        once: true,
      }),
    );
    // The frame's own two channels of the same name reach each other, so a message to the app would have been sent.
    const echo = new BroadcastChannel('glassbox');
    const echoed = new Promise((resolve) =>
      echo.addEventListener('message', (event) => resolve(event.data), { once: true }),
    );
    new BroadcastChannel('glassbox').postMessage({ type: 'forged', from: 'sandbox' });
    return {
      origin: self.origin,
      indexedDB: await attempt(() => indexedDB.open('glassbox')),
      locks: await attempt(() => navigator.locks.request('glassbox-run-x', async () => undefined)),
      localStorage: await attempt(() => localStorage.getItem('x')),
      parentDocument: await attempt(() => window.parent.document.title),
      topStorage: await attempt(() => window.top?.localStorage.getItem('x')),
      fetchApp: await attempt(() => fetch(`${target}/`)),
      fetchElsewhere: await attempt(() => fetch('https://example.com/')),
      echoed: await echoed,
      violation: await violation,
    };
  }, appOrigin);
  expect(inFrame.origin).toBe('null');
  expect(inFrame.indexedDB).toContain('SecurityError');
  expect(inFrame.locks).toContain('SecurityError');
  expect(inFrame.localStorage).toContain('SecurityError');
  expect(inFrame.parentDocument).toContain('SecurityError');
  expect(inFrame.topStorage).toContain('SecurityError');
  expect(inFrame.fetchApp).toContain('TypeError');
  expect(inFrame.fetchElsewhere).toContain('TypeError');
  expect(inFrame.echoed).toEqual({ type: 'forged', from: 'sandbox' });
  expect(inFrame.violation).toBe('connect-src');

  // A worker the frame starts the way it starts the sandbox worker (from a data: URL), with none of the lockdown,
  // inherits the frame's policy and has an opaque origin of its own.
  const inWorker = await frame.evaluate(async (target) => {
    const script = `
      const attempt = async (action) => { try { await action(); return 'allowed'; } catch (error) { return String(error); } };
      (async () => postMessage({
        origin: self.origin,
        indexedDB: await attempt(() => indexedDB.open('glassbox')),
        locks: await attempt(() => navigator.locks.request('glassbox-run-x', async () => undefined)),
        fetchApp: await attempt(() => fetch(${JSON.stringify(target)} + '/')),
        importApp: await attempt(() => importScripts(${JSON.stringify(target)} + '/favicon.svg')),
      }))();`;
    const worker = new Worker(`data:text/javascript;charset=utf-8,${encodeURIComponent(script)}`);
    return new Promise<Record<string, string>>((resolve) =>
      worker.addEventListener('message', (event) => resolve(event.data), { once: true }),
    );
  }, appOrigin);
  expect(inWorker.origin).toBe('null');
  expect(inWorker.indexedDB).toContain('SecurityError');
  expect(inWorker.locks).not.toBe('allowed');
  expect(inWorker.fetchApp).toContain('TypeError');
  expect(inWorker.importApp).toContain('NetworkError');

  // A round trip on the app's side after the frame's broadcast: the forged message never arrived.
  const appSide = await page.evaluate(async () => {
    const probe = new BroadcastChannel('glassbox');
    const marker = { type: 'marker', from: 'app' };
    const arrived = new Promise((resolve) => {
      const listener = new BroadcastChannel('glassbox');
      listener.addEventListener('message', (event) => resolve(event.data), { once: true });
    });
    probe.postMessage(marker);
    await arrived;
    return (window as unknown as { sandboxBroadcasts: unknown[] }).sandboxBroadcasts;
  });
  expect(appSide).toContainEqual({ type: 'marker', from: 'app' });
  expect(appSide).not.toContainEqual({ type: 'forged', from: 'sandbox' });
});

test.describe('run_javascript through the chat', () => {
  test.describe.configure({ timeout: 60_000 });

  test("asks for approval, then runs the code in the app's sandbox frame and answers with the result", async ({
    page,
  }) => {
    const workerUrl = builtSandboxWorker();
    await openApp(page);
    const sandbox = watchSandbox(page);

    await send(page, 'Run JavaScript: `[1, 2, 3].map((x) => x * 2)`');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await expect(card).toHaveAttribute('data-tool-status', 'awaiting-approval');
    await expectRunStatus(page, 'running');
    const tree = page.getByRole('tree', { name: 'Span tree' });
    await expect(tree.getByRole('treeitem', { name: /^approval: / })).toHaveAttribute('data-span-status', 'running');
    await expect(card).toContainText('[1, 2, 3].map((x) => x * 2)');
    expect(sandbox.frames).toEqual([]);

    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'ok');
    await expect(lastAnswer(page)).toContainText('I ran your code in the sandboxed worker.');
    await expect(lastAnswer(page)).toContainText('2, 4, 6');
    await expect(tree.getByRole('treeitem', { name: /^tool: run_javascript/ })).toHaveAttribute(
      'data-span-status',
      'ok',
    );
    await expect(tree.getByRole('treeitem', { name: /^approval: / })).toHaveAttribute('data-span-status', 'ok');
    // The app ran it in one sandbox frame, with exactly the worker script the escape cases above ran in; the frame
    // is gone once the run is over.
    expect(sandbox.frames).toEqual([SANDBOX_PAGE]);
    expect(sandbox.workerScripts).toEqual([workerUrl]);
    await expect.poll(() => openSandboxFrames(page)).toBe(0);
  });

  test('console-style results through the chat: the last expression, console output apart, and await', async ({
    page,
  }) => {
    await openApp(page);
    await send(
      page,
      'Run this JavaScript:\n```js\nlet s = 0;\nfor (let i = 1; i <= 10; i++) s += i;\nconsole.log("summing", 10, "numbers");\nawait Promise.resolve(s)\n```',
    );
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'ok');
    await expect(lastAnswer(page)).toContainText('Result: 55');
    await expect(lastAnswer(page)).toContainText('Console output:');
    await expect(lastAnswer(page)).toContainText('summing 10 numbers');
  });

  test('a thrown error becomes an error observation with its message', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await send(page, 'Run JavaScript: `const limit = 3; throw new RangeError("limit is " + limit)`');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'error');
    await expect(lastAnswer(page)).toContainText('RangeError: limit is 3');

    const chats = mockLlm.requests.filter((request) => request.path.endsWith('/chat/completions'));
    expect(chats).toHaveLength(2);
    const second = chats[1]?.body as { messages: { role: string; content: string | null }[] } | undefined;
    const observation = second?.messages.find((message) => message.role === 'tool');
    expect(observation?.content).toContain('RangeError: limit is 3');
  });

  test('a denial becomes an observation the model sees, and nothing runs', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    const sandbox = watchSandbox(page);

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
    expect(sandbox.frames).toEqual([]);
    expect(sandbox.workerScripts).toEqual([]);
  });

  test('Stop while a call awaits approval ends the run without running anything', async ({ page }) => {
    await openApp(page);
    const sandbox = watchSandbox(page);
    await send(page, 'Run JavaScript: `6 * 7`');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(
      page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^run: / }),
    ).toHaveAttribute('data-span-status', 'cancelled');
    expect(sandbox.frames).toEqual([]);
    expect(sandbox.workerScripts).toEqual([]);
  });

  test('an endless loop is stopped at the time limit and the run finishes', async ({ page }) => {
    await openApp(page);
    await send(page, 'Run this JavaScript:\n```js\nconsole.log("looping");\nwhile (true) {}\n```');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'error');
    await expect(lastAnswer(page)).toContainText('time limit');
    await expect(
      page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: run_javascript/ }),
    ).toHaveAttribute('data-span-status', 'error');
    await expect.poll(() => openSandboxFrames(page)).toBe(0);
  });

  test('Stop ends runaway code: the sandbox frame is removed', async ({ page }) => {
    await openApp(page);
    await send(page, 'Run this JavaScript:\n```js\nconsole.log("spinning");\nfor (;;) {}\n```');
    const card = page.getByRole('group', { name: 'Tool call run_javascript' });
    await card.getByRole('button', { name: 'Approve' }).click();
    await expect(card).toHaveAttribute('data-tool-status', 'running');
    await expect.poll(() => openSandboxFrames(page)).toBe(1);
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect.poll(() => openSandboxFrames(page)).toBe(0);
  });
});

/**
 * Records the sandbox frames the app opens and the worker scripts it loads for them. A frame counts when it navigates
 * to the sandbox page: the event comes in order with the frame's removal, so a run that ends (and removes its frame)
 * before the test looks is still counted once.
 */
function watchSandbox(page: Page): { frames: string[]; workerScripts: string[] } {
  const seen = { frames: [] as string[], workerScripts: [] as string[] };
  const counted = new WeakSet<Frame>();
  page.on('framenavigated', (frame) => {
    const { pathname } = new URL(frame.url());
    if (frame === page.mainFrame() || pathname !== SANDBOX_PAGE || counted.has(frame)) return;
    counted.add(frame);
    seen.frames.push(pathname);
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/sandbox-worker-[\w-]+\.js$/u.test(pathname)) seen.workerScripts.push(pathname);
  });
  return seen;
}

function openSandboxFrames(page: Page): number {
  return page.frames().filter((frame) => frame.url().endsWith(SANDBOX_PAGE)).length;
}
