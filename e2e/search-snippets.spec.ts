import { expect, lastAnswer, openApp, send, test } from './fixtures.ts';

// The sidebar search shows the matching messages under each session; choosing one opens the session there.
test.use({ viewport: { width: 1280, height: 640 } });

test('a snippet of an older message opens its session scrolled to it, highlighted; a Chinese term matches inside a run', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openApp(page);
  const assistantArticles = page.getByRole('article', { name: 'assistant message' });
  await send(page, 'The zebra question: what is 17*3?');
  await expect(lastAnswer(page)).toContainText('51');
  // Later messages push the first one out of view.
  for (let n = 1; n <= 5; n += 1) {
    await send(page, `What is ${n}*1000+7?`);
    await expect(lastAnswer(page)).toContainText(new RegExp(`${n},?007`, 'u'));
  }
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(assistantArticles).toHaveCount(0);
  await send(page, '我在广州学数学：(2+3)*4 等于多少？');
  await expect(lastAnswer(page)).toContainText('20');

  const sidebar = page.getByRole('complementary', { name: 'Sessions' });
  const search = sidebar.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('ZEBRA');
  await expect(
    sidebar.getByRole('listitem').filter({ has: page.getByRole('list', { name: 'Matching messages' }) }),
  ).toHaveCount(1);
  const snippets = sidebar.getByRole('list', { name: 'Matching messages' });
  const snippet = snippets.getByRole('button', { name: /The zebra question: what is 17\*3\?/u });
  await expect(snippet.locator('mark')).toHaveText('zebra');
  const highlighted = page.locator('[data-highlighted="true"]');
  await expect(highlighted).toHaveCount(0);

  await snippet.click();
  const target = highlighted.getByRole('article', { name: 'user message' });
  await expect(target).toContainText('The zebra question');
  await expect(target).toBeInViewport();
  await expect(highlighted).toHaveCount(1);
  await expect(
    page.getByRole('article', { name: 'user message' }).filter({ hasText: 'What is 5*1000+7?' }),
  ).not.toBeInViewport();

  await search.fill('广州');
  const chinese = snippets.getByRole('button', { name: /我在广州学数学/u });
  await expect(chinese.locator('mark')).toHaveText('广州');
  await expect(sidebar.getByTestId('search-snippet')).toHaveCount(1);
  await chinese.click();
  await expect(highlighted.getByRole('article', { name: 'user message' })).toContainText('我在广州学数学');
  await expect(highlighted.getByRole('article', { name: 'user message' })).toBeInViewport();

  // The model's words are text, never markup: a term inside an answer is marked as plain text.
  await search.fill('17*3');
  await expect(sidebar.getByTestId('search-snippet').first().locator('mark')).toHaveText('17*3');
});
