import type { Locator, Page } from '@playwright/test';
import { expect, expectRunStatus, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';

const settings = (page: Page) => page.getByRole('dialog', { name: 'Settings' });

/** How far an element reaches past the box it is shown in (the nearest scrolling or clipping ancestor, then the viewport). */
function overflowOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    let right = window.innerWidth;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX !== 'visible')
        right = Math.min(right, parent.getBoundingClientRect().right);
    }
    return Math.max(0, box.right - right);
  });
}

test('the Settings dialog stays where it is when switching tabs', async ({ page }) => {
  await openApp(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const tabs = settings(page).getByRole('tablist');
  await expect(tabs).toBeVisible();
  const names = await tabs.getByRole('tab').allTextContents();
  expect(names.length).toBeGreaterThan(3);
  const tops = new Set<number>();
  for (const tab of await tabs.getByRole('tab').all()) {
    await settingsTab(page, (await tab.getAttribute('aria-label')) ?? '');
    tops.add(Math.round((await settings(page).boundingBox())?.y ?? -1));
    tops.add(Math.round((await tabs.boundingBox())?.y ?? -1));
  }
  // One top for the dialog and one for its tabs, whatever the height of the tab shown.
  expect(tops.size).toBe(2);
});

for (const width of [1280, 390]) {
  test(`the Protocol select shows each option whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await openApp(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await settingsTab(page, 'Agent');
    const select = settings(page).getByRole('combobox', { name: 'Protocol' });
    const cut = await select.evaluate((element) => {
      const style = getComputedStyle(element);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      // Room for the text: the box less its padding, border and the arrow (about 1.5em).
      const room =
        element.clientWidth -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        1.5 * parseFloat(style.fontSize);
      return [...(element as HTMLSelectElement).options]
        .filter((option) => context.measureText(option.text).width > room)
        .map((option) => option.text);
    });
    expect(cut).toEqual([]);
  });
}

test('the Insights Open buttons fit at 390 px', async ({ page, mockLlm }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openApp(page);
  await useEndpoint(page, mockLlm.url, { model: 'mock-layout' });
  mockLlm.enqueue(
    { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
    { kind: 'reply', content: 'It is 42.' },
  );
  await send(page, 'What is 6*7?');
  await expectRunStatus(page, 'done');
  await page.getByRole('button', { name: 'Insights' }).click();
  const view = page.getByRole('dialog', { name: 'Insights' });
  const open = view.getByRole('button', { name: /^Open the latest run of / });
  await expect(open.first()).toBeVisible();
  for (const button of await open.all()) expect(await overflowOf(button)).toBe(0);
});
