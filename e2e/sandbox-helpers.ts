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
  const child = page.frames().find((frame) => frame.url() === 'about:srcdoc' && frame.parentFrame()?.url().endsWith(path));
  if (!child) throw new Error(`${path} has no sandbox child frame`);
  return child;
}
