import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';
import { chat, chatBodies, spanTree } from './agent-helpers.ts';

type JsonBody = {
  tools?: unknown[];
  response_format?: { type: string; json_schema?: { strict: boolean; schema: Record<string, unknown> } };
  messages: Array<{ role: string; content?: unknown }>;
};

/** Chooses the JSON plan protocol in Settings (the option whose text contains "JSON plan"). */
async function chooseJsonPlan(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Agent');
  const protocol = dialog.getByRole('combobox', { name: 'Protocol' });
  const value = await protocol.locator('option', { hasText: 'JSON plan' }).getAttribute('value');
  await protocol.selectOption(value ?? '');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const QUESTION = 'What day of the week is 150 days after 2024-05-20, and is that a weekend?';
const bodies = (server: Parameters<typeof chatBodies>[0]) => chatBodies(server) as unknown as JsonBody[];

test.describe('JSON plan protocol', () => {
  test('runs plan → tool → final: the plan checklist streams in and ticks, the tool result is fed back', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await chooseJsonPlan(page);

    // A plan that streams and then hangs: the checklist shows its steps before the reply is complete.
    mockLlm.enqueue({
      kind: 'hang',
      content:
        '{"type":"plan","plan":["Work out the date with date_calc","Check whether that day is a weekend","Answer the',
    });
    await send(page, QUESTION);
    const streaming = page.locator('article[data-message-role="assistant"][data-streaming="true"]');
    const livePlan = streaming.getByRole('list', { name: 'Plan' });
    await expect(livePlan.getByRole('listitem')).toHaveCount(3);
    await expect(livePlan.getByRole('listitem').first()).toContainText('Work out the date with date_calc');
    await expectRunStatus(page, 'running');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    // What was cut short stays readable: the steps, never the raw JSON.
    await expect(chat(page)).not.toContainText('{"type"');

    // The same question again, now answered by the scripted model speaking JSON plan.
    await send(page, QUESTION);
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('2024-10-17');
    await expect(lastAnswer(page)).toContainText('not a weekend');
    const plan = chat(page).getByRole('list', { name: 'Plan' }).last();
    await expect(plan.getByRole('listitem')).toHaveText([
      /✓.*Work out the date with date_calc/,
      /✓.*Check whether that day is a weekend/,
      /✓.*Answer the question/,
    ]);
    await expect(
      chat(page)
        .getByRole('button', { name: /date_calc/ })
        .last(),
    ).toBeVisible();

    const sent = bodies(mockLlm).slice(-3);
    for (const body of sent) {
      expect(body.tools).toBeUndefined();
      expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    }
    expect(String(sent[0]?.messages[0]?.content)).toContain('Reply with exactly one JSON object');
    expect(sent[2]?.messages.at(-1)?.content).toMatch(/^Observation \(date_calc\): .*2024-10-17/);
    await expect(
      spanTree(page)
        .getByRole('treeitem', { name: /^plan: plan/ })
        .last(),
    ).toBeVisible();
    await expect(chat(page).getByText('{"type"')).toHaveCount(0);
  });

  test('an endpoint that refuses json_schema gets json_object after one automatic fallback, remembered across a reload', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await chooseJsonPlan(page);
    mockLlm.enqueue({
      kind: 'error',
      status: 400,
      body: {
        error: {
          message: 'This response_format type is unavailable now',
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_request_error',
        },
      },
    });
    await send(page, 'What is 12*12?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('144');
    await expect(
      chat(page).getByText(/refused response_format json_schema_strict, so the agent asks for json_object/),
    ).toHaveCount(1);
    const first = bodies(mockLlm);
    expect(first[0]?.response_format?.type).toBe('json_schema');
    expect(first.slice(1).map((body) => body.response_format?.type)).toEqual(first.slice(1).map(() => 'json_object'));
    expect(String(first[1]?.messages[0]?.content)).toContain('JSON');

    // The trace states the fallback on the llm span.
    await spanTree(page)
      .getByRole('treeitem', { name: /^llm: / })
      .first()
      .click();
    const details = page.getByRole('region', { name: 'Span details' });
    await details.getByText('All attributes').click();
    await expect(details).toContainText('llm.response_format_fallback');
    await expect(details).toContainText('json_schema_strict → json_object');

    const before = bodies(mockLlm).length;
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await send(page, 'What is 7*6?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('42');
    expect(bodies(mockLlm)[before]?.response_format).toEqual({ type: 'json_object' });
  });

  test('a reply that is not a JSON decision gets one correction request quoting the problem', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await chooseJsonPlan(page);
    mockLlm.enqueue({ kind: 'reply', content: 'Sure! The answer is 144.' });
    await send(page, 'What is 12*12?');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toContainText('144');
    const sent = bodies(mockLlm);
    expect(String(sent[1]?.messages.at(-1)?.content)).toContain(
      'Your last reply was not a valid JSON decision: The reply is not a JSON object',
    );
    await expect(chat(page).getByText(/asked once to correct it/)).toHaveCount(1);
  });
});
