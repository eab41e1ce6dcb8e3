import type { Page } from '@playwright/test';
import { expect, expectRunStatus, openApp, send, test, useEndpoint } from './fixtures.ts';
import type { MockLlmServer } from './mock-llm/server.ts';
import { chatRequests } from './persistence-helpers.ts';

const FINAL_MARKER = 'FOLLOW-END-7781';

/** A 200-message session file: answers of varied length, some with Markdown, code and tool calls. */
function longSessionFile(): string {
  const start = 1_750_000_000_000;
  const messages: object[] = [];
  const add = (runId: string, message: object) => {
    const seq = messages.length;
    messages.push({ id: `msg_follow_${seq}`, seq, runId, createdAt: start + seq * 1000, message });
  };
  for (let turn = 0; messages.length < 200; turn += 1) {
    const runId = `run_follow_${turn}`;
    add(runId, { role: 'user', content: `Question ${turn}: what about item ${turn}?` });
    if (turn % 7 === 3 && messages.length < 197) {
      const id = `call_follow_${turn}`;
      add(runId, {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id, type: 'function', function: { name: 'calculator', arguments: `{"expression":"${turn}*2"}` } },
        ],
      });
      add(runId, { role: 'tool', tool_call_id: id, content: String(turn * 2) });
    }
    const paragraph = `Answer ${turn}. ${'The long answer goes on for a while. '.repeat(1 + (turn % 5) * 3)}`;
    const markdown =
      turn % 4 === 0
        ? `${paragraph}\n\n- first point\n- second point\n\n\`\`\`js\nconst value = ${turn};\nconsole.log(value);\n\`\`\``
        : paragraph;
    if (messages.length < 200) add(runId, { role: 'assistant', content: markdown });
  }
  const session = {
    id: 'sess_follow',
    title: 'Two hundred messages',
    titleEdited: true,
    createdAt: start,
    updatedAt: start + 200_000,
    status: 'done',
    messages,
    spans: [],
  };
  return JSON.stringify({
    format: 'glassbox.sessions',
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    scope: 'session',
    sessions: [session],
  });
}

/** Imports the long session and waits until it is open at its latest message. */
async function openLongSession(page: Page): Promise<void> {
  await page
    .getByLabel('Import sessions')
    .setInputFiles({ name: 'follow.json', mimeType: 'application/json', buffer: Buffer.from(longSessionFile()) });
  const articles = page.getByRole('log', { name: 'Messages' }).getByRole('article', { name: 'assistant message' });
  await expect(articles.last().getByTestId('message-text')).toContainText(/^Answer \d+\./);
  await expect(articles.last()).toBeInViewport();
}

/**
 * Two tool-calling steps, then a long Markdown answer that ends with the marker, in two parts: the run stays in
 * flight at each part until the test releases it (a timer-paced stream could end before a loaded machine looked).
 */
function enqueueToolRun(mockLlm: MockLlmServer): void {
  const opening = ['## Result', '', 'Both calculations are done. '.repeat(30), ''].join('\n');
  const rest = [
    '',
    '| step | value |',
    '|---|---|',
    '| first | 42 |',
    '| second | 84 |',
    '',
    '```js',
    'const first = 6 * 7;',
    'const second = first * 2;',
    '```',
    '',
    ...Array.from({ length: 12 }, (_, index) => `- point ${index + 1}: ${'more words here '.repeat(4)}`),
    '',
    `The end: ${FINAL_MARKER}`,
  ].join('\n');
  mockLlm.enqueue(
    {
      kind: 'reply',
      content: 'Let me calculate the first value.',
      toolCalls: [{ name: 'calculator', arguments: { expression: '6*7' } }],
    },
    {
      kind: 'reply',
      content: 'Now the second one.',
      toolCalls: [{ name: 'calculator', arguments: { expression: '42*2' } }],
    },
    { kind: 'reply', parts: [opening, rest] },
  );
}

