import { expect, openApp, test } from './fixtures.ts';

const HOSTILE_SCORER = [
  "if (input === 'loop') { while (true) {} }",
  "if (input === 'dom') return document.title;",
  "if (input === 'net') { await fetch('https://example.com/'); }",
  "if (input === 'huge') return 'x'.repeat(1000000);",
  "if (input === 'throws') throw new Error('scorer blew up');",
  "return { score: answer.length > 0 ? 1 : 0, reason: 'answered: ' + toolCalls.length + ' tool calls' };",
].join('\n');

test('hostile JavaScript scorers stay in the sandbox and score 0 with the reason; the app keeps working', async ({
  page,
}) => {
  test.slow();
  await openApp(page);
  await page.getByRole('button', { name: 'Evals' }).click();
  const dialog = page.getByRole('dialog', { name: 'Evals' });
  await dialog.getByRole('button', { name: 'New dataset' }).click();
  await dialog.getByRole('textbox', { name: 'Dataset name' }).fill('Hostile');
  await dialog.getByRole('textbox', { name: 'Dataset name' }).press('Enter');
  const jsonl = ['loop', 'dom', 'net', 'huge', 'throws', 'What is 2+3?'].map((input) => JSON.stringify({ input }));
  await dialog
    .getByLabel('Import dataset items')
    .setInputFiles({ name: 'hostile.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(jsonl.join('\n')) });
  await expect(dialog.getByRole('status').filter({ hasText: 'hostile.jsonl' })).toContainText('6 items added.');
  const scorers = dialog.getByRole('group', { name: 'Scorers' });
  await scorers.getByRole('checkbox', { name: 'JavaScript scorer' }).check();
  await scorers.getByRole('textbox', { name: 'Scorer code' }).fill(HOSTILE_SCORER);

  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const request = indexedDB.open('glassbox');
            request.onsuccess = () => {
              const read = request.result.transaction('datasets').objectStore('datasets').getAll();
              read.onsuccess = () => {
                request.result.close();
                const stored = (read.result as { scorers: { kind: string; enabled: boolean; text?: string }[] }[])[0]
                  ?.scorers;
                resolve(
                  Boolean(stored?.some((entry) => entry.kind === 'javascript' && entry.text?.includes('throws'))),
                );
              };
            };
          }),
      ),
    )
    .toBe(true);
  // The experiment form lists the datasets it found when it opened: open the dialog again.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Evals' }).click();
  await dialog.getByRole('button', { name: 'New experiment' }).click();
  await dialog.getByRole('combobox', { name: 'Dataset' }).selectOption({ label: 'Hostile' });
  await dialog.getByRole('group', { name: 'Variant 2' }).getByRole('button', { name: 'Remove variant' }).click();
  await dialog.getByRole('spinbutton', { name: 'Concurrency' }).fill('3');
  await dialog.getByRole('button', { name: 'Run experiment' }).click();

  const table = dialog.getByRole('table', { name: 'Experiment results' });
  const cell = (input: string) => table.getByRole('row').filter({ hasText: input }).locator('td[data-pass]').first();
  await expect(cell('loop')).toHaveAttribute('title', /did not finish within 5 s and was stopped/, { timeout: 60_000 });
  await expect(cell('dom')).toHaveAttribute('title', /scorer code failed: .*document/);
  await expect(cell('net')).toHaveAttribute('title', /scorer code failed: .*fetch/);
  await expect(cell('huge')).toHaveAttribute('title', /not a number or \{score, reason\}/);
  await expect(cell('throws')).toHaveAttribute('title', /scorer code failed: Error: scorer blew up/);
  for (const input of ['loop', 'dom', 'net', 'huge', 'throws'])
    await expect(cell(input)).toHaveAttribute('data-pass', 'false');
  await expect(cell('What is 2+3?')).toHaveAttribute('data-pass', 'true');
  await expect(cell('What is 2+3?')).toHaveAttribute('title', /answered: \d+ tool calls/);
  // The page was never touched.
  expect(await page.title()).toBe('Glassbox');
});
