import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { join } from 'node:path';
import { armed, lastInputAt, lastMessagePainted, loadUntilUsable, send, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { frameGaps, quantile } from './stats.ts';

/** Rows of the CSV of issue 16's benchmark: about 50 MB. */
export const QUERY_DATA_ROWS = 500_000;

const REGIONS = ['North', 'South', 'East', 'West', 'Central'];
const PRODUCTS = ['Tea', 'Coffee', 'Cocoa', 'Juice', 'Water', 'Milk'];

/** Writes a 500,000-row sales CSV (quoted text, empty cells) to `directory`; resolves with its path and size. */
export async function writeSalesCsv(directory: string): Promise<{ path: string; bytes: number }> {
  const path = join(directory, 'sales.csv');
  const out = createWriteStream(path);
  out.write('order_id,month,region,product,customer,units,amount,note\n');
  let lines: string[] = [];
  for (let index = 0; index < QUERY_DATA_ROWS; index += 1) {
    const region = REGIONS[(index * 7) % REGIONS.length];
    const product = PRODUCTS[(index * 13) % PRODUCTS.length];
    const amount = ((index * 37) % 10_000) / 10;
    const note = index % 9 === 0 ? '' : `"order ${index}, ${product} for ${region}, shipped by road"`;
    lines.push(
      `${index},2025-${String((index % 12) + 1).padStart(2, '0')},${region},${product},customer_${index % 4999}@example.org,${(index % 40) + 1},${amount},${note}`,
    );
    if (lines.length === 10_000) {
      if (!out.write(`${lines.join('\n')}\n`)) await once(out, 'drain');
      lines = [];
    }
  }
  out.end(lines.length > 0 ? `${lines.join('\n')}\n` : '');
  await once(out, 'finish');
  return { path, bytes: (await stat(path)).size };
}

/**
 * A fresh browser on the demo model attaches the 50 MB CSV, then asks two grouped questions the demo answers with
 * query_data: the first loads SQLite and the table in the worker (question sent → answer painted), the second runs on
 * the loaded table. The page's frame gaps are recorded while the first runs.
 */
export async function queryDataScale(context: BenchContext): Promise<Sample> {
  const file = context.fixtures.salesCsv;
  if (!file) throw new Error('The 50 MB CSV was not written');
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('main', { name: 'Chat' }).getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles(file.path);
    await page
      .getByRole('list', { name: 'Attached files' })
      .getByRole('listitem')
      .filter({ hasText: 'sales.csv' })
      .waitFor({ timeout: 120_000 });

    await page.evaluate(() => (window as unknown as BenchWindow).__bench.startFrames());
    const first = lastMessagePainted(page, 'sold the most:', 300_000);
    await send(page, 'Which region sold the most?');
    const firstAt = await lastInputAt(page);
    const firstDone = await first;
    const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.stopFrames());
    const gaps = frameGaps(times.filter((time) => time >= firstAt && time <= firstDone));

    const second = armed(lastMessagePainted(page, 'sold the fewest:', 120_000));
    await send(page, 'Which product sold the least?');
    const secondAt = await lastInputAt(page);
    const secondDone = await second;
    const [queryFirstMs, queryGroupedMs, queryFrameP95, queryFrameMax] = [
      firstDone - firstAt,
      secondDone - secondAt,
      quantile(gaps, 0.95),
      Math.max(...gaps),
    ];
    context.log(
      `    ${(file.bytes / 2 ** 20).toFixed(1)} MB CSV (${QUERY_DATA_ROWS.toLocaleString('en-US')} rows): first query (engine + load) ${queryFirstMs.toFixed(0)} ms, grouped aggregate ${queryGroupedMs.toFixed(0)} ms, frame gap p95 ${queryFrameP95.toFixed(1)} ms, max ${queryFrameMax.toFixed(0)} ms`,
    );
    return { queryFirstMs, queryGroupedMs, queryFrameP95, queryFrameMax, queryFileMB: file.bytes / 2 ** 20 };
  } finally {
    await browser.close();
  }
}
