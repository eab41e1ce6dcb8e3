import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { chat, chatBodies, spanTree } from './agent-helpers.ts';

test.describe('agent runtime against an OpenAI-compatible endpoint', () => {
  test('streams the answer into the chat as it arrives', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    const words = Array.from({ length: 24 }, (_, index) => `word${index + 1}`).join(' ');
    // Three parts, each sent only when the test releases it: the answer is still streaming while the test looks,
    // however slow the machine (a timer-paced stream could end before a loaded machine got to look).
    mockLlm.enqueue({ kind: 'reply', parts: ['Streaming answer: ', words, ' END'] });
    await send(page, 'Stream me a long answer');

    const streamingArticle = page.locator('article[data-message-role="assistant"][data-streaming="true"]');
    await expect(streamingArticle.getByTestId('message-text')).toContainText('Streaming answer:');
    await expectRunStatus(page, 'running');
    await expect(streamingArticle).not.toContainText('word1');
    mockLlm.release();
    await expect(streamingArticle.getByTestId('message-text')).toContainText(words);
    await expectRunStatus(page, 'running');
    await expect(streamingArticle).not.toContainText('END');
    mockLlm.release();
    await expect(streamingArticle.getByTestId('message-text')).toContainText(`${words} END`);
    mockLlm.release();

    await expectRunStatus(page, 'done');
    await expect(streamingArticle).toHaveCount(0);
    await expect(lastAnswer(page)).toContainText(`${words} END`);
    expect(chatBodies(mockLlm)[0]?.stream).toBe(true);
  });

  test('runs parallel tool calls and feeds the results back in the order of the calls', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue(
      {
        kind: 'reply',
        content: 'Let me work both out.',
        toolCalls: [
          { id: 'call_first', name: 'calculator', arguments: { expression: '17*23' } },
          { id: 'call_second', name: 'calculator', arguments: { expression: '2**10' } },
        ],
      },
      { kind: 'reply', content: '17*23 is 391 and 2**10 is 1024.' },
    );
    await send(page, 'Compute 17*23 and 2**10');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('391 and 2**10 is 1024');

    await expect(spanTree(page).getByRole('treeitem', { name: /^tool: calculator/ })).toHaveCount(2);
    for (const item of await spanTree(page)
      .getByRole('treeitem', { name: /^tool: calculator/ })
      .all()) {
      await expect(item).toHaveAttribute('data-span-status', 'ok');
    }
    await expect(chat(page).getByTestId('tool-call')).toHaveCount(2);

    const bodies = chatBodies(mockLlm);
    expect(bodies).toHaveLength(2);
    const messages = bodies[1]?.messages ?? [];
    const assistant = messages.find((message) => message.role === 'assistant');
    expect(assistant?.tool_calls?.map((call) => call.id)).toEqual(['call_first', 'call_second']);
    const results = messages.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.tool_call_id)).toEqual(['call_first', 'call_second']);
    expect(String(results[0]?.content)).toContain('391');
    expect(String(results[1]?.content)).toContain('1024');
  });

  test('retries a 429 after the wait the endpoint asks for and shows the retry in the trace', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue(
      { kind: 'error', status: 429, headers: { 'retry-after': '1' } },
      { kind: 'reply', content: 'Answered after the rate limit.' },
    );
    await send(page, 'Hello despite the rate limit');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('Answered after the rate limit.');
    expect(chatBodies(mockLlm)).toHaveLength(2);

    await page.getByRole('button', { name: 'Expand all' }).click();
    const retry = spanTree(page).getByRole('treeitem', { name: /^retry: / });
    await expect(retry).toHaveCount(1);
    await expect(retry).toHaveAccessibleName(/429/);
    await expect(retry).toHaveAttribute('data-span-status', 'ok');
    await expect(spanTree(page).locator('[data-span-kind="llm"]')).toHaveAttribute('data-span-status', 'ok');
    await expect(chat(page).getByRole('alert')).toHaveCount(0);
    // "Retrying in 1 s" was true while waiting; after the answer it would be stale.
    await expect(chat(page).getByText(/retrying in/)).toHaveCount(0);
  });

  test('Stop during a retry wait ends the run at once and cancels the retry span', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'error', status: 503, headers: { 'retry-after': '15' } });
    await send(page, 'The server is busy');
    await expect(chat(page).getByText(/retrying in 15 s/)).toBeVisible();
    await page.getByRole('button', { name: 'Expand all' }).click();
    const retry = spanTree(page).getByRole('treeitem', { name: /^retry: / });
    await expect(retry).toHaveAttribute('data-span-status', 'running');

    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect(retry).toHaveAttribute('data-span-status', 'cancelled');
    await expect(spanTree(page).locator('[data-span-kind="llm"]')).toHaveAttribute('data-span-status', 'cancelled');
    await expect(chat(page).getByText(/retrying in/)).toHaveCount(0);
    expect(chatBodies(mockLlm)).toHaveLength(1);
  });

  test('a 401 says to check the API key, is not retried, and keeps the user message', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url, { apiKey: 'sk-wrong' });
    mockLlm.enqueue({ kind: 'error', status: 401 });
    await send(page, 'Will my key work?');
    await expectRunStatus(page, 'error');

    const alert = chat(page).getByRole('alert');
    await expect(alert).toContainText(/API key/);
    await expect(alert).toContainText(/check/i);
    await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(page.getByRole('article', { name: 'user message' })).toContainText('Will my key work?');
    expect(chatBodies(mockLlm)).toHaveLength(1);
    const chatRequest = mockLlm.requests.find((request) => request.path.endsWith('/chat/completions'));
    expect(chatRequest?.headers.authorization).toBe('Bearer sk-wrong');
    await expect(spanTree(page).locator('[data-span-kind="llm"]')).toHaveAttribute('data-span-status', 'error');

    await page.reload();
    await expect(page.getByRole('article', { name: 'user message' })).toContainText('Will my key work?');
  });

  test('Stop mid-stream keeps the partial text, cancels the spans, aborts the request, and the next message works', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'hang', content: 'Here is the beginning of a long answer that never' });
    await send(page, 'Tell me a long story');
    await expect(page.locator('article[data-streaming="true"]').getByTestId('message-text')).toContainText(
      'that never',
    );
    await expect.poll(() => mockLlm.inFlight).toBe(1);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect.poll(() => mockLlm.aborted).toBe(1);
    await expect.poll(() => mockLlm.inFlight).toBe(0);
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);

    const partial = page.getByRole('article', { name: 'assistant message' }).last();
    await expect(partial.getByTestId('message-text')).toContainText(
      'Here is the beginning of a long answer that never',
    );
    await expect(partial).toContainText(/partial/i);
    await expect(spanTree(page).locator('[data-span-kind="run"]')).toHaveAttribute('data-span-status', 'cancelled');
    await expect(spanTree(page).locator('[data-span-kind="llm"]')).toHaveAttribute('data-span-status', 'cancelled');

    await page.reload();
    await expect(lastAnswer(page)).toContainText('that never');

    await send(page, 'What is 3*3?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('9');
  });

  test('Stop while the endpoint hangs before answering aborts the request and the next message works', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'hang' });
    await send(page, 'This request will hang');
    await expectRunStatus(page, 'running');
    await expect.poll(() => mockLlm.inFlight).toBe(1);

    await page.keyboard.press('Escape');
    await expectRunStatus(page, 'stopped');
    await expect.poll(() => mockLlm.aborted).toBe(1);
    await expect.poll(() => mockLlm.inFlight).toBe(0);
    await expect(page.getByRole('article', { name: 'user message' })).toContainText('This request will hang');
    await expect(spanTree(page).locator('[data-span-kind="llm"]')).toHaveAttribute('data-span-status', 'cancelled');
    await expect(chat(page).getByRole('alert')).toHaveCount(0);

    await send(page, 'What is 4*4?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('16');
  });

  test('falls back to text ReAct when the endpoint rejects tools, says so once, and records it in the trace', async ({
    page,
    mockLlm,
  }) => {
    // Three runs and a reload: under load (two extra busy loops on two cores) the walk was at its last run, every
    // earlier check met, when the 30 s budget ran out. Not a race.
    test.slow();
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'reject-tools', status: 400, message: 'This model does not support tools.' });
    await send(page, 'What is 12*12?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('144');

    const switchedNotice = chat(page).getByText(/switched to text ReAct/);
    await expect(switchedNotice).toHaveCount(1);

    const bodies = chatBodies(mockLlm);
    expect(bodies[0]?.tools?.length).toBeGreaterThan(0);
    const reactBodies = bodies.slice(1);
    expect(reactBodies.length).toBeGreaterThanOrEqual(2);
    for (const body of reactBodies) expect(body.tools).toBeUndefined();
    expect(String(reactBodies[0]?.messages[0]?.content)).toContain('Action Input');

    const run = spanTree(page).getByRole('treeitem', { name: /^run: / });
    await run.click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details).toContainText(/Protocol\s*react/);
    await details.getByText('All attributes').click();
    await expect(details).toContainText('run.protocol_switched');

    await send(page, 'What is 5*5?');
    await expect(lastAnswer(page)).toContainText('25');
    await expectRunStatus(page, 'done');
    await expect(switchedNotice).toHaveCount(1);

    // The choice is remembered for this endpoint across a reload: the first request afterwards is already text ReAct.
    const beforeReload = chatBodies(mockLlm).length;
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await send(page, 'What is 7*6?');
    await expect(lastAnswer(page)).toContainText('42');
    await expectRunStatus(page, 'done');
    const afterReload = chatBodies(mockLlm).slice(beforeReload);
    expect(afterReload.length).toBeGreaterThanOrEqual(1);
    expect(afterReload[0]?.tools).toBeUndefined();
    expect(String(afterReload[0]?.messages[0]?.content)).toContain('Action Input');
    // The notice belongs to the first run, now above the rows the virtualised chat keeps: scroll up to it.
    await chat(page)
      .getByRole('log', { name: 'Messages' })
      .evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(switchedNotice).toHaveCount(1);
  });
});
