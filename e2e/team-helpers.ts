import type { Locator, Page } from '@playwright/test';
import { chat, spanTree } from './agent-helpers.ts';
import { expect } from './fixtures.ts';

/** Turns delegation on in the Agents dialog, with these limits and (optionally) the researcher's own model. */
export async function setUpTeam(
  page: Page,
  options: { depth?: number; researcherModel?: string; tokenBudget?: number } = {},
): Promise<void> {
  await page.getByRole('button', { name: 'Agents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Agents' });
  await dialog.getByRole('checkbox', { name: 'Delegate to agents' }).check();
  await expect(dialog.getByRole('spinbutton', { name: 'Max delegation depth' })).toHaveValue('2');
  await expect(dialog.getByRole('spinbutton', { name: 'Max delegations' })).toHaveValue('6');
  if (options.depth !== undefined)
    await dialog.getByRole('spinbutton', { name: 'Max delegation depth' }).fill(String(options.depth));
  if (options.tokenBudget !== undefined)
    await dialog.getByRole('spinbutton', { name: 'Token budget' }).fill(String(options.tokenBudget));
  if (options.researcherModel !== undefined) {
    await dialog
      .getByRole('group', { name: 'researcher' })
      .getByRole('textbox', { name: 'Model' })
      .fill(options.researcherModel);
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

export const toolNames = (body: { tools?: unknown[] } | undefined): string[] =>
  (body?.tools ?? []).map((tool) => (tool as { function: { name: string } }).function.name);

/** The chat's `Delegation to researcher` group expands to its messages; the trace has the agent span in the tool span. */
export async function expectDelegationShown(page: Page): Promise<void> {
  const group = chat(page).getByRole('group', { name: 'Delegation to researcher' });
  await expect(group).toBeVisible();
  await openGroup(group);
  await expect(group.getByRole('article', { name: 'delegated task' })).toContainText(
    'Find the boiling point of water at 3,000 m',
  );
  await expect(group.getByRole('article', { name: 'assistant message' })).toContainText('RESEARCH: about 90 °C');
  // The delegate's task is not a message the user typed.
  await expect(chat(page)).toHaveAttribute('data-user-messages', '1');

  await page.getByRole('button', { name: 'Expand all' }).click();
  const agent = spanTree(page).getByRole('treeitem', { name: /^agent: researcher/ });
  await expect(agent).toHaveCount(1);
  await expect(agent).toHaveAttribute('data-span-status', 'ok');
  await expect(spanTree(page).getByRole('treeitem', { name: /^tool: delegate_researcher/ })).toHaveCount(1);
}

/** Opens a delegation group whether it is open already (still working) or closed (finished). */
export async function openGroup(group: Locator): Promise<void> {
  const toggle = group.getByRole('button').first();
  await expect(toggle).toHaveAttribute('aria-expanded', /true|false/);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
