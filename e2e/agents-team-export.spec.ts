import { readFile } from 'node:fs/promises';
import { chatBodies } from './agent-helpers.ts';
import { expect, expectRunStatus, lastAnswer, openApp, send, test, useEndpoint } from './fixtures.ts';
import { setUpTeam, toolNames } from './team-helpers.ts';

test.describe('a team of agents', () => {
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
});
