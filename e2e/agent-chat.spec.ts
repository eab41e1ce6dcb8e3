import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { chat, chatBodies, spanTree } from './agent-helpers.ts';

test.describe('what the chat shows about a run', () => {
  test('shows reasoning collapsed and never sends it back to the endpoint', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'reply', reasoning: 'SECRET-CHAIN: the user wants a greeting.', content: 'Hello there!' });
    await send(page, 'Say hello');
    await expectRunStatus(page, 'done');
    await expect(lastAnswer(page)).toHaveText('Hello there!');

    const answer = page.getByRole('article', { name: 'assistant message' }).last();
    const reasoning = answer.locator('details');
    await expect(reasoning).not.toHaveAttribute('open');
    await expect(answer.getByText('SECRET-CHAIN')).toBeHidden();
    await reasoning.locator('summary').click();
    await expect(answer.getByText('SECRET-CHAIN: the user wants a greeting.')).toBeVisible();

    await send(page, 'What is 2+2?');
    await expectRunStatus(page, 'done');
    const next = chatBodies(mockLlm)[1];
    expect(next).toBeDefined();
    expect(JSON.stringify(next)).not.toContain('SECRET-CHAIN');
    const echoed = next?.messages.find((message) => message.role === 'assistant');
    expect(echoed?.content).toBe('Hello there!');
    for (const message of next?.messages ?? []) {
      expect(Object.keys(message).filter((key) => key.startsWith('reasoning'))).toEqual([]);
    }
  });

  test('tells the user when the answer was cut off by the output limit', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    mockLlm.enqueue({ kind: 'reply', content: 'The first part of an answer that goes on and', finishReason: 'length' });
    await send(page, 'Write an essay');
    await expectRunStatus(page, 'done');
    const answer = page.getByRole('article', { name: 'assistant message' }).last();
    await expect(answer.getByTestId('message-text')).toContainText('goes on and');
    await expect(answer).toContainText('cut off');
  });

  test('run_javascript waits for approval and runs in the sandbox after Approve', async ({ page }) => {
    await openApp(page);
    const tree = spanTree(page);
    await send(page, 'Run JavaScript: [1,2,3].map(x => x * 2)');
    const card = chat(page).getByTestId('tool-call').last();
    await expect(card).toHaveAttribute('data-tool-status', 'awaiting-approval');
    await expect(tree.getByRole('treeitem', { name: /^approval: run_javascript/ })).toHaveAttribute(
      'data-span-status',
      'running',
    );
    await card.getByRole('button', { name: 'Approve' }).click();
    await expectRunStatus(page, 'done');
    await expect(card).toHaveAttribute('data-tool-status', 'ok');
    await expect(lastAnswer(page)).toContainText(/\[\s*2,\s*4,\s*6\s*\]/);
    await expect(tree.getByRole('treeitem', { name: /^tool: run_javascript/ })).toHaveAttribute(
      'data-span-status',
      'ok',
    );
    await expect(tree.getByRole('treeitem', { name: /^approval: run_javascript/ })).toHaveAttribute(
      'data-span-status',
      'ok',
    );
  });

  test('a denied run_javascript call becomes an observation, and Stop while waiting for approval cancels it', async ({
    page,
  }) => {
    await openApp(page);
    const tree = spanTree(page);
    const latestRun = tree.locator('[data-span-kind="run"]').last();
    await send(page, 'Run JavaScript: 1+1');
    const second = chat(page).getByTestId('tool-call').last();
    await expect(second).toHaveAttribute('data-tool-status', 'awaiting-approval');
    await second.getByRole('button', { name: 'Deny' }).click();
    await expectRunStatus(page, 'done');
    await expect(second).toHaveAttribute('data-tool-status', 'denied');
    await expect(lastAnswer(page)).toContainText('You denied running the code, so nothing was executed.');
    await expect(latestRun).toHaveAttribute('data-span-status', 'ok');

    await send(page, 'Run JavaScript: 2+2');
    const third = chat(page).getByTestId('tool-call').last();
    await expect(third).toHaveAttribute('data-tool-status', 'awaiting-approval');
    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect(third.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(latestRun).toHaveAttribute('data-span-status', 'cancelled');
    await expect(tree.locator('[data-span-kind="approval"][data-span-status="cancelled"]')).toHaveCount(1);
    await expect(tree.locator('[data-span-kind="tool"][data-span-status="cancelled"]')).toHaveCount(1);
    // The chat calls it what it is: cancelled by Stop, not a failure — also once the session is read back from storage.
    await expect(third).toHaveAttribute('data-tool-status', 'cancelled');
    await expect(third).toContainText('Cancelled');
    await expect(third).not.toContainText('Failed');
    await page.reload();
    const reloaded = chat(page).getByTestId('tool-call').last();
    await expect(reloaded).toHaveAttribute('data-tool-status', 'cancelled');
    await expect(reloaded).toContainText('Cancelled');
  });
});
