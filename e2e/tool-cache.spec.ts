import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { chat, spanTree } from './agent-helpers.ts';

test('a repeated pure tool call in the same session is answered from the cache, shown on the card and the span', async ({
  page,
  mockLlm,
}) => {
  await openApp(page);
  await useEndpoint(page, mockLlm.url);
  await send(page, 'What is 6*7?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('42');
  await expect(chat(page).getByTestId('tool-cached')).toHaveCount(0);

  await send(page, 'What is 6*7?');
  await expectRunStatus(page, 'done');
  await expect(lastAnswer(page)).toContainText('42');
  await expect(chat(page).getByTestId('tool-cached')).toHaveCount(1);
  await expect(chat(page).getByTestId('tool-cached')).toHaveText('cached');

  await spanTree(page)
    .getByRole('treeitem', { name: /^tool: calculator/ })
    .last()
    .click();
  const details = page.getByRole('region', { name: 'Span details' });
  await details.getByText('All attributes').click();
  await expect(details).toContainText('tool.cached');
});
