import { chat, chatBodies, spanTree } from './agent-helpers.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { setUpTeam, toolNames, expectDelegationShown, openGroup } from './team-helpers.ts';

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
