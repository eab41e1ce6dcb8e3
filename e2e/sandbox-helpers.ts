import type { Frame, Page } from '@playwright/test';

/**
 * Embeds a sandbox page (public/sandbox.html or its network twin) the way the app does — a same-origin frame
 * without a sandbox attribute — and returns the frame user code runs in: the page's opaque srcdoc child.
 */
export async function embedSandboxPage(page: Page, path: string): Promise<Frame> {
  await page.evaluate(async (src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    await loaded;
  }, path);
  const child = page
    .frames()
    .find((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.url().endsWith(path));
  if (!child) throw new Error(`${path} has no sandbox child frame`);
  return child;
}

/** Runs an action in a frame: 'allowed', or the error it threw (name and message). */
export type Attempt = (action: () => unknown) => Promise<string>;

/**
 * Defines `attempt` (an {@link Attempt}) in a frame's global scope, for the checks evaluated there next: functions
 * cannot be passed into `evaluate`, so each check reads it as `(globalThis as { attempt: Attempt }).attempt`.
 */
export async function defineAttempt(frame: Frame): Promise<void> {
  await frame.evaluate(() => {
    (globalThis as unknown as { attempt: Attempt }).attempt = async (action) => {
      try {
        await action();
        return 'allowed';
      } catch (error) {
        return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    };
  });
}
