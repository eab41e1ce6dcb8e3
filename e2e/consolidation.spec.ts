import { expect, expectRunStatus, openApp, send, settingsTab, test, useEndpoint } from './fixtures.ts';

const filler = 'The committee reviewed the harbour expansion plan in detail, noting budget, schedule and risks. ';

test('with “Save compacted history as a note” on, a compaction keeps its summary as a note in Memory, which can be deleted', async ({
  page,
  mockLlm,
}) => {
  // Six runs, as in context.spec.ts, until the history passes the small window.
  test.slow();
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('spinbutton', { name: 'Context window' }).fill('4096');
  // Settings search finds the switch, in the Memory tab.
  const search = dialog.getByRole('searchbox', { name: 'Search settings' });
  await search.fill('compacted history');
  await expect(dialog.getByRole('tab', { name: 'Memory' })).toHaveAttribute('aria-selected', 'true');
  const consolidate = dialog.getByRole('checkbox', { name: 'Save compacted history as a note' });
  await expect(consolidate).not.toBeChecked();
  await search.fill('');
  await settingsTab(page, 'Memory');
  await consolidate.check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  for (let turn = 1; turn <= 6; turn += 1) {
    await send(page, `Note ${turn}: ${filler.repeat(12)} What is ${turn}*${turn}?`);
    await expectRunStatus(page, 'done');
  }

  // The compaction span that summarised says which note it wrote.
  const compaction = page
    .getByRole('tree', { name: 'Span tree' })
    .getByRole('treeitem', { name: /^compaction: summarise/ })
    .last();
  await compaction.click();
  const details = page.getByRole('region', { name: 'Span details' });
  await expect(details).toContainText('compaction.note_id');

  await page.getByRole('button', { name: 'Memory' }).click();
  const memory = page.getByRole('dialog', { name: 'Memory' });
  const note = memory.getByRole('listitem').filter({ hasText: 'Summary of the earlier conversation' });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('consolidated');
  await expect(note).toContainText(/The user said: “Note \d:/u);

  await note.getByRole('button', { name: 'Delete note' }).click();
  await note.getByRole('group', { name: 'Confirm deletion' }).getByRole('button', { name: 'Delete' }).click();
  await expect(memory.getByRole('listitem').filter({ hasText: 'Summary of the earlier conversation' })).toHaveCount(0);
});
