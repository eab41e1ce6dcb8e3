import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { chat, chatBodies, spanTree } from './agent-helpers.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';

/** Turns delegation on in the Agents dialog, with these limits and (optionally) the researcher's own model. */
async function setUpTeam(
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

const toolNames = (body: { tools?: unknown[] } | undefined): string[] =>
  (body?.tools ?? []).map((tool) => (tool as { function: { name: string } }).function.name);

test.describe('a team of agents', () => {
  test('delegates to the researcher with its own request, shows the delegation in the chat and the trace, and again after reload', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await setUpTeam(page, { depth: 1, researcherModel: 'research-model' });
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [
          {
            id: 'call_delegate',
            name: 'delegate_researcher',
            arguments: { task: 'Find the boiling point of water at 3,000 m', context: 'Estimate if needed' },
          },
        ],
      },
      { kind: 'reply', content: 'RESEARCH: about 90 °C, since it drops about 1 °C per 300 m.' },
      { kind: 'reply', content: 'Water boils at about 90 °C at 3,000 m.' },
    );
    await send(page, 'How hot does water boil at 3,000 m? Ask the researcher.');
    // (The live view is the next test's: a delegate that keeps its stream open can be watched without a race.)
    await expect(lastAnswer(page)).toContainText('Water boils at about 90 °C at 3,000 m.');
    await expectRunStatus(page, 'done');

    const bodies = chatBodies(mockLlm);
    expect(bodies).toHaveLength(3);
    expect(toolNames(bodies[0])).toEqual(
      expect.arrayContaining(['delegate_researcher', 'delegate_coder', 'delegate_reviewer']),
    );
    expect(String(bodies[0]?.messages[0]?.content)).toContain('delegate_reviewer');

    // The delegate's own request: its system prompt, the task as the user message, only its tools, its own model.
    const delegated = bodies[1] as (typeof bodies)[number] & { model?: string };
    expect(delegated.model).toBe('research-model');
    expect(delegated.messages[0]).toMatchObject({ role: 'system' });
    expect(String(delegated.messages[0]?.content)).toMatch(/^You are the researcher of a team\./);
    expect(delegated.messages.slice(1)).toEqual([
      { role: 'user', content: 'Find the boiling point of water at 3,000 m\n\nContext:\nEstimate if needed' },
    ]);
    expect(toolNames(delegated).toSorted()).toEqual([
      'calculator',
      'get_current_time',
      'get_weather',
      'read_file',
      'search_notes',
      'search_web',
    ]);

    // The parent sees only the answer, as the delegate call's result.
    const parent = bodies[2];
    expect((parent as { model?: string }).model).toBe('glassbox-demo');
    expect(parent?.messages.filter((message) => message.role === 'user')).toHaveLength(1);
    expect(parent?.messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_delegate',
      content: 'RESEARCH: about 90 °C, since it drops about 1 °C per 300 m.',
    });

    await expectDelegationShown(page);
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expect(lastAnswer(page)).toContainText('Water boils at about 90 °C at 3,000 m.');
    await expectDelegationShown(page);
  });

  test("the delegate's tokens stream live inside its group, and Stop reaches it", async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await setUpTeam(page, { depth: 1 });
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_live', name: 'delegate_researcher', arguments: { task: 'Look up the boiling point' } }],
      },
      // The researcher streams part of its answer, then the stream stays open: only a live view can show it.
      { kind: 'hang', content: 'RESEARCH SO FAR: pressure falls with height' },
    );
    await send(page, 'Ask the researcher about boiling points.');
    const group = chat(page).getByRole('group', { name: 'Delegation to researcher' });
    // Open while the researcher works: the task first, then its answer as it streams.
    await expect(group.getByRole('article', { name: 'delegated task' })).toContainText('Look up the boiling point');
    const live = group.getByRole('article', { name: 'assistant message' });
    await expect(live).toContainText('RESEARCH SO FAR: pressure falls with height');
    await expect(live).toHaveAttribute('data-streaming', 'true');
    await expect.poll(() => mockLlm.inFlight).toBe(1);
    await expectRunStatus(page, 'running');

    await page.getByRole('button', { name: 'Stop' }).click();
    await expectRunStatus(page, 'stopped');
    await expect.poll(() => mockLlm.inFlight).toBe(0);
    await expect(group.locator('[data-streaming="true"]')).toHaveCount(0);
  });

  test('a run that uses up the token budget stops there and says why', async ({ page, mockLlm }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await setUpTeam(page, { tokenBudget: 100 });
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [
          { id: 'call_costly', name: 'delegate_researcher', arguments: { task: 'Read everything about water' } },
        ],
        usage: { prompt_tokens: 80, completion_tokens: 40, total_tokens: 120 },
      },
      { kind: 'reply', content: 'never sent' },
    );
    await send(page, 'Research water in depth.');
    await expectRunStatus(page, 'stopped');
    await expect(chat(page)).toContainText(
      'Stopped: the token budget (100 tokens for all agents together) is used up (120 used).',
    );
    // The delegation was refused and nothing more was asked of any model.
    await expect(chat(page).getByRole('group', { name: 'Tool call delegate_researcher' })).toHaveAttribute(
      'data-tool-status',
      'error',
    );
    expect(chatBodies(mockLlm)).toHaveLength(1);
  });

  test('the team travels with Export all: imported into a fresh browser, an agent delegates with a custom tool it may use', async ({
    page,
    mockLlm,
    browser,
  }, testInfo) => {
    // Two browsers and two runs: longer than one test's default on a loaded machine.
    test.setTimeout(90_000);
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await setUpTeam(page, { tokenBudget: 50_000 });
    await page.getByRole('button', { name: 'Agents' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agents' });
    await dialog.getByRole('button', { name: 'Add agent' }).click();
    const added = dialog.getByRole('group', { name: 'new agent' });
    await added.getByRole('textbox', { name: 'System prompt' }).fill('You translate single words.');
    await added.getByRole('textbox', { name: 'Agent name' }).fill('translator');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    mockLlm.enqueue({ kind: 'reply', content: 'Hello.' });
    await send(page, 'Say hello');
    await expectRunStatus(page, 'done');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export all' }).click(),
    ]);
    type Roster = {
      delegation: boolean;
      maxRunTokens: number;
      agents: { name: string; systemPrompt: string; tools: string[] }[];
    };
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      roster: Roster;
      tools?: { custom: unknown[]; mcpServers: unknown[] };
    };
    expect(file.roster).toMatchObject({ delegation: true, maxRunTokens: 50_000 });
    expect(file.roster.agents.map((agent) => agent.name)).toEqual(['researcher', 'coder', 'reviewer', 'translator']);
    // As a file from a browser where the translator may use the custom tool lookup_word.
    file.tools = {
      custom: [
        {
          name: 'lookup_word',
          description: 'Looks a word up.',
          kind: 'javascript',
          code: 'args.word.toUpperCase()',
          parameters: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
        },
      ],
      mcpServers: [],
    };
    (file.roster.agents[3] as Roster['agents'][number]).tools = ['lookup_word'];

    const fresh = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    try {
      const other = await fresh.newPage();
      await openApp(other);
      await useEndpoint(other, mockLlm.url);
      await other
        .getByLabel('Import sessions')
        .setInputFiles({ name: 'all.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
      await expect(other.getByRole('status').filter({ hasText: 'Imported 1 session' })).toBeVisible();
      await other.getByRole('button', { name: 'Agents' }).click();
      const roster = other.getByRole('dialog', { name: 'Agents' });
      await expect(roster.getByRole('checkbox', { name: 'Delegate to agents' })).toBeChecked();
      await expect(roster.getByRole('spinbutton', { name: 'Token budget' })).toHaveValue('50000');
      const translator = roster.getByRole('group', { name: 'translator' });
      await expect(translator.getByRole('textbox', { name: 'System prompt' })).toHaveValue(
        'You translate single words.',
      );
      await expect(translator.getByRole('checkbox', { name: 'lookup_word' })).toBeChecked();
      await roster.getByRole('button', { name: 'Cancel' }).click();

      const before = chatBodies(mockLlm).length;
      mockLlm.enqueue(
        {
          kind: 'reply',
          toolCalls: [
            { id: 'call_translate', name: 'delegate_translator', arguments: { task: 'Look up the word hola' } },
          ],
        },
        { kind: 'reply', toolCalls: [{ id: 'call_lookup', name: 'lookup_word', arguments: { word: 'hola' } }] },
        { kind: 'reply', content: 'HOLA: it means hello.' },
        { kind: 'reply', content: 'The translator says HOLA means hello.' },
      );
      await send(other, 'What does hola mean? Ask the translator.');
      await expect(lastAnswer(other)).toContainText('The translator says HOLA means hello.');
      await expectRunStatus(other, 'done');
      const bodies = chatBodies(mockLlm).slice(before);
      // Its own allowed tool, and (depth 2) the other agents.
      expect(toolNames(bodies[1])).toEqual([
        'lookup_word',
        'delegate_researcher',
        'delegate_coder',
        'delegate_reviewer',
      ]);
      expect(String(bodies[1]?.messages[0]?.content)).toMatch(/^You translate single words\./);
      expect(bodies[2]?.messages.at(-1)).toMatchObject({ role: 'tool', content: 'HOLA' });
      expect(bodies[3]?.messages.at(-1)).toMatchObject({
        role: 'tool',
        tool_call_id: 'call_translate',
        content: 'HOLA: it means hello.',
      });
    } finally {
      await fresh.close();
    }
  });

  test('reload during a delegation: Resume continues the delegate without redoing its finished tool call', async ({
    page,
    mockLlm,
  }) => {
    await openApp(page);
    await useEndpoint(page, mockLlm.url);
    await setUpTeam(page, { depth: 1 });
    mockLlm.enqueue(
      {
        kind: 'reply',
        toolCalls: [
          {
            id: 'call_resume_delegate',
            name: 'delegate_researcher',
            arguments: { task: 'Work out the boiling point at 3,000 m' },
          },
        ],
      },
      {
        kind: 'reply',
        toolCalls: [{ id: 'call_resume_calc', name: 'calculator', arguments: { expression: '100 - 3000/300' } }],
      },
      // The researcher's second model call never answers: the page is reloaded while it waits.
      { kind: 'hang' },
      { kind: 'reply', content: 'RESEARCH: 90 °C (100 − 3000/300).' },
      { kind: 'reply', content: 'Water boils at about 90 °C at 3,000 m.' },
    );
    await send(page, 'Boiling point at 3,000 m? Ask the researcher.');
    const group = chat(page).getByRole('group', { name: 'Delegation to researcher' });
    // The researcher's tool step is done and saved; its next model call is in flight.
    await expect(group.getByRole('group', { name: 'Tool call calculator' })).toHaveAttribute('data-tool-status', 'ok');
    await expect.poll(() => mockLlm.inFlight).toBe(1);
    await expect.poll(() => chatBodies(mockLlm).length).toBe(3);

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await expectRunStatus(page, 'interrupted');
    await openGroup(group);
    await expect(group.getByRole('group', { name: 'Tool call calculator' })).toHaveAttribute('data-tool-status', 'ok');
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(lastAnswer(page)).toContainText('Water boils at about 90 °C at 3,000 m.');
    await expectRunStatus(page, 'done');

    const bodies = chatBodies(mockLlm);
    expect(bodies).toHaveLength(5);
    // The resumed researcher was sent its own transcript: the task once, its calculator call and that call's result.
    const resumed = bodies[3];
    expect(String(resumed?.messages[0]?.content)).toMatch(/^You are the researcher of a team\./);
    expect(resumed?.messages.slice(1).map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(resumed?.messages[1]).toMatchObject({ role: 'user', content: 'Work out the boiling point at 3,000 m' });
    expect(resumed?.messages[3]).toMatchObject({ role: 'tool', content: expect.stringContaining('"result":90') });
    // Exactly what the interrupted request had sent.
    expect(resumed?.messages).toEqual(bodies[2]?.messages);
    expect(bodies[4]?.messages.at(-1)).toMatchObject({
      role: 'tool',
      tool_call_id: 'call_resume_delegate',
      content: 'RESEARCH: 90 °C (100 − 3000/300).',
    });
    // The calculator ran once in the whole trace; the group holds one task and both of the researcher's steps.
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(spanTree(page).getByRole('treeitem', { name: /^tool: calculator/ })).toHaveCount(1);
    await openGroup(group);
    await expect(group.getByRole('article', { name: 'delegated task' })).toHaveCount(1);
    await expect(group.getByRole('group', { name: 'Tool call calculator' })).toHaveCount(1);
    await expect(group.getByRole('article', { name: 'assistant message' }).last()).toContainText('RESEARCH: 90 °C');
  });
});

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

/** The chat's `Delegation to researcher` group expands to its messages; the trace has the agent span in the tool span. */
async function expectDelegationShown(page: Page): Promise<void> {
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
async function openGroup(group: Locator): Promise<void> {
  const toggle = group.getByRole('button').first();
  await expect(toggle).toHaveAttribute('aria-expanded', /true|false/);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}
