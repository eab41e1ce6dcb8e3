import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { defineAttempt, embedSandboxPage, type Attempt } from './sandbox-helpers.ts';

const distDirectory = process.env.E2E_DIST ?? 'dist';

/** The directives of the page's `<meta http-equiv="Content-Security-Policy">` (it must have exactly one). */
function metaPolicy(file: string): Map<string, string[]> {
  const html = readFileSync(join(distDirectory, file), 'utf8');
  const tags = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/giu)];
  expect(tags, `${file} has one CSP meta tag`).toHaveLength(1);
  const policy = new Map<string, string[]>();
  for (const directive of (tags[0]?.[1] ?? '').split(';')) {
    const [name, ...values] = directive.trim().split(/\s+/u);
    if (name) policy.set(name, values);
  }
  return policy;
}

/** Inline `<script>` elements (with content, without src) in a built page. */
function inlineScripts(file: string): string[] {
  const html = readFileSync(join(distDirectory, file), 'utf8');
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/giu)]
    .filter(([, attributes, body]) => !/\bsrc=/u.test(attributes ?? '') || body?.trim())
    .map(([tag]) => tag);
}

test('the built page has a strict policy, and the sandbox page a stricter one', () => {
  const app = metaPolicy('index.html');
  // WebAssembly may compile (the in-browser model's llama.cpp runs in a blob worker, which inherits this policy);
  // JavaScript eval stays forbidden.
  expect(app.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(app.get('default-src')).toEqual(["'self'"]);
  expect(app.get('object-src')).toEqual(["'none'"]);
  expect(app.get('base-uri')).toEqual(["'none'"]);
  expect(app.get('form-action')).toEqual(["'none'"]);
  // Endpoints are the user's choice.
  expect(app.get('connect-src')).toContain('*');
  // The only frame the page embeds is its own sandbox page.
  expect(app.get('frame-src')).toEqual(["'self'"]);
  for (const [name, values] of app) {
    expect(values, name).not.toContain("'unsafe-eval'");
    expect(values, name === 'style-src' ? name : `${name} allows no inline code`).not.toContain("'unsafe-inline'");
  }
  expect(inlineScripts('index.html')).toEqual([]);

  const sandbox = metaPolicy('sandbox.html');
  expect(sandbox.get('default-src')).toEqual(["'none'"]);
  expect(sandbox.get('connect-src')).toEqual(["'none'"]);
  expect(sandbox.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
  expect(sandbox.get('worker-src')).toEqual(['data:']);
  expect(sandbox.get('base-uri')).toEqual(["'none'"]);
  expect(inlineScripts('sandbox.html')).toEqual([]);

  // The page for custom tools allowed the network differs in connect-src only.
  const networked = metaPolicy('sandbox-network.html');
  expect(networked.get('connect-src')).toEqual(['http:', 'https:']);
  for (const [name, values] of sandbox) if (name !== 'connect-src') expect(networked.get(name), name).toEqual(values);
  expect([...networked.keys()].toSorted()).toEqual([...sandbox.keys()].toSorted());
  expect(inlineScripts('sandbox-network.html')).toEqual([]);
});

/** Records, in the app and in every frame of its own origin, each iframe added: where, its src, sandbox and srcdoc. */
async function watchEmbeddings(
  page: Page,
): Promise<Array<{ in: string; src: string | null; sandbox: string | null; srcdoc: boolean }>> {
  const seen: Array<{ in: string; src: string | null; sandbox: string | null; srcdoc: boolean }> = [];
  await page.exposeBinding('reportEmbedding', (_source, embedding: (typeof seen)[number]) => {
    seen.push(embedding);
  });
  await page.addInitScript(() => {
    const report = (window as unknown as { reportEmbedding?: (embedding: unknown) => void }).reportEmbedding;
    if (!report) return;
    new MutationObserver((records) => {
      for (const added of records.flatMap((record) => [...record.addedNodes])) {
        if (!(added instanceof HTMLIFrameElement)) continue;
        report({
          in: new URL(location.href).pathname,
          src: added.getAttribute('src'),
          sandbox: added.getAttribute('sandbox'),
          srcdoc: added.hasAttribute('srcdoc'),
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return seen;
}

test('the app embeds the sandbox page same-origin, and the page runs the code in an opaque child under its own policy', async ({
  page,
  mockLlm,
}) => {
  test.setTimeout(60_000);
  const embeddings = await watchEmbeddings(page);
  await openApp(page);
  const appOrigin = new URL(page.url()).origin;
  await send(page, 'Run JavaScript: `6 * 7`');
  const card = page.getByRole('group', { name: 'Tool call run_javascript' });
  await card.getByRole('button', { name: 'Approve' }).click();
  // That the code runs and answers is e2e/tools-sandbox.spec.ts's; here only the frames matter, so the 5 s limit of
  // run_javascript (which includes the frames' start) cannot fail this test on a loaded machine.
  await expect(card).toHaveAttribute('data-tool-status', /^(?:ok|error)$/u);
  // The app's frame has no sandbox attribute (the service worker must answer its navigation); its one child has
  // exactly sandbox="allow-scripts" and a srcdoc, so it needs no request and has an opaque origin.
  expect(embeddings).toEqual([
    { in: '/', src: `${appOrigin}/sandbox.html`, sandbox: null, srcdoc: false },
    { in: '/sandbox.html', src: null, sandbox: 'allow-scripts', srcdoc: true },
  ]);

  // What runs there meets the sandbox page's policy, not the app's (which forbids eval and data: workers, and
  // allows any connection) nor a mix: a data: worker starts and compiles code; the network only in the twin page.
  for (const [path, network] of [
    ['/sandbox.html', false],
    ['/sandbox-network.html', true],
  ] as const) {
    await test.step(path, async () => {
      const child = await embedSandboxPage(page, path);
      await defineAttempt(child);
      const outcome = await child.evaluate(
        async ({ app, endpoint }) => {
          const { attempt } = globalThis as unknown as { attempt: Attempt };
          const script = `(async () => { let fetched; try { fetched = (await fetch(${JSON.stringify(endpoint)})).status; } catch (error) { fetched = String(error); } postMessage({ compiled: new Function('return 6 * 7')(), origin: self.origin, fetched }); })();`;
          const worker = new Worker(`data:text/javascript;charset=utf-8,${encodeURIComponent(script)}`);
          const fromWorker = await new Promise<unknown>((resolve) => {
            worker.addEventListener('message', (event) => resolve(event.data), { once: true });
            worker.addEventListener('error', (event) => resolve(`error: ${event.message}`), { once: true });
          });
          worker.terminate();
          return {
            origin: self.origin,
            policyTags: document.querySelectorAll('meta[http-equiv]').length,
            parentDocument: await attempt(() => window.parent.document.title),
            appDocument: await attempt(() => window.top?.document.title),
            indexedDB: await attempt(() => indexedDB.open('glassbox')),
            localStorage: await attempt(() => localStorage.getItem('x')),
            fetchApp: await attempt(() => fetch(`${app}/`)),
            fromWorker,
          };
        },
        { app: appOrigin, endpoint: `${mockLlm.url}/models` },
      );
      expect(outcome.origin).toBe('null');
      // No policy of its own: it has exactly the one it inherits from the page.
      expect(outcome.policyTags).toBe(0);
      expect(outcome.parentDocument).toContain('SecurityError');
      expect(outcome.appDocument).toContain('SecurityError');
      expect(outcome.indexedDB).toContain('SecurityError');
      expect(outcome.localStorage).toContain('SecurityError');
      // The app's origin does not allow an opaque one (CORS), nor does the no-network policy; either way it fails.
      expect(outcome.fetchApp).toContain('TypeError');
      expect(outcome.fromWorker).toEqual({
        compiled: 42,
        origin: 'null',
        fetched: network ? 200 : expect.stringContaining('TypeError'),
      });
    });
  }
});

/** Collects every `securitypolicyviolation` in the page and its frames, and the browser's CSP console reports. */
async function watchViolations(page: Page): Promise<{ events: string[]; console: string[] }> {
  const seen = { events: [] as string[], console: [] as string[] };
  await page.exposeBinding('reportPolicyViolation', ({ frame }, text: string) => {
    seen.events.push(`${frame.url()}: ${text}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/content security policy/iu.test(message.text())) seen.console.push(message.text());
  });
  return seen;
}

test('the app runs under its policy: a demo conversation with tools, the sandbox, files and dialogs reports no violation', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const violations = await watchViolations(page);
  await openApp(page);

  await send(page, 'What is (128+374)*2?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('1004');
  await expect(
    page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: calculator/ }),
  ).toHaveAttribute('data-span-status', 'ok');

  await send(
    page,
    'Run this JavaScript:\n```js\nlet s = 0;\nfor (let i = 1; i <= 10; i++) s += i;\nconsole.log("sum is", s);\ns\n```',
  );
  const card = page.getByRole('group', { name: 'Tool call run_javascript' });
  await card.getByRole('button', { name: 'Approve' }).click();
  // Text only the new run produces.
  await expect(lastAnswer(page)).toContainText('Result: 55');
  await expect(lastAnswer(page)).toContainText('sum is 55');
  await expect(card).toHaveAttribute('data-tool-status', 'ok');

  // An attached file, read by read_file.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Attach files' }).click();
  await (
    await chooser
  ).setFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from('month,revenue\nJan,120\nFeb,80\n') });
  await send(page, 'summarise sales.csv');
  await expect(lastAnswer(page)).toContainText('sales.csv');
  await expectRunStatus(page, 'done');
  await expect(
    page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: /^tool: read_file/ }),
  ).toHaveAttribute('data-span-status', 'ok');

  // A lazily loaded dialog.
  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();

  expect(violations.events).toEqual([]);
  expect(violations.console).toEqual([]);

  // The listener does catch violations, and the policy is enforced: an inline script is refused and reported.
  const inlineRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.inlineRan = "yes"';
    document.head.append(script);
    script.remove();
    return document.documentElement.dataset.inlineRan === 'yes';
  });
  expect(inlineRan).toBe(false);
  await expect.poll(() => violations.events.length).toBe(1);
  expect(violations.events[0]).toContain('script-src-elem blocked inline');
});

test('formulas render under the policy with no violation', async ({ page, mockLlm }) => {
  const violations = await watchViolations(page);
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue({
    kind: 'reply',
    content:
      'Inline $$\\sqrt{a^2+b^2}$$ and a display formula:\n\n$$\n\\frac{1}{2\\pi}\\int_0^{2\\pi} e^{i\\theta}\\,d\\theta = \\sum_{n=1}^{\\infty} \\frac{x^n}{n!}\n$$\n',
  });
  await send(page, 'Show me some formulas');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page).locator('.katex-display')).toHaveCount(1);
  await expect(lastAnswer(page).locator('.katex')).toHaveCount(2);
  // KaTeX's own sizes still apply (set through the CSSOM): the fraction's struts have their heights.
  const heights = await lastAnswer(page)
    .locator('.katex-html .strut')
    .evaluateAll((struts) => struts.map((strut) => (strut as HTMLElement).style.height));
  expect(heights.length).toBeGreaterThan(0);
  for (const height of heights) expect(height).toMatch(/em$/u);
  expect(violations.events).toEqual([]);
  expect(violations.console).toEqual([]);
});
