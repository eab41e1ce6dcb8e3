import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, sendAndWait, test, useEndpoint } from './fixtures.ts';

const LONG_ANSWER = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');

function spanTree(page: Page) {
  return page.getByRole('tree', { name: 'Span tree' });
}

function spanDetails(page: Page) {
  return page.getByRole('region', { name: 'Span details' });
}

test.describe('trace inspector: live updates, details and export', () => {
  test('spans appear while a run is in flight, running, with output growing in the details', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'mock-live' });
    // The answer comes in three parts, each sent only when the test releases it: the run stays in flight for as
    // long as the test looks, however slow the machine (a timed stream ended before a loaded machine got there).
    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }] },
      {
        kind: 'reply',
        parts: [
          'The answer is 42. ',
          LONG_ANSWER.slice(0, LONG_ANSWER.indexOf('word20')),
          LONG_ANSWER.slice(LONG_ANSWER.indexOf('word20')),
        ],
      },
    );
    await send(page, 'Compute 6*7 slowly');
    await expectRunStatus(page, 'running');

    const tree = spanTree(page);
    await expect(tree.getByRole('treeitem', { name: /^run: / })).toHaveAttribute('data-span-status', 'running');
    await expect(tree.getByRole('treeitem', { name: /^tool: calculator/ })).toHaveAttribute('data-span-status', 'ok');
    const liveLlm = tree.locator('[data-span-kind="llm"][data-span-status="running"]');
    await expect(liveLlm).toHaveCount(1);
    await liveLlm.click();

    const details = spanDetails(page);
    await expect(details.getByTestId('span-details-status')).toHaveText(/running/i);
    const output = details.getByTestId('span-live-output');
    await expect(output).toContainText('The answer is 42.');
    await expect(output).not.toContainText('word0');
    mockLlm.release();
    await expect(output).toContainText('word19');
    await expect(output).not.toContainText('word20');
    // Still in flight while it grew.
    await expect(page.getByRole('main', { name: 'Chat' }).getByTestId('run-status')).toHaveAttribute(
      'data-status',
      'running',
    );
    mockLlm.release();
    await expect(output).toContainText('word39');
    await expect(page.getByRole('main', { name: 'Chat' }).getByTestId('run-status')).toHaveAttribute(
      'data-status',
      'running',
    );
    mockLlm.release();

    await expectRunStatus(page, 'done');
    await expect(tree.getByRole('treeitem', { name: /^run: / })).toHaveAttribute('data-span-status', 'ok');
    await expect(details.getByTestId('span-details-status')).toHaveText(/ok/i);
    await expect(details).toContainText('word39');
  });

  test('Span details show duration, model and tokens for llm spans, arguments and result for tool spans', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { model: 'mock-details' });
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [{ name: 'calculator', arguments: { expression: '(128+374)*2' } }],
        usage: { prompt_tokens: 321, completion_tokens: 17, total_tokens: 338 },
      },
      { kind: 'reply', content: 'It is 1004.', usage: { prompt_tokens: 400, completion_tokens: 9, total_tokens: 409 } },
    );
    await send(page, 'What is (128+374)*2?');
    await expectRunStatus(page, 'done');

    const tree = spanTree(page);
    const details = spanDetails(page);
    await tree.locator('[data-span-kind="llm"]').first().click();
    await expect(details.getByTestId('span-duration')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
    await expect(details).toContainText('mock-details');
    await expect(details).toContainText('321');
    await expect(details).toContainText('17');

    await tree.getByRole('treeitem', { name: /^tool: calculator/ }).click();
    await expect(details.getByTestId('span-duration')).toHaveText(/^\d+(\.\d+)? (ms|s)$/);
    await expect(details).toContainText('(128+374)*2');
    await expect(details).toContainText('1004');

    await tree.getByRole('treeitem', { name: /^run: / }).click();
    // Run totals: 321 + 400 in, 17 + 9 out.
    await expect(details).toContainText('747 (721 / 26)');
  });

  test('Expand all opens earlier runs, and the tree is navigable with the keyboard', async ({ page }) => {
    await openApp(page);
    await send(page, 'What is 2+3?');
    await expectRunStatus(page, 'done');
    await send(page, 'What is 6*7?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('42');

    const tree = spanTree(page);
    const runs = tree.locator('[data-span-kind="run"]');
    await expect(runs).toHaveCount(2);
    // The latest run is open by default, the earlier one closed.
    await expect(runs.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(runs.nth(1)).toHaveAttribute('aria-expanded', 'true');
    await expect(tree.locator('[data-span-kind="tool"]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(runs.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await expect(tree.locator('[data-span-kind="tool"]')).toHaveCount(2);

    // Keyboard: focus the first run, walk down into it, back up, collapse and expand, select with Enter.
    await runs.nth(0).click();
    await expect(runs.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const firstChild = tree.locator('[data-span-kind="llm"]').first();
    await expect(firstChild).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(firstChild).toHaveAttribute('aria-selected', 'true');
    await expect(spanDetails(page).getByTestId('span-details-kind')).toHaveText('llm');
    await page.keyboard.press('ArrowLeft');
    await expect(runs.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(runs.nth(0)).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.locator('[data-span-kind="tool"]')).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(runs.nth(0)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('End');
    const lastItem = tree.getByRole('treeitem').last();
    await expect(lastItem).toBeFocused();
    await page.keyboard.press(' ');
    await expect(lastItem).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Home');
    await expect(runs.nth(0)).toBeFocused();
    // Only one treeitem is in the tab order (roving tabindex).
    await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  });

  test('Export OTLP downloads an ExportTraceServiceRequest with hex ids, the conversation id and no API key', async ({
    page,
    mockLlm,
  }) => {
    const apiKey = 'sk-e2e-secret-0123456789abcdef';
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { apiKey });
    await send(page, 'What is (128+374)*2?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('1004');
    // The key really was used.
    expect(mockLlm.requests.some((request) => request.headers.authorization === `Bearer ${apiKey}`)).toBe(true);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export OTLP' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const text = await readFile((await download.path()) as string, 'utf8');
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain('0123456789abcdef');

    type KeyValue = { key: string; value: { stringValue?: string; intValue?: string } };
    type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: KeyValue[] };
    const body = JSON.parse(text) as {
      resourceSpans: Array<{ resource: { attributes: KeyValue[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
    };
    expect(body.resourceSpans).toHaveLength(1);
    const resource = body.resourceSpans[0];
    expect(resource?.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'glassbox' } });
    const spans = resource?.scopeSpans.flatMap((scope) => scope.spans) ?? [];
    expect(spans.length).toBeGreaterThanOrEqual(4);
    for (const span of spans) {
      expect(span.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(span.spanId).toMatch(/^[0-9a-f]{16}$/);
      if (span.parentSpanId !== undefined) expect(span.parentSpanId).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);

    const conversationIds = new Set(
      spans.flatMap((span) =>
        span.attributes
          .filter((attribute) => attribute.key === 'gen_ai.conversation.id')
          .map((attribute) => attribute.value.stringValue),
      ),
    );
    expect(conversationIds.size).toBe(1);
    const [conversationId] = [...conversationIds];
    expect(conversationId).toMatch(/^sess_/);
    expect(download.suggestedFilename()).toContain(conversationId as string);

    const chatSpans = spans.filter((span) =>
      span.attributes.some(
        (attribute) => attribute.key === 'gen_ai.operation.name' && attribute.value.stringValue === 'chat',
      ),
    );
    expect(chatSpans).toHaveLength(2);
    expect(chatSpans[0]?.attributes).toContainEqual({
      key: 'gen_ai.request.model',
      value: { stringValue: 'glassbox-demo' },
    });
    const toolSpan = spans.find((span) =>
      span.attributes.some(
        (attribute) => attribute.key === 'gen_ai.tool.name' && attribute.value.stringValue === 'calculator',
      ),
    );
    expect(toolSpan).toBeTruthy();
  });

  test('a tool call in the chat links to its span, and a span scrolls the chat to its message', async ({ page }) => {
    test.slow();
    await openApp(page);
    // Each question waits for its own run (send waits until it is in the chat), not the previous run's Done.
    for (const question of ['What is (128+374)*2?', 'What is 2+3?', 'What is 6*7?', 'What is 9*9?', 'What is 12*12?']) {
      await sendAndWait(page, question);
    }
    await expect(lastAnswer(page)).toContainText('144');
    await expect(page.getByRole('main', { name: 'Chat' })).toHaveAttribute('data-user-messages', '5');
    await expect(spanTree(page).locator('[data-span-kind="run"]')).toHaveCount(5);

    // Chat → trace: the latest tool call's "Show in trace" selects its span.
    const card = page.getByRole('group', { name: 'Tool call calculator' }).last();
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Show in trace' }).click();
    const tree = spanTree(page);
    const selected = tree.locator('[aria-selected="true"]');
    await expect(selected).toHaveCount(1);
    await expect(selected).toHaveAttribute('data-span-kind', 'tool');
    await expect(selected).toHaveAccessibleName('tool: calculator');
    await expect(spanDetails(page)).toContainText('12*12');
    await expect(spanDetails(page)).toContainText('144');

    // Trace → chat: selecting the first run scrolls the chat back to the message that started it.
    const firstQuestion = page
      .getByRole('article', { name: 'user message' })
      .filter({ hasText: 'What is (128+374)*2?' });
    await expect(firstQuestion).not.toBeInViewport();
    await tree.locator('[data-span-kind="run"]').first().click();
    await expect(firstQuestion).toBeInViewport();

    // And a tool span from that run scrolls to its result.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await tree.getByRole('treeitem', { name: 'tool: calculator' }).first().click();
    await expect(spanDetails(page)).toContainText('1004');
    await expect(
      page
        .getByRole('article', { name: 'tool message' })
        .filter({ hasText: '1004' })
        .or(page.getByRole('group', { name: 'Tool call calculator' }).filter({ hasText: '(128+374)*2' }))
        .first(),
    ).toBeInViewport();
  });
});
