import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

type ChatBody = {
  model: string;
  stream?: boolean;
  tools?: Array<{ type: string; function: { name: string } }>;
  tool_choice?: unknown;
  messages: Array<{
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: Array<{ id: string; function: { name: string } }>;
  }>;
};

test('runs a tool round trip against an OpenAI-compatible HTTP server', async ({ page, mockLlm }) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await send(page, 'What is (128+374)*2?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('1004');

  const chats = mockLlm.requests.filter(
    (request) => request.path.endsWith('/chat/completions') && request.method === 'POST',
  );
  expect(chats).toHaveLength(2);
  const first = chats[0]?.body as ChatBody;
  const second = chats[1]?.body as ChatBody;
  expect(first.model).toBe('glassbox-demo');
  expect(first.stream).toBe(true);
  expect(first.tool_choice).toBe('auto');
  expect(first.tools?.map((tool) => tool.function.name)).toContain('calculator');
  expect(first.messages.at(-1)).toMatchObject({ role: 'user', content: 'What is (128+374)*2?' });

  const assistant = second.messages.find((message) => message.role === 'assistant');
  const callId = assistant?.tool_calls?.[0]?.id;
  expect(callId).toBeTruthy();
  expect(assistant?.tool_calls?.[0]?.function.name).toBe('calculator');
  const toolMessage = second.messages.find((message) => message.role === 'tool');
  expect(toolMessage?.tool_call_id).toBe(callId);
  expect(toolMessage?.content).toContain('1004');

  // The browser's preflight carried no x-stainless telemetry headers.
  for (const request of chats) {
    expect(Object.keys(request.headers).filter((name) => name.startsWith('x-stainless'))).toEqual([]);
  }
});

test('Stop aborts the request in flight, keeps the message, and the next message works', async ({ page, mockLlm }) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  mockLlm.enqueue({ kind: 'hang' });
  await send(page, 'This request will hang');
  await expectRunStatus(page, 'running');
  // The request reached the server (a run is `running` a little before its request is sent): Stop aborts it there.
  await expect.poll(() => mockLlm.inFlight).toBe(1);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expectRunStatus(page, 'stopped');
  await expect.poll(() => mockLlm.aborted).toBe(1);
  await expect.poll(() => mockLlm.inFlight).toBe(0);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'user message' })).toContainText('This request will hang');
  await expect(page.getByRole('tree', { name: 'Span tree' }).locator('[data-span-kind="llm"]').first()).toHaveAttribute(
    'data-span-status',
    'cancelled',
  );

  await send(page, 'What is 3*3?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('9');
});
