import { expect, openApp, test } from './fixtures.ts';
import { spanTree } from './agent-helpers.ts';
import { sessionList } from './persistence-helpers.ts';

const kv = (key: string, value: string | number) => ({
  key,
  value: typeof value === 'string' ? { stringValue: value } : { intValue: String(value) },
});
const hex = (value: number, length: number) => value.toString(16).padStart(length, '0');

/** A foreign OTLP/HTTP JSON trace of a few MB: an agent span with many tool spans, each with a long attribute. */
function largeTraceFile(spanCount: number): Buffer {
  const traceId = 'ab'.repeat(16);
  const start = 1_730_000_000_000;
  const padding = 'x'.repeat(1500);
  const spans = [
    {
      traceId,
      spanId: hex(1, 16),
      name: 'BigAgent',
      kind: 1,
      startTimeUnixNano: `${start}000000`,
      endTimeUnixNano: `${start + spanCount + 10}000000`,
      attributes: [kv('openinference.span.kind', 'AGENT'), kv('input.value', 'Big question')],
    },
    ...Array.from({ length: spanCount }, (_, index) => ({
      traceId,
      spanId: hex(index + 2, 16),
      parentSpanId: hex(1, 16),
      name: `lookup_${index}`,
      kind: 1,
      startTimeUnixNano: `${start + index}000000`,
      endTimeUnixNano: `${start + index + 1}000000`,
      attributes: [
        kv('openinference.span.kind', 'TOOL'),
        kv('tool.name', 'lookup'),
        kv('input.value', `{"n":${index}}`),
        kv('output.value', padding),
      ],
    })),
  ];
  return Buffer.from(
    JSON.stringify({
      resourceSpans: [
        { resource: { attributes: [kv('service.name', 'big-app')] }, scopeSpans: [{ scope: { name: 'x' }, spans }] },
      ],
    }),
  );
}

test('a trace file of several MB is read and mapped in a worker, then opens as a read-only session', async ({
  page,
}) => {
  await openApp(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const buffer = largeTraceFile(2500);
  expect(buffer.byteLength).toBeGreaterThan(3 * 1024 * 1024);
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: 'big-trace.json', mimeType: 'application/json', buffer });
  await expect(spanTree(page).getByRole('treeitem', { name: /^run: BigAgent/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main', { name: 'Chat' })).toContainText(
    'This session is an imported trace (read only).',
  );
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(2);
  expect(workers.some((url) => url.includes('parse-import-worker'))).toBe(true);
  // The progress bar is gone once the import is done.
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveCount(0);
});

test('a broken large trace file gets an alert from the worker and changes nothing', async ({ page }) => {
  await openApp(page);
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const good = JSON.parse(largeTraceFile(1000).toString()) as {
    resourceSpans: Array<{ scopeSpans: Array<{ spans: Array<{ traceId: string }> }> }>;
  };
  const spans = good.resourceSpans[0]?.scopeSpans[0]?.spans ?? [];
  (spans[500] as { traceId: string }).traceId = 'not-hex';
  await page.getByLabel('Import sessions').setInputFiles({
    name: 'big-broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(good)),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'big-broken.json' })).toContainText(
    'traceId: expected 32 hex characters',
  );
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveCount(0);
  await expect(sessionList(page).getByRole('listitem')).toHaveCount(1);
  expect(workers.some((url) => url.includes('parse-import-worker'))).toBe(true);
});
