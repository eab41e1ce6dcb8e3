import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectRunStatus, lastAnswer, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';
import { chat, chatBodies, spanTree } from './agent-helpers.ts';

/** Ticks `Check answers before finishing` (Settings → Agent) and saves. */
async function turnOnAnswerCheck(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = await settingsTab(page, 'Agent');
  const checkbox = dialog.getByRole('checkbox', { name: 'Check answers before finishing' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

const draftGroup = (page: Page) => chat(page).getByRole('group', { name: 'Draft answer' });

const QUESTION = 'What is 1234 * 56?';
const WRONG_DRAFT = '1234 × 56 = **69,140**.';
const REVISED = '1234 × 56 = **69,104**.';

test.describe('the answer check', () => {
  test('revises a draft that contradicts its tool result; the draft stays as a collapsed group, the trace has the verdict', async ({
    page,
    mockLlm,
  }) => {
    test.slow();
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await turnOnAnswerCheck(page);
    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '1234*56' } }] },
      { kind: 'reply', content: WRONG_DRAFT },
      { kind: 'reply', content: '{"verdict":"not_supported","claims":["69,140: the calculator returned 69104"]}' },
      { kind: 'reply', content: REVISED },
    );
    await send(page, QUESTION);
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toHaveText('1234 × 56 = 69,104.');

    // The draft: one collapsed group above the revised answer, holding the draft and what the check found.
    const group = draftGroup(page);
    await expect(group).toHaveCount(1);
    await expect(group).not.toHaveAttribute('open');
    await expect(group.getByText('1234 × 56 = 69,140.')).toBeHidden();
    await group.getByText('Draft answer', { exact: true }).click();
    await expect(group).toHaveAttribute('open');
    await expect(group.getByText('1234 × 56 = 69,140.')).toBeVisible();
    await expect(group).toContainText('1234*56 = 69140 ≠ 69104 (calculator)');
    await expect(group).toContainText('69,140: the calculator returned 69104');
    const order = await chat(page)
      .locator('[data-testid="draft-answer"], article[data-message-role="assistant"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid') ?? 'answer'));
    expect(order.slice(-2)).toEqual(['draft-answer', 'answer']);
    // The revision request is for the model only.
    await expect(chat(page)).not.toContainText('An answer check found claims');

    // On the wire: the verdict call sees the question, the draft and the tool result; the revision gets the claims.
    const bodies = chatBodies(mockLlm);
    expect(bodies).toHaveLength(4);
    const verdictCall = bodies[2];
    expect(verdictCall?.tools).toBeUndefined();
    expect(String(verdictCall?.messages[0]?.content)).toContain("You check an assistant's answer");
    const payload = String(verdictCall?.messages[1]?.content);
    for (const text of [QUESTION, WRONG_DRAFT, '69104']) expect(payload).toContain(JSON.stringify(text).slice(1, -1));
    const revision = bodies[3];
    expect(revision?.tools?.length).toBeGreaterThan(0);
    const request = String(revision?.messages.at(-1)?.content);
    expect(request).toMatch(/^An answer check found claims in your answer/);
    expect(request).toContain('1234*56 = 69140 ≠ 69104 (calculator)');
    expect(revision?.messages.at(-2)?.content).toBe(WRONG_DRAFT);

    // The trace: a reflection span under the run, with its verdict and claims.
    const reflection = spanTree(page).getByRole('treeitem', { name: /^reflection: answer check/ });
    await expect(reflection).toHaveCount(1);
    await reflection.click();
    const details = page.getByRole('region', { name: 'Span details' });
    await expect(details).toContainText('not supported');
    await expect(details).toContainText('1234*56 = 69140 ≠ 69104 (calculator)');

    // After a reload the draft is still there, collapsed; the next turn sends neither the draft nor the request.
    await page.reload();
    await expect(draftGroup(page)).toHaveCount(1);
    await expect(draftGroup(page)).not.toHaveAttribute('open');
    await expect(lastAnswer(page)).toHaveText('1234 × 56 = 69,104.');
    mockLlm.enqueue(
      { kind: 'reply', content: 'You are welcome.' },
      { kind: 'reply', content: '{"verdict":"supported","claims":[]}' },
    );
    await send(page, 'Thanks!');
    await expectRunStatus(page, 'done');
    const next = chatBodies(mockLlm)[4];
    const sent = JSON.stringify(next?.messages);
    expect(sent).toContain('69,104');
    expect(sent).not.toContain('69,140');
    expect(sent).not.toContain('An answer check found claims');

    // Export keeps the draft's mark and claims; the imported copy shows the group again.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export session' }).click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    const file = JSON.parse(text) as {
      sessions: Array<{ messages: Array<{ meta?: { draftOf?: string; checkClaims?: string[] } }> }>;
    };
    const marked = file.sessions[0]?.messages.filter((message) => message.meta?.draftOf) ?? [];
    expect(marked).toHaveLength(2);
    expect(marked[0]?.meta?.checkClaims).toEqual([
      '1234*56 = 69140 ≠ 69104 (calculator)',
      '69,140: the calculator returned 69104',
    ]);
    const exported = await chat(page).getAttribute('data-session-id');
    await page
      .getByLabel('Import sessions')
      .setInputFiles({ name: 'checked.json', mimeType: 'application/json', buffer: Buffer.from(text) });
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 session' })).toContainText(
      'imported as a copy',
    );
    await expect(chat(page)).not.toHaveAttribute('data-session-id', exported ?? '');
    await expect(draftGroup(page)).toHaveCount(1);
    await expect(lastAnswer(page)).toHaveText('You are welcome.');
  });

  test('with the check off, nothing more is asked of the model', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue(
      { kind: 'reply', toolCalls: [{ name: 'calculator', arguments: { expression: '1234*56' } }] },
      { kind: 'reply', content: WRONG_DRAFT },
    );
    await send(page, QUESTION);
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toHaveText('1234 × 56 = 69,140.');
    expect(chatBodies(mockLlm)).toHaveLength(2);
    await expect(draftGroup(page)).toHaveCount(0);
    await expect(spanTree(page).getByRole('treeitem', { name: /^tool: calculator/ })).toHaveCount(1);
    await expect(spanTree(page).getByRole('treeitem', { name: /^reflection: / })).toHaveCount(0);
  });

  test('the offline demo shows the check catching a careless draft, in English and Chinese', async ({ page }) => {
    // Two demo runs of four model calls each, streamed at the demo's reading pace.
    test.slow();
    await openApp(page);
    await turnOnAnswerCheck(page);
    await send(page, 'Answer check demo: what is 1234 * 56?');
    // The revised answer (the draft said 69140): four streamed demo calls, slow on a loaded machine.
    await expect(lastAnswer(page)).toContainText('69104', { timeout: 60_000 });
    await expectRunStatus(page, 'done');
    await expect(draftGroup(page)).toHaveCount(1);
    await expect(draftGroup(page)).toContainText('69140');

    await send(page, '答案检查演示：2024年5月20日150天后是星期几？');
    await expect(draftGroup(page)).toHaveCount(2, { timeout: 60_000 });
    await expect(lastAnswer(page)).toContainText('2024-10-17', { timeout: 60_000 });
    await expectRunStatus(page, 'done');
    await expect(draftGroup(page).last()).toContainText('答案写的是 2024-10-18，但 date_calc 返回的是 2024-10-17。');
  });
});
