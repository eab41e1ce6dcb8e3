import type { Page } from '@playwright/test';
import type { ProbeTransaction } from './page-probe.ts';

/** `window.__bench` as the page scripts see it. */
export interface Probe {
  marks: Record<string, number>;
  longTasks: Array<{ start: number; duration: number }>;
  loafs: Array<{ start: number; duration: number; blocking: number }>;
  txs: ProbeTransaction[];
  countBytes: boolean;
  timeIdb: boolean;
  lastInput?: { type: string; at: number };
  downloads: number[];
  startFrames(): void;
  stopFrames(): number[];
  whenPainted(predicate: () => boolean, timeoutMs?: number): Promise<number>;
  domNodes(): { nodes: number; elements: number };
  /** Every stored span (read from IndexedDB in the page); the caller names the fields it reads. */
  storedSpans(): Promise<unknown[]>;
}

/** The probe inside `page.evaluate` callbacks. */
export type BenchWindow = Window & { __bench: Probe };

/** Marks a promise as handled now (it is awaited later), so an early rejection does not end the process. */
export function armed<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Loads the app and resolves with the time (ms since navigation start) its message box first accepted input. */
export async function loadUntilUsable(page: Page, url: string, reload = false): Promise<number> {
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as BenchWindow).__bench?.marks.inputUsable !== undefined, null, {
    timeout: 60_000,
    polling: 50,
  });
  return page.evaluate(() => (window as unknown as BenchWindow).__bench.marks.inputUsable as number);
}

/** JS and CSS files the page requested until the message box was usable (paths below the origin). */
export function firstLoadAssets(page: Page, until: number): Promise<string[]> {
  return page.evaluate((limit) => {
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= limit)
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /\.(?:js|css)$/.test(url.pathname))
      .map((url) => url.pathname);
  }, until);
}

/** Points Settings at an OpenAI-compatible endpoint (Custom provider), as a person would. */
export async function configureEndpoint(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('combobox', { name: 'Provider' }).selectOption({ label: 'Custom (OpenAI-compatible)' });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await dialog.getByLabel('API key').fill('sk-bench');
  await dialog.getByRole('combobox', { name: 'Model' }).fill('glassbox-demo');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Waits (in page) until the last message in the Messages log contains `marker`, painted. */
export function lastMessagePainted(page: Page, marker: string, timeoutMs = 60_000): Promise<number> {
  return armed(
    page.evaluate(
      ({ text, timeout }) =>
        (window as unknown as BenchWindow).__bench.whenPainted(() => {
          const articles = document.querySelectorAll('[role="log"][aria-label="Messages"] article');
          return articles[articles.length - 1]?.textContent?.includes(text) ?? false;
        }, timeout),
      { text: marker, timeout: timeoutMs },
    ),
  );
}

/** The time of the latest click, key press or file choice (event timestamp, ms since navigation start). */
export async function lastInputAt(page: Page): Promise<number> {
  const input = await page.evaluate(() => (window as unknown as BenchWindow).__bench.lastInput);
  if (!input) throw new Error('No input event was recorded');
  return input.at;
}

/** Types a message into the message box and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
}

/** Waits until the active session's run status has this value. */
export async function waitForRunStatus(page: Page, status: string, timeoutMs = 120_000): Promise<void> {
  await page
    .getByRole('main', { name: 'Chat' })
    .getByTestId('run-status')
    .and(page.locator(`[data-status="${status}"]`))
    .waitFor({ timeout: timeoutMs });
}

/** Chooses a file in the sidebar's Import control. */
export async function chooseImportFile(page: Page, path: string): Promise<void> {
  await page.getByRole('complementary', { name: 'Sessions' }).locator('input[type="file"]').setInputFiles(path);
}

/** Long tasks and long animation frames recorded between two times. */
export async function longWork(
  page: Page,
  from: number,
  to: number,
): Promise<{ longTasks: number; longTaskMs: number; loafBlockingMs: number }> {
  return page.evaluate(
    ({ start, end }) => {
      const probe = (window as unknown as BenchWindow).__bench;
      const tasks = probe.longTasks.filter((task) => task.start >= start && task.start <= end);
      const frames = probe.loafs.filter((frame) => frame.start >= start && frame.start <= end);
      return {
        longTasks: tasks.length,
        longTaskMs: tasks.reduce((total, task) => total + task.duration, 0),
        loafBlockingMs: frames.reduce((total, frame) => total + frame.blocking, 0),
      };
    },
    { start: from, end: to },
  );
}
