import { expect, openApp, sendAndWait, test, useEndpoint, waitForServiceWorker } from './fixtures.ts';

test.describe('the tokenizer offline', () => {
  test('after one visit that counted tokens, Span details still count with the real tokenizer with the network off', async ({
    page,
    context,
    mockLlm,
  }) => {
    // The o200k_base vocabulary (3.6 MB) is fetched and built online, then read from the browser's cache offline.
    test.slow();
    await openApp(page);
    await waitForServiceWorker(page);
    await useEndpoint(page, mockLlm.url, { model: 'gpt-4o-mini' });
    // o200k_base counts this reply as 8 tokens; the calibrated estimate would say 13.
    mockLlm.enqueue({ kind: 'reply', content: '你好，世界！这是一个测试。', usage: null });
    await sendAndWait(page, 'Say hello in Chinese');
    const details = page.getByRole('region', { name: 'Span details' });
    const callSpan = page.getByRole('tree', { name: 'Span tree' }).getByRole('treeitem', { name: 'llm: gpt-4o-mini' });
    await callSpan.click();
    // The counting worker reads and parses the 3.6 MB vocabulary first: seconds of CPU on a busy two-core machine.
    const counting = { timeout: 30_000 };
    await expect(details.getByTestId('span-output-tokens')).toHaveText('8 (counted)', counting);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    // Really offline: the network is refused, so the vocabulary cannot come from it.
    expect(
      await page.evaluate(() =>
        fetch('/?probe', { cache: 'no-store' }).then(
          () => 'online',
          () => 'offline',
        ),
      ),
    ).toBe('offline');
    await callSpan.click();
    await expect(details.getByTestId('span-output-tokens')).toHaveText('8 (counted)', counting);
    await expect(details.getByTestId('span-input-tokens')).toHaveText(/^[\d,]+ \(counted\)$/);
  });
});
