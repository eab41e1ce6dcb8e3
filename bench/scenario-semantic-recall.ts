import type { Page } from '@playwright/test';
import { loadUntilUsable, send, waitForRunStatus, type BenchWindow } from './app-driver.ts';
import { launchFresh } from './browser.ts';
import type { BenchContext, Sample } from './scenario-context.ts';
import { quantile } from './stats.ts';

/** Notes in the store: issue 16's "semantic recall over 10,000 notes". */
export const SEMANTIC_NOTES = 10_000;

/** Questions asked one after another; the first also embeds every note (the vectors are then kept). */
const QUESTIONS = [
  'What pet do I have?',
  'Which drink do I like in the morning?',
  'Where do I live?',
  'When is my birthday?',
  'What am I allergic to?',
  'Which sport do I play?',
  'What music do I listen to?',
  'Where am I travelling next?',
  'What do I eat for dinner?',
  'Who is in my family?',
  'What car do I drive?',
];

/**
 * Writes 10,000 notes straight into the app's IndexedDB (generated in the page: nothing this size crosses the
 * protocol): sentences on twenty topics in English and Chinese, each note a different mix of words.
 */
async function seedNotes(page: Page, count: number): Promise<void> {
  await page.evaluate(async (total) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('glassbox');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const subjects = [
      'kitten',
      'coffee',
      'apartment in Lisbon',
      'birthday party',
      'peanut allergy',
      'tennis club',
      'jazz concert',
      'flight to Tokyo',
      'vegetarian dinner',
      'daughter',
      'electric car',
      'quarterly report',
      'dentist appointment',
      'garden',
      'chess',
      'novel by Murakami',
      'guitar lessons',
      'marathon',
      'spreadsheet macros',
      'rainy weekend',
    ];
    const verbs = ['likes', 'planned', 'mentioned', 'forgot', 'booked', 'prefers', 'talked about', 'wants'];
    const chinese = [
      '小猫',
      '咖啡',
      '公寓',
      '生日',
      '花生过敏',
      '网球',
      '音乐会',
      '航班',
      '素食',
      '女儿',
      '汽车',
      '报告',
      '牙医',
      '花园',
      '象棋',
      '小说',
      '吉他',
      '马拉松',
      '表格',
      '下雨',
    ];
    const now = Date.now();
    for (let first = 0; first < total; first += 1000) {
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('notes', 'readwrite');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
        for (let index = first; index < Math.min(total, first + 1000); index += 1) {
          const subject = subjects[(index * 7) % subjects.length] as string;
          const other = subjects[(index * 13 + 5) % subjects.length] as string;
          const content =
            index % 3 === 0
              ? `用户提到了${chinese[(index * 7) % chinese.length]}和${chinese[(index * 11) % chinese.length]}，第 ${index} 条。`
              : `Note ${index}: the user ${verbs[index % verbs.length]} the ${subject}, and also the ${other} (${index % 97} days ago).`;
          tx.objectStore('notes').put({
            id: `note_bench_${index}`,
            content,
            tags: index % 5 === 0 ? ['bench'] : [],
            createdAt: now - index * 1000,
            updatedAt: now - index * 1000,
          });
        }
      });
    }
    db.close();
  }, count);
}

/** The stored memory spans of the active session's runs, oldest first: duration and what recall reported. */
async function memorySpans(
  page: Page,
): Promise<Array<{ durationMs: number; semantic: unknown; candidates: number; kept: number }>> {
  return page.evaluate(async () => {
    type StoredSpan = { kind: string; startTime: number; endTime?: number; attributes: Record<string, unknown> };
    const spans = (await (window as unknown as BenchWindow).__bench.storedSpans()) as StoredSpan[];
    return spans
      .filter((span) => span.kind === 'memory' && span.endTime !== undefined)
      .sort((a, b) => a.startTime - b.startTime)
      .map((span) => {
        const ranked = (span.attributes['memory.ranked'] as Array<{ kept: boolean }> | undefined) ?? [];
        return {
          durationMs: (span.endTime as number) - span.startTime,
          semantic: span.attributes['memory.semantic'],
          candidates: ranked.length,
          kept: ranked.filter((candidate) => candidate.kept).length,
        };
      });
  });
}

/**
 * Issue 16's semantic recall at scale: a fresh browser on the demo provider (its local embedder answers
 * /embeddings in the page) with 10,000 notes and Semantic recall on asks eleven questions in one session. Each
 * question's recall — full-text search, embedding the message, the cosine scan of 10,000 vectors in the worker,
 * fusion — is its memory span's duration; the first also embeds and stores every note, so it is reported apart.
 */
export async function semanticRecallScale(context: BenchContext): Promise<Sample> {
  const browser = await launchFresh();
  try {
    const { page } = browser;
    await loadUntilUsable(page, context.appUrl);
    await seedNotes(page, SEMANTIC_NOTES);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('tab', { name: 'Memory', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Semantic recall' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });

    for (const question of QUESTIONS) {
      await send(page, question);
      await page
        .getByRole('log', { name: 'Messages' })
        .getByText(question, { exact: true })
        .last()
        .waitFor({ timeout: 60_000 });
      await waitForRunStatus(page, 'done', 300_000);
    }
    const spans = await memorySpans(page);
    if (spans.length !== QUESTIONS.length)
      throw new Error(`Expected ${QUESTIONS.length} memory spans, found ${spans.length}`);
    if (spans.some((span) => span.semantic !== 'on'))
      throw new Error(`Recall by meaning did not take part: ${JSON.stringify(spans.map((span) => span.semantic))}`);
    const [first, ...rest] = spans as [(typeof spans)[number], ...typeof spans];
    const durations = rest.map((span) => span.durationMs).sort((a, b) => a - b);
    const [recallMedian, recallP95, recallFirst] = [
      quantile(durations, 0.5),
      quantile(durations, 0.95),
      first.durationMs,
    ];
    context.log(
      `    ${SEMANTIC_NOTES.toLocaleString('en-US')} notes: first question (embeds every note) ${recallFirst.toFixed(0)} ms; then per question median ${recallMedian.toFixed(1)} ms, p95 ${recallP95.toFixed(1)} ms (${durations.length} questions; ${rest.map((span) => `${span.candidates} candidates/${span.kept} kept`).join(', ')})`,
    );
    return { semanticRecallMedianMs: recallMedian, semanticRecallP95Ms: recallP95, semanticRecallFirstMs: recallFirst };
  } finally {
    await browser.close();
  }
}
