import { chat, spanTree } from './agent-helpers.ts';
import { expect, expectRunStatus, lastAnswer, openApp, test } from './fixtures.ts';
import { openGroup } from './team-helpers.ts';

for (const { language, prompt, answer, merged } of [
  {
    language: 'en-US',
    prompt: 'Research the boiling point of water at 3,000 m and have it reviewed',
    answer: 'about 90 °C',
    merged: 'Researcher:',
  },
  {
    language: 'zh-CN',
    prompt: '帮我调研海拔3000米处水的沸点，并让审核员检查',
    answer: '大约在 90 °C 沸腾',
    merged: '研究员：',
  },
]) {
  test.describe(`the offline demo team (${language})`, () => {
    test.use({ locale: language });
    test('the first-run example turns delegation on and goes orchestrator → researcher → reviewer → merged answer', async ({
      page,
    }) => {
      await openApp(page);
      await page.getByRole('button', { name: new RegExp(`^${prompt}`) }).click();
      // The example switched delegation on, and says so.
      await expect(
        chat(page).getByText(
          language === 'zh-CN'
            ? '已为这个示例开启“委派给智能体”'
            : 'Delegation to agents was switched on for this example',
        ),
      ).toBeVisible();
      // The delegates' answers stream live inside their groups: the merged answer is the one that names who said what.
      // The scripted team paces its tokens like a model: on a loaded machine the three agents take a while.
      test.setTimeout(90_000);
      await expect(lastAnswer(page)).toContainText(merged, { timeout: 60_000 });
      await expect(lastAnswer(page)).toContainText(answer);
      await expect(lastAnswer(page)).toContainText('VERDICT: approved');
      await expectRunStatus(page, 'done');

      const researcher = chat(page).getByRole('group', { name: 'Delegation to researcher' });
      const reviewer = chat(page).getByRole('group', { name: 'Delegation to reviewer' });
      await expect(researcher).toBeVisible();
      await expect(reviewer).toBeVisible();
      await openGroup(researcher);
      // The researcher used the calculator in its own run, offline.
      await expect(researcher.getByRole('group', { name: /^(Tool call|工具调用) calculator$/ })).toHaveAttribute(
        'data-tool-status',
        'ok',
      );
      await page.getByRole('button', { name: 'Expand all' }).click();
      await expect(spanTree(page).getByRole('treeitem', { name: /^agent: researcher/ })).toHaveCount(1);
      await expect(spanTree(page).getByRole('treeitem', { name: /^agent: reviewer/ })).toHaveCount(1);

      await page.getByRole('button', { name: 'Agents' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Agents' }).getByRole('checkbox', { name: 'Delegate to agents' }),
      ).toBeChecked();
    });
  });
}