test.describe('the chat follows a long run on a long session', () => {
  // A 200-message import and a three-call run: under load (two extra busy loops on two cores, load average 13) a
  // walk was at its last check, every check met, when the 30 s budget ran out (a hover alone took 4.7 s).
  test.slow();
  test('follows a tool-calling run to its end on a 200-message session', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await openLongSession(page);
    enqueueToolRun(mockLlm);

    await send(page, 'Calculate both values and explain');
    const log = page.getByRole('log', { name: 'Messages' });
    const marker = log.getByText(FINAL_MARKER);
    // The answer's opening is out and the run is in flight: the chat shows it.
    await expect.poll(() => mockLlm.held, { timeout: 20_000 }).toBe(1);
    await expect(log.getByText(/Both calculations are done\./)).toBeInViewport();
    mockLlm.release();
    // The rest is out, the run still in flight: the chat followed it to its newest line.
    await expect.poll(() => mockLlm.held, { timeout: 20_000 }).toBe(1);
    await expect(marker).toBeInViewport();
    await expectRunStatus(page, 'running');
    mockLlm.release();
    await expectRunStatus(page, 'done');
    await expect(log.getByTestId('tool-call')).not.toHaveCount(0);
    await expect(marker).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
  });

  test('stays where the reader scrolled up to during the run, and offers Jump to latest', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await openLongSession(page);
    enqueueToolRun(mockLlm);

    await send(page, 'Calculate both values and explain');
    const log = page.getByRole('log', { name: 'Messages' });
    // Scroll up while the run is under way: its answer is held after the opening (in no imported message), on screen.
    await expect.poll(() => mockLlm.held, { timeout: 20_000 }).toBe(1);
    await expect(log.getByText(/Both calculations are done\./)).toBeInViewport();
    await expectRunStatus(page, 'running');
    await log.hover();
    await page.mouse.wheel(0, -1500);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await expect(jump).toBeVisible();

    // The run goes on to its end (all three model calls, the rest of the answer) while the reader stays up there.
    mockLlm.release();
    await expect.poll(() => mockLlm.held, { timeout: 20_000 }).toBe(1);
    await expect(jump).toBeVisible();
    await expectRunStatus(page, 'running');
    mockLlm.release();
    expect(chatRequests(mockLlm)).toHaveLength(3);
    await expectRunStatus(page, 'done');
    await expect(jump).toBeVisible();
    const distance = await log.evaluate((element) => element.scrollHeight - element.clientHeight - element.scrollTop);
    expect(distance).toBeGreaterThan(500);
    await expect(log.getByText(FINAL_MARKER)).not.toBeInViewport();

    await jump.click();
    await expect(log.getByText(FINAL_MARKER)).toBeInViewport();
    await expect(jump).toHaveCount(0);
  });
});

test('a fast scroll down a long session only moves down: a row measured as it scrolls past does not pull the view back', async ({
  page,
}) => {
  await openApp(page);
  await openLongSession(page);
  const log = page.getByRole('log', { name: 'Messages' });
  // From the top, 900 px further every frame (faster than rows are measured: each one is scrolled past before its
  // size is known), reading where the view is at the next frame before moving it on.
  const setbacks = await log.evaluate(async (element) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    element.scrollTop = 0;
    for (let settle = 0; settle < 20; settle += 1) await frame();
    const moves: Array<{ moved: number; next: number }> = [];
    let at = 0;
    while (at < element.scrollHeight - element.clientHeight - 900) {
      element.scrollTop = at + 900;
      const moved = element.scrollTop;
      await frame();
      at = element.scrollTop;
      moves.push({ moved, next: at });
    }
    return { frames: moves.length, largest: Math.max(...moves.map(({ moved, next }) => moved - next)) };
  });
  expect(setbacks.frames).toBeGreaterThan(10);
  // A row above the view measured shorter than estimated moves the view up by its difference (tens of pixels); the
  // view going back by the distance of a frame's scroll is the virtualiser writing a correction to an old offset.
  expect(setbacks.largest).toBeLessThan(300);
});
